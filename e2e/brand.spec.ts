import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers';

// Typography and brand (issue 9, item 11): Figtree, served by the shop itself, and a fallback sized to
// match it, so that the menu, painted before the font arrives, does not move when it does; the sign-in
// buttons with the providers' own marks and colours.

test('the menu is set in the self-hosted Figtree, and its late arrival moves nothing', async ({ page }) => {
  const fontRequests: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.woff2$/, async (route) => {
    fontRequests.push(route.request().url());
    await held;
    await route.continue();
  });
  // Banners hold still (they rotate otherwise), so any shift after the font is let through is its own.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });

  // The page's load event waits for the preloaded font: only the navigation is awaited.
  await page.goto('/menu', { waitUntil: 'commit' });
  // The menu has painted in the fallback.
  await expect(page.locator('.dish-card:not(.dish-card--skeleton)').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fresh pasta kits' })).toBeVisible();
  const before = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.length);

  release();
  await page.waitForFunction(
    () => document.fonts.check('16px Figtree') && document.fonts.status === 'loaded',
  );
  // Two frames: layout shifts are reported after the frame they happen in.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const swap = await page.evaluate(
    (from) => (window as unknown as { shifts: number[] }).shifts.slice(from).reduce((a, b) => a + b, 0),
    before,
  );
  // Without the matched fallback the swap shifted this menu by 0.006 (0.03 at 390 px on a throttled
  // load); with it, by 0.0002.
  expect(swap).toBeLessThan(0.002);

  // One Latin file from the shop's own origin, and the page uses it.
  expect(fontRequests.length).toBeGreaterThan(0);
  for (const url of fontRequests) expect(new URL(url).origin).toBe(new URL(page.url()).origin);
  expect(fontRequests.some((url) => /figtree-latin-wght-normal/.test(url))).toBe(true);
  const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(family).toMatch(/^"?Figtree"?,/);
});

test('the sign-in buttons carry the providers’ marks, colours and labels', async ({ page }) => {
  await page.goto('/social-login');
  for (const [name, background, color] of [
    ['Google', 'rgb(255, 255, 255)', 'rgb(31, 31, 31)'],
    ['Facebook', 'rgb(8, 102, 255)', 'rgb(255, 255, 255)'],
    ['Apple', 'rgb(0, 0, 0)', 'rgb(255, 255, 255)'],
  ] as const) {
    const button = page.getByRole('button', { name: `Continue with ${name}`, exact: true });
    await expect(button).toBeVisible();
    // The mark is drawn, beside the label, and hidden from screen readers (the label names the button).
    const mark = button.locator('svg');
    await expect(mark).toHaveCount(1);
    await expect(mark).toHaveAttribute('aria-hidden', 'true');
    const box = (await mark.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(18);
    await expect(button).toHaveCSS('background-color', background);
    await expect(button).toHaveCSS('color', color);
  }
  await expectAccessible(page, 'the sign-in choices');
});
