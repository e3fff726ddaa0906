// Takes Chromium screenshots of pages for a look: node tools/screenshot.mjs <url> <out.png> [width] [height] [actions.json]
import { chromium } from 'playwright-core';

const [url, out, width = '390', height = '844'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});
const page = await browser.newPage({
  viewport: { width: Number(width), height: Number(height) },
  deviceScaleFactor: 1,
});
const logs = [];
page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
await page.goto(url, { waitUntil: 'networkidle' });
if (process.env.CLICK) {
  for (const sel of process.env.CLICK.split('||')) {
    await page.locator(sel).first().click();
    await page.waitForTimeout(600);
  }
}
await page.screenshot({ path: out, fullPage: process.env.FULL === '1' });
console.log(logs.join('\n'));
await browser.close();
