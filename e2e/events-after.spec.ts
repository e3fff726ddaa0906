import { expect, test, type Browser } from '@playwright/test';
import { placePaidBooking, type PaidBooking } from './events-api';
import { expectAccessible } from './helpers';
import { signInAsKitchenStaff } from './takeaway-api';

// After paying for an event (issue 22 parts 3, 4 and 6), at phone size: two guests fill the dietary form from
// the booker's link in a browser of their own, signed out, and the booker sees their answers; the booker
// moves the booking to another date, the quote saying the refund rule first; the host's view of the slot
// adds up the answers. Each booking is made through the API (e2e/events-api.ts), paid by card. The shop's
// clock is Wednesday 18 November 2026, 10:00: a class from 2 December on is more than 14 days away.

const FAR_AHEAD = '2026-12-02T00:00:00.000Z';

/** The booker's own browser, signed in with the API context's session. */
async function bookerPage(browser: Browser, booking: PaidBooking) {
  const context = await browser.newContext({ storageState: await booking.customer.storageState() });
  return { context, page: await context.newPage() };
}

test('two guests answer the dietary form by link, signed out; the booker sees them', async ({
  browser,
  baseURL,
}) => {
  const booking = await placePaidBooking(baseURL!, {
    after: FAR_AHEAD,
    restaurantId: 'soho',
    adults: 3,
    upgrades: [{ upgrade_id: 'class-wine-pairing', quantity: 2 }],
  });
  const guests = await browser.newContext();
  const page = await guests.newPage();
  const link = new URL(booking.formUrl);
  for (const [name, ticks, note] of [
    ['Grace Hopper', ['Tree nuts', 'Vegetarian'], ''],
    ['Alan Turing', ['Cereals containing gluten'], 'Coeliac: a board of his own, please'],
  ] as const) {
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { name: 'Dietary needs', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Fresh pasta class' })).toBeVisible();
    if (name === 'Grace Hopper') {
      await expect(page.getByText('3 guests still to answer')).toBeVisible();
      // Nothing typed: the name is asked for, beside its field.
      await page.getByRole('button', { name: 'Send answers' }).click();
      await expect(page.getByText('Enter the guest’s name')).toBeVisible();
      await expectAccessible(page, 'the dietary form, signed out with the link');
    }
    await page.getByLabel('Guest’s name').fill(name);
    for (const tick of ticks) await page.getByLabel(tick, { exact: true }).check();
    if (note) await page.getByLabel(/Anything else the host should know/).fill(note);
    await page.getByRole('button', { name: 'Send answers' }).click();
    await expect(page).toHaveURL(/\/events\/dietary-form\/success/);
    await expect(page.getByRole('heading', { name: `Thank you, ${name}`, level: 1 })).toBeVisible();
  }
  await expect(page.getByText('1 guest still to answer')).toBeVisible();
  await expect(page.getByText('Grace Hopper, Alan Turing')).toBeVisible();
  await expectAccessible(page, 'the dietary form’s thanks');
  // A link cut short says so, rather than an error.
  await page.goto(`${link.pathname}?key=${'x'.repeat(20)}`);
  await expect(page.getByText('This link isn’t right.')).toBeVisible();
  await guests.close();

  const booker = await bookerPage(browser, booking);
  await booker.page.goto(`/order/${booking.orderId}`);
  const answers = booker.page.getByRole('region', { name: 'Guests’ dietary needs' });
  await expect(answers.getByText('1 still to answer')).toBeVisible();
  await expect(answers.getByText('Grace Hopper', { exact: true })).toBeVisible();
  await expect(answers.getByText('Tree nuts, Vegetarian')).toBeVisible();
  await expect(answers.getByText('Cereals containing gluten')).toBeVisible();
  await expect(answers.getByRole('textbox', { name: 'Link to the dietary form' })).toHaveValue(
    booking.formUrl,
  );
  await expect(booker.page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
    'href',
    `/api/v2/event_bookings/${booking.orderId}/calendar.ics`,
  );
  await expectAccessible(booker.page, 'an event booking on its order page');

  // The host's view of the slot adds the answers up, and says who has not answered.
  const host = await browser.newContext();
  const staff = await host.newPage();
  await signInAsKitchenStaff(staff, '/kitchen?restaurant=soho&view=events');
  await expect(staff.getByRole('heading', { name: 'Upcoming events' })).toBeVisible();
  await expectAccessible(staff, 'the host’s upcoming events');
  await staff
    .getByRole('button', { name: new RegExp(`^${booking.slot.attributes.date_label} ·`) })
    .first()
    .click();
  // Other journeys may book the same class: the totals count their guests too.
  const totals = staff.locator('.host-totals');
  for (const total of [
    /Cereals containing gluten \d+/,
    /Tree nuts \d+/,
    /Vegetarian \d+/,
    /Wine pairing × \d+/,
  ])
    await expect(totals.getByText(total)).toBeVisible();
  const ours = staff.locator('.host-booking', { hasText: `#${booking.number}` });
  await expect(ours.getByText('Tree nuts, Vegetarian')).toBeVisible();
  await expect(ours.getByText('1 guest has not answered')).toBeVisible();
  await expect(ours.getByText('Note: Coeliac: a board of his own, please')).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Print' })).toBeEnabled();
  await expectAccessible(staff, 'the host’s guest list for a slot');
  await host.close();
  await booker.context.close();
  await booking.customer.dispose();
});

test('the booker moves the booking to another date, the refund rule quoted first', async ({
  browser,
  baseURL,
}) => {
  const booking = await placePaidBooking(baseURL!, { after: FAR_AHEAD, restaurantId: 'soho', adults: 2 });
  const quoteRoute = await booking.customer.post(`/api/v2/event_bookings/${booking.orderId}/quote`, {
    data: { kind: 'cancel' },
  });
  test.skip(
    quoteRoute.status() === 404 && (await quoteRoute.text()).includes('ROUTE_NOT_FOUND'),
    'no quotes yet',
  );

  const { context, page } = await bookerPage(browser, booking);
  await page.goto(`/order/${booking.orderId}`);
  const changes = page.getByRole('region', { name: 'Change your booking' });
  await expect(changes.getByText(/^Until .*: a full refund to your card/)).toBeVisible();
  await changes.getByRole('button', { name: 'Move to another date' }).click();
  const option = changes.getByRole('radio').last();
  const label = (await option.locator('xpath=..').innerText()).split('\n')[0]!.trim();
  await option.check();
  await changes.getByRole('button', { name: 'See what this means' }).click();
  const quote = changes.getByRole('region', { name: 'What this means' });
  await expect(quote).toBeVisible();
  // The rule in force is said with what comes back (a date at the same price: nothing either way).
  await expect(quote.getByText(/^Until .*: a full refund to your card/)).toBeVisible();
  await expect(quote.getByText(/Nothing back|back to your card|to pay/i).first()).toBeVisible();
  await expectAccessible(page, 'a move quoted on the booking');
  await quote.getByRole('button', { name: /Move the booking/ }).click();
  const [newDay] = label.split(' · ');
  await expect(page.getByRole('region', { name: 'Fresh pasta class' }).getByText(newDay!)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Changes made' }).getByText('Moved:')).toBeVisible();
  await context.close();
  await booking.customer.dispose();
});
