import { expect, test, type Page } from '@playwright/test';
import { signInAsOwner } from './back-office-owner';
import { paidBox } from './box-api';
import { expectAccessible } from './helpers';

// The kitchen's production plan (issue 25 parts 5 and 7), at desktop size: the owner opens the plan for
// Wednesday 25 November; a customer pays for a box of two dishes for that day (through the API); the plan
// counts one box more, two items more and one more box on the SW route, and offers its CSV and a print.

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

const DAY = '2026-11-25';

/** The plan's counts as the screen states them: boxes, items, and the boxes on the SW route. */
async function counts(page: Page) {
  const summary = page.getByText(/to make for Wednesday 25 November\.$/);
  const noBoxes = page.getByText('No paid boxes to make for Wednesday 25 November.');
  await expect(summary.or(noBoxes)).toBeVisible();
  if (await noBoxes.isVisible()) return { boxes: 0, items: 0, sw: 0 };
  const [, boxes, items] = /(\d+) box(?:es)?, (\d+) items?/.exec(await summary.innerText())!;
  const routes = page.getByRole('table', { name: 'Boxes by courier route' });
  const sw = routes.getByRole('row').filter({ has: page.getByRole('cell', { name: 'SW', exact: true }) });
  const swBoxes = (await sw.count()) === 0 ? 0 : Number(await sw.getByRole('cell').nth(1).innerText());
  return { boxes: Number(boxes), items: Number(items), sw: swBoxes };
}

test('the production plan counts the day’s paid boxes, with its CSV and a print', async ({
  page,
  baseURL,
}) => {
  await signInAsOwner(page, '/back-office/production');
  await expect(page.getByRole('heading', { name: 'Production plan', level: 1 })).toBeVisible();
  await page.getByLabel('Delivery day').fill(DAY);
  const before = await counts(page);

  const box = await paidBox(baseURL!);
  await page.reload();
  await page.getByLabel('Delivery day').fill(DAY);
  await expect.poll(async () => (await counts(page)).boxes).toBe(before.boxes + 1);
  const after = await counts(page);
  expect(after.items).toBe(before.items + 2);
  expect(after.sw).toBe(before.sw + 1);
  await expect(page.getByRole('table', { name: 'Dishes' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Allergens' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    `/api/v2/back_office/production.csv?date=${DAY}`,
  );
  const csv = await page.request.get(`/api/v2/back_office/production.csv?date=${DAY}`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(`total,boxes for ${DAY},,,${after.boxes}`);
  await expectAccessible(page, '/back-office/production');
  await box.customer.dispose();
});
