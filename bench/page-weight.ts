import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { checkBuild, printReport } from '../tools/js-budget';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The JS budget's figures from the production build's manifest: each public page's initial JS, the chunks. */
export function buildWeight(): { report: ReturnType<typeof checkBuild>; text: string } {
  const report = checkBuild('dist/web');
  return { report, text: printReport(report) };
}

/** Every script a page loads until the network is idle, each measured gzipped (what a browser fetched). */
export async function initialJs(
  url: string,
): Promise<{ kbGzip: number; files: { url: string; kbGzip: number }[] }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 915 } });
    const scripts: Promise<{ url: string; kbGzip: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        response
          .body()
          .then((body) => ({ url: new URL(response.url()).pathname, kbGzip: gzipSync(body).length / 1024 })),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const files = await Promise.all(scripts);
    return { kbGzip: files.reduce((sum, f) => sum + f.kbGzip, 0), files };
  } finally {
    await browser.close();
  }
}
