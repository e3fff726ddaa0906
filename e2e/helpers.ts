import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Frame, type Page } from '@playwright/test';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** AxeBuilder's own axe-core (one copy in node_modules), read once per worker. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * axe-core on the page as it is now, its frames included: no serious or critical violation.
 * When every frame is the page's own origin (all but the live Stripe double's), axe runs in the page itself
 * and reaches each frame as its default does, as AxeBuilder's legacy mode would, with the same rules and
 * results, but axe is put into a document once, not twice every check (AxeBuilder evaluated its 550 KB
 * again each time: about a second a check on a phone-sized menu, a third of the journeys' time; decision 24).
 * Another origin's frame goes through AxeBuilder, which reaches it from a blank tab. Only violations are
 * reported in full, the only results read here.
 */
export async function expectAccessible(page: Page, context: string) {
  const origin = new URL(page.url()).origin;
  const ownFramesOnly = page.frames().every((frame) => {
    const url = frame.url();
    return !/^https?:/.test(url) || new URL(url).origin === origin;
  });
  const violations: AxeViolation[] = ownFramesOnly
    ? await violationsInPage(page)
    : (
        await new AxeBuilder({ page })
          .options({ resultTypes: ['violations'] }) // first: it replaces the options withTags adds to
          .withTags(AXE_TAGS)
          .analyze()
      ).violations;
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `accessibility problems on ${context}`).toEqual([]);
}

/** axe in every frame that lacks it (as AxeBuilder's legacy mode injects it), then run from the top one. */
async function violationsInPage(page: Page): Promise<AxeViolation[]> {
  for (const frame of page.frames()) await withAxe(frame);
  const outcome = await page.evaluate(async (tags) => {
    // Colours are checked as they settle, not halfway through a transition (a button turning from disabled
    // grey to the shop's red failed color-contrast mid-way when the check came early): transitions are off
    // for the check, and the page's finite animations are played to their end at once, as waiting for them
    // would (a new kitchen ticket pulses for 7 s; endless ones, spinners, are left).
    const still = document.createElement('style');
    still.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.append(still);
    try {
      for (const animation of document.getAnimations()) {
        if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
      }
      const axe = (
        window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown[] }> } }
      ).axe;
      const results = await axe.run(document, {
        resultTypes: ['violations'],
        runOnly: { type: 'tag', values: tags },
      });
      return { violations: results.violations, error: null };
    } catch (error) {
      return { violations: [], error: String(error) };
    } finally {
      still.remove();
    }
  }, AXE_TAGS);
  if (outcome.error) throw new Error(outcome.error);
  return outcome.violations as AxeViolation[];
}

async function withAxe(frame: Frame): Promise<void> {
  try {
    if (await frame.evaluate(() => 'axe' in window)) return;
    await frame.evaluate(AXE_SOURCE);
    await frame.evaluate(() =>
      (window as unknown as { axe: { configure: (spec: object) => void } }).axe.configure({
        allowedOrigins: ['<same_origin>'],
        branding: { application: 'playwright' },
      }),
    );
  } catch {
    // A frame that went away while it was reached: AxeBuilder skips it too.
  }
}

/**
 * Public pages arrive rendered by the server (docs/decisions/0017): their buttons answer once React has
 * hydrated the page, which marks `<html data-hydrated>`.
 */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

export async function openMenu(page: Page) {
  await page.goto('/menu');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Fresh pasta kits' })).toBeVisible();
  await expect(page.getByRole('tab', { selected: true })).toBeVisible();
  await expect(page.locator('.dish-card:not(.dish-card--skeleton)').first()).toBeVisible();
}

/** Adds `count` dishes of the menu's week that can be added (skipping sold-out ones), then opens the checkout. */
export async function addDishesAndCheckout(page: Page, count: number) {
  const cards = page.locator('.dish-card:not(.dish-card--skeleton)');
  for (let i = 0, added = 0; added < count; i++) {
    const add = cards.nth(i).getByRole('button', { name: /^Add / });
    if ((await add.count()) === 0 || !(await add.first().isEnabled())) continue;
    await add.first().click();
    await expect(cards.nth(i).getByRole('group', { name: /in basket$/ })).toBeVisible();
    added++;
  }
  await page.getByRole('button', { name: /View basket/ }).click();
  await page.getByRole('dialog', { name: 'Your basket' }).getByRole('link', { name: 'Checkout' }).click();
}

/**
 * A toast with this text, measured the moment it shows (it lasts 3 s): it lies in the sticky general nav's
 * band and over no form field on screen (issue 19, item 15).
 */
export async function expectToastClearOfFields(page: Page, text: string) {
  const found = await page.evaluate(async (wanted) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const toast = [...document.querySelectorAll<HTMLElement>('.toast')].find(
        (t) => t.textContent?.includes(wanted) && t.getBoundingClientRect().height > 0,
      );
      if (toast) {
        const box = toast.getBoundingClientRect();
        const nav = document.querySelector('.general-nav')!.getBoundingClientRect();
        const covered = [...document.querySelectorAll<HTMLElement>('input, select, textarea')]
          .filter((field) => {
            const r = field.getBoundingClientRect();
            if (r.width === 0 || r.height === 0 || (field as HTMLInputElement).type === 'hidden')
              return false;
            return r.left < box.right && box.left < r.right && r.top < box.bottom && box.top < r.bottom;
          })
          .map((field) => field.getAttribute('name') ?? field.id);
        return { inNavBand: box.bottom <= nav.bottom + 1 && nav.top <= 1, covered };
      }
      if (Date.now() > deadline) return null;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  }, text);
  expect(found, `a toast saying “${text}”`).not.toBeNull();
  expect(found).toEqual({ inNavBand: true, covered: [] });
}

/** Every option of a <select> can be read whole in it: its text fits the box, padding and arrow aside. */
export async function expectOptionsReadWhole(page: Page, label: string) {
  const cut = await page.getByRole('combobox', { name: label }).evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return [...select.options].map((o) => o.text).filter((text) => context.measureText(text).width > room);
  });
  expect(cut, `options of “${label}” cut off`).toEqual([]);
}

/** At the checkout's delivery instructions: the first delivery day, a safe place, then the payment step. */
export async function firstDayToPayment(page: Page) {
  await expect(page).toHaveURL(/checkout\/delivery\/instructions$/);
  await page
    .getByRole('group', { name: /^(First delivery day|Delivery day)/ })
    .getByRole('radio')
    .first()
    .check();
  await page.getByLabel('Where should the courier leave your box?').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/checkout\/payment$/);
}
