// Lists layout shifts on a page load (throttled like Lighthouse mobile), with the nodes that moved.
import { chromium } from 'playwright-core';
const url = process.argv[2];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const page = await browser.newPage({
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
});
// COOKIE="name=value; other=value": the page as that browser sees it (a signed-in customer's session).
if (process.env.COOKIE) {
  await page.context().addCookies(
    process.env.COOKIE.split(/;\s*/).map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
    }),
  );
}
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Network.enable');
await cdp.send('Network.emulateNetworkConditions', {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
});
await page.addInitScript(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__shifts.push({
        t: Math.round(e.startTime),
        value: e.value.toFixed(4),
        sources: (e.sources || []).map((s) => {
          const n = s.node;
          const d =
            n && n.nodeType === 1
              ? `${n.tagName.toLowerCase()}.${[...n.classList].join('.')}`
              : String(n && n.nodeName);
          return `${d} ${JSON.stringify(s.previousRect)}→${JSON.stringify(s.currentRect)}`;
        }),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
});
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(Number(process.env.WAIT ?? 1500));
console.log(JSON.stringify(await page.evaluate(() => window.__shifts), null, 1));
await browser.close();
