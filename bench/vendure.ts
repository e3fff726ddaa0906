import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Vendure 3.7, the peer (../shared/peers/vendure/README.md): started from its kit, load-tested with the kit's
// own bench.mjs at our settings (connections, warm-up, seconds), then stopped, so both shops' figures come from
// one run on one machine. For the benchmark only: never for tests or CI.

export const VENDURE_KIT = process.env.VENDURE_KIT ?? '/tmp/vendure-kit';
export const VENDURE_ROOT = process.env.PEER_ROOT ?? '/tmp/peer-vendure';

export const VENDURE_SETUP = [
  'Vendure is not set up, so it was skipped. To set it up (about 5 minutes, as root; its PostgreSQL uses port 55433):',
  '    cp -r ../shared/peers/vendure /tmp/vendure-kit && cd /tmp/vendure-kit && npm ci && sudo ./setup.sh',
  'then run `BENCH_ONLY=postgres,vendure npm run bench` again (VENDURE_KIT and PEER_ROOT move it elsewhere).',
].join('\n');

export interface VendureFigures {
  title: string;
  reqPerSec: number;
  requests: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  non2xx: number;
  connErrors: number;
  timeouts: number;
  bodyChecks: { ok: number; failures: number };
  cpuPctOfOneCore?: {
    server: number;
    worker: number;
    postgres: number;
    loadgen: number;
    other: number;
    machineBusy: number;
  };
}

/** Why Vendure cannot run here, or null when its kit and its built shop are in place. */
export function vendureMissing(): string | null {
  if (
    !existsSync(join(VENDURE_KIT, 'bench.mjs')) ||
    !existsSync(join(VENDURE_KIT, 'node_modules/autocannon'))
  )
    return `no kit with its load generator at ${VENDURE_KIT}`;
  if (!existsSync(join(VENDURE_ROOT, 'shop/dist/index.js'))) return `no built shop at ${VENDURE_ROOT}/shop`;
  return null;
}

/** Starts Vendure, runs the kit's add-to-cart and products(take:20) scenarios, stops it. */
export function vendureBench(settings: { connections: number; seconds: number; warmupSeconds: number }): {
  addToCart: VendureFigures;
  products: VendureFigures;
} {
  const out = mkdtempSync(join(tmpdir(), 'sfoglia-bench-vendure-'));
  const file = join(out, 'vendure.json');
  try {
    execFileSync('bash', [join(VENDURE_KIT, 'start.sh')], { stdio: 'inherit' });
    execFileSync(
      process.execPath,
      [
        join(VENDURE_KIT, 'bench.mjs'),
        '--connections',
        String(settings.connections),
        '--sessions',
        String(settings.connections),
        '--duration',
        String(settings.seconds),
        '--warmup',
        String(settings.warmupSeconds),
        '--out',
        file,
      ],
      { cwd: VENDURE_KIT, stdio: 'inherit' },
    );
    const report = JSON.parse(readFileSync(file, 'utf8')) as { results: VendureFigures[] };
    const find = (prefix: string) => {
      const found = report.results.find((r) => r.title.startsWith(prefix));
      if (!found) throw new Error(`Vendure's report has no ${prefix} result`);
      return found;
    };
    return { addToCart: find('add-to-cart'), products: find('products') };
  } finally {
    try {
      execFileSync('bash', [join(VENDURE_KIT, 'stop.sh')], { stdio: 'inherit' });
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }
}
