import { expect, test } from '@playwright/test';
import { signInAsOwner } from './back-office-owner';
import { placePaidBooking } from './events-api';
import { expectAccessible, waitForHydration } from './helpers';

// Event slots and capacity from the back office (issue 25 part 3), at desktop size: the first owner adds a
// date of the fresh-pasta class at Brighton (where no event has been held), sees it with none of its seats
// taken, gives it more seats, is refused none at all beside the field, and a visitor (a browser of their own,
// not signed in) finds the new date on the class's page at once. Once a customer has paid for two seats, the
// owner is refused one seat, with the server's reason beside the field. The screen passes axe with its list
// and its form, at a phone's width too. The shop's clock is Wednesday 18 November 2026, 10:00.

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

const SITTING = 'Sat 12 Dec, 18:30–21:30';

test('the owner adds a date of an event and changes its seats; a visitor finds it on the event’s page', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAsOwner(page, '/back-office/events');
  await expect(page).toHaveURL(/\/back-office\/events$/);
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  // The coming sittings, by day: the seeded class at Soho on Thursday 3 December among them.
  await expect(page.getByRole('heading', { name: 'Thursday 3 December', level: 2 })).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Thu 3 Dec, 19:00–22:00 · Sfoglia Soho' }).first(),
  ).toContainText(/\d+ of 12 taken/);
  await expectAccessible(page, '/back-office/events');

  // A new date: the event's usual prices to start from; an adults-only event asks no child price.
  await page.getByRole('button', { name: 'Add a date' }).click();
  const form = page.getByRole('form', { name: 'Add a date' });
  await form.getByLabel('Event').selectOption({ label: 'Sfoglia supper club' });
  await expect(form.getByLabel('Adult price (£)')).toHaveValue('55.00');
  await expect(form.getByLabel('Child price (£)')).toHaveCount(0);
  await form.getByLabel('Event').selectOption({ label: 'Fresh pasta class' });
  await expect(form.getByLabel('Adult price (£)')).toHaveValue('65.00');
  await expect(form.getByLabel('Child price (£)')).toHaveValue('45.00');
  await form.getByLabel('Restaurant').selectOption({ label: 'Sfoglia Brighton' });
  await form.getByLabel('Date').fill('2026-12-12');
  await form.getByLabel('Start time').fill('18:30');
  await form.getByLabel('Seats').fill('10');
  await form.getByLabel('Adult price (£)').fill('70');
  await expectAccessible(page, '/back-office/events, adding a date');
  await form.getByRole('button', { name: 'Add the date' }).click();
  await expect(page.getByText(`Fresh pasta class on ${SITTING} at Sfoglia Brighton is added`)).toBeVisible();
  await expect(form).toHaveCount(0);

  const sitting = page
    .getByRole('listitem')
    .filter({ hasText: `${SITTING} · Sfoglia Brighton` })
    .filter({ hasText: 'Fresh pasta class' });
  await expect(sitting).toHaveCount(1);
  await expect(sitting).toContainText('0 of 10 taken');
  await expect(sitting).toContainText('Adults £70.00, children £45.00');

  // More seats.
  await sitting.getByRole('button', { name: /^Change seats and prices/ }).click();
  const editor = sitting.getByRole('form', {
    name: `Change Fresh pasta class, ${SITTING} at Sfoglia Brighton`,
  });
  await expect(editor.getByLabel('Seats')).toHaveValue('10');
  await editor.getByLabel('Seats').fill('14');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(sitting).toContainText('0 of 14 taken');
  await expect(editor).toHaveCount(0);

  // No seats at all is refused, beside the field, and nothing changes.
  await sitting.getByRole('button', { name: /^Change seats and prices/ }).click();
  await editor.getByLabel('Seats').fill('0');
  await editor.getByRole('button', { name: 'Save' }).click();
  const seats = editor.getByLabel('Seats');
  const refusal = editor.locator('.field__error');
  await expect(refusal).toHaveText(/seat/i);
  await expect(seats).toHaveAttribute('aria-invalid', 'true');
  expect(await seats.getAttribute('aria-describedby')).toContain(await refusal.getAttribute('id'));
  await expectAccessible(page, '/back-office/events, a refused change');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(sitting).toContainText('0 of 14 taken');

  // A visitor finds the new date on the class's page, with its seats.
  const visitor = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  try {
    const publicPage = await visitor.newPage();
    await publicPage.goto('/events/theme/fresh-pasta-class');
    await waitForHydration(publicPage);
    await expect(publicPage.getByRole('heading', { level: 1, name: 'Fresh pasta class' })).toBeVisible();
    await publicPage.getByLabel('Where').selectOption({ label: 'Sfoglia Brighton' });
    await expect(publicPage).toHaveURL(/location=brighton/);
    const dates = publicPage.getByRole('list', { name: 'Dates for Fresh pasta class' });
    const date = dates.locator('.ev-slot').filter({ hasText: 'Sat 12 Dec' });
    await expect(date).toHaveCount(1);
    await expect(date).toContainText('Sfoglia Brighton');
    await expect(date).toContainText('6:30pm');
    await expect(date).toContainText('£70.00');
    await expect(date).toContainText('14 seats left');
    await expect(
      date.getByRole('link', { name: /^Choose Sat 12 Dec, 6:30pm.* at Sfoglia Brighton$/ }),
    ).toBeVisible();
  } finally {
    await visitor.close();
  }

  // Two seats booked and paid for by a customer: the seats can't go below them, and the server says so there.
  const booking = await placePaidBooking(baseURL!, {
    restaurantId: 'brighton',
    after: '2026-12-12T00:00:00.000Z',
    adults: 2,
  });
  await booking.customer.dispose();
  await page.reload();
  await expect(sitting).toContainText('2 of 14 taken');
  await sitting.getByRole('button', { name: /^Change seats and prices/ }).click();
  await editor.getByLabel('Seats').fill('1');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(refusal).toHaveText('2 seats are already taken: seats can’t go below 2.');
  await expect(seats).toHaveAttribute('aria-invalid', 'true');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(sitting).toContainText('2 of 14 taken');

  // At a phone's width the screen reads without scrolling sideways, its list and its form.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/back-office/events');
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  await expect(sitting).toContainText('2 of 14 taken');
  await page.getByRole('button', { name: 'Add a date' }).click();
  await expect(form.getByLabel('Event')).toBeVisible();
  const width = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(width[0]).toBeLessThanOrEqual(width[1]!);
  await expectAccessible(page, '/back-office/events at 390px');
});
