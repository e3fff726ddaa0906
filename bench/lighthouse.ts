import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM_ARGS } from './page-weight';

const run = promisify(execFile);

export interface LighthouseRun {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
}

/** Lighthouse's mobile performance (its default form factor and throttling), one run; `cookie` as a visitor's. */
export async function lighthouse(url: string, cookie?: string): Promise<LighthouseRun> {
  const dir = mkdtempSync(join(tmpdir(), 'sfoglia-lh-'));
  try {
    const out = join(dir, 'report.json');
    await run(
      process.execPath,
      [
        'node_modules/lighthouse/cli/index.js',
        url,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
        ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
        `--chrome-flags=${CHROMIUM_ARGS.join(' ')} --user-data-dir=${join(dir, 'profile')}`,
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
        maxBuffer: 64 << 20,
      },
    );
    if (process.env.LH_KEEP) writeFileSync(process.env.LH_KEEP, readFileSync(out));
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      categories: { performance: { score: number } };
      audits: Record<string, { numericValue?: number }>;
    };
    return {
      performance: Math.round(report.categories.performance.score * 100),
      lcpMs: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? NaN),
      tbtMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? NaN),
      cls: Number((report.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
      fcpMs: Math.round(report.audits['first-contentful-paint']?.numericValue ?? NaN),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface LighthouseSummary {
  url: string;
  runs: LighthouseRun[];
  /** The median of each figure over the runs (each on its own). */
  median: LighthouseRun;
}

const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Lighthouse `times` times on one page, one run after another (issue 11: the median of 5). */
export async function lighthouseMedian(url: string, times = 5, cookie?: string): Promise<LighthouseSummary> {
  const runs: LighthouseRun[] = [];
  for (let i = 0; i < times; i++) runs.push(await lighthouse(url, cookie));
  const pick = (key: keyof LighthouseRun) => medianOf(runs.map((run) => run[key]));
  return {
    url,
    runs,
    median: {
      performance: pick('performance'),
      lcpMs: pick('lcpMs'),
      tbtMs: pick('tbtMs'),
      cls: pick('cls'),
      fcpMs: pick('fcpMs'),
    },
  };
}

/** Soho's takeaway menu at its public address (issue 24 part 2), rendered on the server. */
export const TAKEAWAY_MENU = '/pasta-now?restaurant=soho';

/**
 * A visitor with a Pasta Now basket (issue 13 part 7; issue 24 part 2: the menu at its public address,
 * `TAKEAWAY_MENU`, rendered on the server as anyone sees it, the basket joining once the page is live): the
 * cookie that names them, after a takeaway basket for Soho's collection is made.
 */
export async function takeawayVisitor(shopUrl: string): Promise<string> {
  const response = await fetch(`${shopUrl}/api/v2/baskets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-branch': 'web' },
    body: JSON.stringify({
      type: 'TakeawayBasket',
      restaurant_id: 'soho',
      fulfillment_type: 'pickup',
      time_slot: { asap: true },
    }),
  });
  if (!response.ok) throw new Error(`POST /baskets answered ${response.status}: ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((header) => header.split(';')[0]);
  if (cookies.length === 0) throw new Error('POST /baskets set no visitor cookie');
  return cookies.join('; ');
}
