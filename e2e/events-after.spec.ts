import { expect, test, type Browser, type Page } from '@playwright/test';
import { placePaidBooking, type PaidBooking } from './events-api';
import { expectAccessible } from './helpers';
import { signInAsKitchenStaff } from './takeaway-api';

// After paying for an event (issue 22 parts 3, 4 and 6), at phone size: two guests fill the dietary form from
// the link in the booker's confirmation email, in a browser of their own, signed out, and the booker sees their answers; the booker
// moves a Saturday supper club to the Friday before, the quote saying the refund rule and what comes back
// first; the host's view of the slot adds up the answers. Each booking is made through the API
// (e2e/events-api.ts), paid by card. The shop's clock is Wednesday 18 November 2026, 10:00: an event from
// 2 December on is more than 14 days away, within the scale's full refund to the card.

const FAR_AHEAD = '2026-12-02T00:00:00.000Z';
const SATURDAY_SUPPER = '2026-12-05T00:00:00.000Z';

/** The dietary form's link in the booking's confirmation email, as the booker would forward it. */
async function emailedFormLink(page: Page, to: string): Promise<URL> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
      const { messages } = (await response.json()) as { messages: { template: string; links: string[] }[] };
      link = messages
        .find((message) => message.template === 'event_confirmation')
        ?.links.find((href) => href.includes('/events/dietary-form/'));
      return link !== undefined;
    })
    .toBe(true);
  return new URL(link!);
}

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
  // The link the booker forwards is the one their confirmation email gives them (the development mailbox).
  const link = await emailedFormLink(page, booking.email);
  expect(link.href).toBe(booking.formUrl);
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

test('the booker moves a Saturday supper club to a Friday, £10 a guest back to the card under the rule', async ({
  browser,
  baseURL,
}) => {
  // The supper club is £10 dearer on Saturdays (its cheese course). Saturday 5 December is 17 days away, so
  // the scale's first step (a full refund to the card up to 14 days before) decides what the move gives back.
  const booking = await placePaidBooking(baseURL!, {
    templateId: 'supper-club',
    restaurantId: 'borough',
    after: SATURDAY_SUPPER,
    adults: 2,
  });
  expect(booking.slot.attributes.date_label).toBe('Sat 5 Dec');

  const { context, page } = await bookerPage(browser, booking);
  await page.goto(`/order/${booking.orderId}`);
  const event = page.getByRole('region', { name: 'Sfoglia supper club' });
  await expect(event.getByText('Sat 5 Dec', { exact: true })).toBeVisible();
  await expect(page.getByText('Booked for Sat 5 Dec', { exact: true })).toBeVisible();
  const changes = page.getByRole('region', { name: 'Change your booking' });
  await expect(changes.getByText(/^Until .*: a full refund to your card/)).toBeVisible();
  await changes.getByRole('button', { name: 'Move to another date' }).click();
  const friday = changes.getByRole('radio', { name: /^Fri 4 Dec · 7pm/ });
  await expect(
    changes.getByText(/^Sfoglia Borough · \d+ seats left · £10\.00 less an adult$/).first(),
  ).toBeVisible();
  await friday.check();
  await changes.getByRole('button', { name: 'See what this means' }).click();
  const quote = changes.getByRole('region', { name: 'What this means' });
  // The rule in force, and what it gives back: two adults at £10 less each, in full to the card.
  await expect(quote.getByText(/^Sat 5 Dec.* → Fri 4 Dec/)).toBeVisible();
  await expect(
    quote.getByText(/^Until .*: a full refund to your card for anything you take off\.$/),
  ).toBeVisible();
  await expect(quote.getByText('£20.00 back to your card')).toBeVisible();
  await expect(quote.getByRole('heading', { name: 'What this means' })).toBeFocused();
  await expectAccessible(page, 'a move to a cheaper date quoted on the booking');
  await quote.getByRole('button', { name: 'Move the booking', exact: true }).click();

  // The order page says the new date, what was paid less what came back, and the change made.
  await expect(event.getByText('Fri 4 Dec', { exact: true })).toBeVisible();
  await expect(page.getByText('Booked for Fri 4 Dec', { exact: true })).toBeVisible();
  await expect(changes.getByRole('button', { name: 'Move to another date' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your booking' }).getByText('£110.00')).toBeVisible();
  const made = page.getByRole('region', { name: 'Changes made' }).getByRole('listitem');
  await expect(made).toHaveCount(1);
  await expect(made).toContainText('Moved:');
  await expect(made).toContainText('£20.00 back to your card');
  await context.close();
  await booking.customer.dispose();
});
