import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { storeCreditTransactions } from '../../db/schema/credit';
import { eventBookingChanges, eventBookings } from '../../db/schema/events';
import { paymentRefunds } from '../../db/schema/payments';
import { clearRateLimits, emailsTo } from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import {
  booker,
  eventSlotAt,
  formKeyOf,
  paidBooking,
  payOrder,
  type Booker,
} from '../../test/event-bookings';
import { shopper } from '../../test/checkout';
import { createTestApp, type TestApp } from '../../test/harness';
import { TEST_NOW } from '../../test/test-clock';
import { addCredit, creditBalance } from '../credit';

// Changing a paid booking (issue 22 part 4; decision 29) against the default refund scale: a full refund to
// the card up to 14 days before, store credit up to 3 days before, then no changes. A class on Thursday
// 10 December 2026 at 7pm (GMT): its card step ends at 7pm on 26 November, changes close at 7pm on 7 December.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => clearRateLimits(t));
afterEach(() => t.clock.set(TEST_NOW));
afterAll(() => t.close());

const DEC_10 = '2026-12-10T19:00:00Z';
const at = (iso: string) => t.clock.set(new Date(iso));

async function bookingRow(orderId: string) {
  const [row] = await t.database.db.select().from(eventBookings).where(eq(eventBookings.orderId, orderId));
  return row!;
}

async function orderNumber(b: Booker, orderId: string): Promise<number> {
  return (await b.visitor.get(`${API}/event_bookings/${orderId}`)).body.data.attributes.order_number;
}

/** The booking's order as the account lists it. */
async function orderLabel(b: Booker, orderId: string): Promise<string> {
  const upcoming = await b.visitor.get(`${API}/orders?filter[delivery_date]=upcoming`);
  return upcoming.body.data.find((o: { id: string }) => o.id === orderId)?.attributes.state_label;
}

const partRefunds = (number: number) =>
  t.database.db
    .select()
    .from(paymentRefunds)
    .where(like(paymentRefunds.reason, `Event booking #${number}:%`));

const creditRows = (customerId: string) =>
  t.database.db
    .select()
    .from(storeCreditTransactions)
    .where(
      and(
        eq(storeCreditTransactions.customerId, customerId),
        eq(storeCreditTransactions.reason, 'event_refund'),
      ),
    );

async function threeAdultsWithWine(startsAt = DEC_10) {
  const b = await booker(t);
  const slotId = await eventSlotAt(t, startsAt);
  const orderId = await paidBooking(t, b, slotId, {
    adults: 3,
    upgrades: [
      { upgrade_id: 'class-wine-pairing', quantity: 3 },
      { upgrade_id: 'class-pasta-kit', quantity: 1 },
    ],
  });
  return { b, slotId, orderId };
}

const change = (b: Booker, orderId: string, body: object, key?: string) =>
  b.visitor.post(
    `${API}/event_bookings/${orderId}/changes`,
    body,
    key ? { 'idempotency-key': key } : undefined,
  );

describe('fewer guests', () => {
  test('more than 14 days before: the seat and its wine pairing back to the card, the newest answer dropped', async () => {
    const { b, orderId } = await threeAdultsWithWine();
    const key = await formKeyOf(t, orderId);
    for (const name of ['Ada', 'Bea', 'Cy'])
      await t
        .visitor()
        .post(`${API}/event_guests`, { order_id: orderId, key, name, allergens: [], diets: [] });

    const quote = await b.visitor.post(`${API}/event_bookings/${orderId}/quote`, {
      kind: 'guests',
      adults: 2,
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.data.attributes).toMatchObject({
      kind: 'remove_guests',
      summary: '3 adults → 2 adults',
      refund: { amount: 6500 + 2500, as: 'card', label: '£90.00 back to your card' },
      to_pay: 0,
      drops_guests: ['Cy'],
    });
    expect(await bookingRow(orderId)).toMatchObject({ adults: 3 });

    // Sent twice with one key: made once.
    const made = await change(b, orderId, { kind: 'guests', adults: 2 }, 'remove-1');
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const again = await change(b, orderId, { kind: 'guests', adults: 2 }, 'remove-1');
    expect(again.body).toEqual(made.body);
    const booking = made.body.data.attributes;
    expect(booking).toMatchObject({ adults: 2, unanswered: 0, paid: 3 * 6500 + 3 * 2500 + 1800 - 9000 });
    expect(booking.upgrades).toEqual([
      { upgrade_id: 'class-wine-pairing', title: 'Wine pairing', quantity: 2, price: 2500 },
      { upgrade_id: 'class-pasta-kit', title: 'Take-home pasta kit', quantity: 1, price: 1800 },
    ]);
    expect(booking.guests.map((guest: { name: string }) => guest.name)).toEqual(['Ada', 'Bea']);
    expect(booking.changes).toEqual([
      expect.objectContaining({
        kind: 'remove_guests',
        summary: '3 adults → 2 adults',
        refund: { amount: 9000, as: 'card', label: '£90.00 back to your card' },
      }),
    ]);
    expect(made.body.meta.pay_order_id).toBeNull();

    // A real part refund of the payment, refunded once committed; no store credit.
    const number = await orderNumber(b, orderId);
    const refunds = await partRefunds(number);
    expect(refunds).toEqual([expect.objectContaining({ amount: 9000, state: 'refunded' })]);
    expect(refunds[0]!.reason).toBe(`Event booking #${number}: 1 guest removed`);
    expect(await creditRows(b.customerId)).toEqual([]);
    const [receipt] = await emailsTo(t, b.email, 'event_change');
    expect(receipt!.text).toContain('£90.00 back to your card');
  });

  test('3 to 14 days before: given back as store credit; after the last step refused, saying until when', async () => {
    const { b, orderId } = await threeAdultsWithWine();
    at('2026-11-30T12:00:00Z');
    const made = await change(b, orderId, { kind: 'guests', adults: 1 });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.meta.quote.refund).toEqual({
      amount: 2 * 6500 + 2 * 2500,
      as: 'credit',
      label: '£180.00 as store credit',
    });
    const number = await orderNumber(b, orderId);
    expect(await partRefunds(number)).toEqual([]);
    expect(await creditRows(b.customerId)).toEqual([
      expect.objectContaining({ amount: 18000, description: `Event booking #${number}: 2 guests removed` }),
    ]);
    expect(await creditBalance(t.database.db, b.customerId)).toBe(18000);

    at('2026-12-07T19:00:00Z');
    const [late] = expectError(await change(b, orderId, { kind: 'cancel' }), 409, 'BOOKING_CHANGE_CLOSED');
    expect(late!.detail).toContain('until 7pm on 7 December 2026');
    expect(await bookingRow(orderId)).toMatchObject({ adults: 1, state: 'confirmed' });
  });

  test('across the clocks going forward: a class at 7pm BST on 1 April 2027 gives card refunds until 7pm GMT on 18 March', async () => {
    const { b, orderId } = await threeAdultsWithWine('2027-04-01T18:00:00Z');
    const quoteAt = async (iso: string) => {
      at(iso);
      return (await b.visitor.post(`${API}/event_bookings/${orderId}/quote`, { kind: 'guests', adults: 2 }))
        .body.data.attributes;
    };
    expect((await quoteAt('2027-03-18T18:30:00Z')).refund.as).toBe('card');
    expect((await quoteAt('2027-03-18T19:00:00Z')).refund.as).toBe('credit');
    // The last step ends at 7pm BST on 29 March (18:00 UTC), after the clocks changed.
    expect((await quoteAt('2027-03-29T17:59:00Z')).refund.as).toBe('credit');
    at('2027-03-29T18:00:00Z');
    expectError(
      await b.visitor.post(`${API}/event_bookings/${orderId}/quote`, { kind: 'guests', adults: 2 }),
      409,
      'BOOKING_CHANGE_CLOSED',
    );
  });

  test('bad changes are refused and change nothing; another customer’s booking is not found', async () => {
    const { b, orderId } = await threeAdultsWithWine();
    expectError(await change(b, orderId, { kind: 'guests', adults: 3 }), 400, 'EVENT_GUESTS_INVALID');
    expectError(await change(b, orderId, { kind: 'guests', adults: 0 }), 400, 'EVENT_GUESTS_INVALID');
    expectError(
      await change(b, orderId, { kind: 'guests', adults: 2, children: 1 }),
      400,
      'EVENT_GUESTS_INVALID',
    );
    expectError(await change(b, orderId, { kind: 'guests', adults: 30 }), 400, 'EVENT_GUESTS_INVALID');
    expectError(await change(b, orderId, { kind: 'guests', adults: 51 }), 400, 'VALIDATION_FAILED');
    const family = await booker(t);
    const familyOrder = await paidBooking(t, family, await eventSlotAt(t, DEC_10), {
      adults: 1,
      children: 2,
    });
    expectError(
      await change(family, familyOrder, { kind: 'guests', adults: 0, children: 2 }),
      400,
      'EVENT_GUESTS_INVALID',
      /keep at least one adult/,
    );
    const stranger = await shopper(t);
    expectError(
      await stranger.visitor.post(`${API}/event_bookings/${orderId}/changes`, { kind: 'cancel' }),
      404,
      'BOOKING_NOT_FOUND',
    );
    expectError(
      await stranger.visitor.post(`${API}/event_bookings/${orderId}/quote`, { kind: 'cancel' }),
      404,
      'BOOKING_NOT_FOUND',
    );
    expect(await bookingRow(orderId)).toMatchObject({ adults: 3, state: 'confirmed' });
  });
});

describe('more guests', () => {
  test('an order to pay with the seats held; paid, the booking has them', async () => {
    const { b, orderId } = await threeAdultsWithWine();
    const made = await change(b, orderId, { kind: 'guests', adults: 4 });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.meta.quote).toMatchObject({
      kind: 'add_guests',
      to_pay: 6500,
      summary: '3 adults → 4 adults',
    });
    const payOrderId = made.body.meta.pay_order_id as string;
    expect(made.body.data.attributes.pending_payment).toMatchObject({
      order_id: payOrderId,
      amount: 6500,
      purpose: 'add_guests',
    });
    await payOrder(b, payOrderId);
    const [receipt] = await emailsTo(t, b.email, 'event_change');
    expect(receipt!.text).toContain('3 adults → 4 adults');
    expect(receipt!.text).toContain('Paid for this change: £65.00');
    const after = (await b.visitor.get(`${API}/event_bookings/${orderId}`)).body.data.attributes;
    expect(after).toMatchObject({
      adults: 4,
      pending_payment: null,
      paid: 3 * 6500 + 3 * 2500 + 1800 + 6500,
    });
    expect(after.changes).toEqual([expect.objectContaining({ kind: 'add_guests', paid_amount: 6500 })]);
  });
});

describe('moving to another date of the same event', () => {
  test('the same price: just moved; cheaper: the difference back; dearer: an order to pay; another event’s date: not found', async () => {
    const b = await booker(t);
    const from = await eventSlotAt(t, DEC_10);
    const orderId = await paidBooking(t, b, from, { adults: 2 });
    const same = await eventSlotAt(t, '2026-12-17T19:00:00Z');
    const cheaper = await eventSlotAt(t, '2026-12-15T19:00:00Z', { adultPrice: 5500 });
    const dearer = await eventSlotAt(t, '2026-12-19T19:00:00Z', { adultPrice: 7500 });
    const full = await eventSlotAt(t, '2026-12-22T19:00:00Z', { capacity: 1 });
    const supper = await eventSlotAt(t, '2026-12-18T19:00:00Z', {
      templateId: 'supper-club',
      restaurantId: 'borough',
    });

    const moved = await change(b, orderId, { kind: 'move', slot_id: same });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.meta.quote).toMatchObject({
      kind: 'move',
      to_pay: 0,
      refund: { amount: 0, as: 'none' },
    });
    expect(moved.body.data.attributes.slot.id).toBe(same);
    expect(moved.body.meta.quote.summary).toBe('Thu 10 Dec, 7pm – 10pm → Thu 17 Dec, 7pm – 10pm');
    // The booking's order is dated as its event: its label, and upcoming or past in the account.
    expect(await orderLabel(b, orderId)).toBe('Booked for Thu 17 Dec');

    t.clock.advance(60_000);
    const down = await change(b, orderId, { kind: 'move', slot_id: cheaper });
    expect(down.body.meta.quote.refund).toMatchObject({ amount: 2000, as: 'card' });
    expect(down.body.data.attributes.slot.id).toBe(cheaper);
    expect(await orderLabel(b, orderId)).toBe('Booked for Tue 15 Dec');
    expect(await partRefunds(await orderNumber(b, orderId))).toEqual([
      expect.objectContaining({ amount: 2000, reason: expect.stringContaining('moved to a cheaper date') }),
    ]);

    expectError(await change(b, orderId, { kind: 'move', slot_id: supper }), 404, 'EVENT_SLOT_NOT_FOUND');
    expectError(await change(b, orderId, { kind: 'move', slot_id: full }), 400, 'EVENT_SLOT_FULL');

    t.clock.advance(60_000);
    const up = await change(b, orderId, { kind: 'move', slot_id: dearer });
    expect(up.body.meta.quote).toMatchObject({ to_pay: 4000 });
    expect(up.body.data.attributes.slot.id).toBe(cheaper);
    await payOrder(b, up.body.meta.pay_order_id);
    const after = (await b.visitor.get(`${API}/event_bookings/${orderId}`)).body.data.attributes;
    expect(after.slot.id).toBe(dearer);
    expect(await orderLabel(b, orderId)).toBe('Booked for Sat 19 Dec');
    expect(after.paid).toBe(2 * 6500 - 2000 + 4000);
    expect(after.changes.map((c: { kind: string }) => c.kind)).toEqual(['move', 'move', 'move']);
    const rows = await t.database.db
      .select()
      .from(eventBookingChanges)
      .where(eq(eventBookingChanges.bookingId, (await bookingRow(orderId)).id));
    expect(rows.map((row) => [row.refundAmount, row.refundAs, row.paidAmount])).toEqual([
      [0, 'none', 0],
      [2000, 'card', 0],
      [0, 'none', 4000],
    ]);
  });
});

describe('handing over and cancelling', () => {
  test('handed over until the start: the new holder gets the booking, its .ics and the form; the booker is told', async () => {
    const b = await booker(t);
    const orderId = await paidBooking(t, b, await eventSlotAt(t, DEC_10), { adults: 2 });
    const made = await change(b, orderId, {
      kind: 'transfer',
      name: 'Sam Rossi',
      email: 'Sam.Rossi@example.com',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.attributes).toMatchObject({
      holder_name: 'Sam Rossi',
      holder_email: 'sam.rossi@example.com',
    });
    const [handed] = await emailsTo(t, 'sam.rossi@example.com', 'event_handed_over');
    expect(handed!.text).toContain(`/events/dietary-form/${orderId}?key=`);
    expect(handed!.attachments![0]!.filename).toMatch(/\.ics$/);
    const [told] = await emailsTo(t, b.email, 'event_transferred');
    expect(told!.text).toContain('Sam Rossi');

    at(DEC_10);
    expectError(
      await change(b, orderId, { kind: 'transfer', name: 'Late', email: 'late@example.com' }),
      409,
      'BOOKING_CHANGE_CLOSED',
    );
  });

  test('cancelled: everything back to the card, the seats free again, nothing more can change', async () => {
    const { b, orderId, slotId } = await threeAdultsWithWine();
    const left = async () =>
      (await t.visitor().get(`${API}/event_slots/${slotId}`)).body.data.attributes.seats_left;
    expect(await left()).toBe(9);
    const made = await change(b, orderId, { kind: 'cancel' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const total = 3 * 6500 + 3 * 2500 + 1800;
    expect(made.body.meta.quote.refund).toMatchObject({ amount: total, as: 'card' });
    expect(made.body.data.attributes).toMatchObject({
      state: 'cancelled',
      can_transfer: false,
      move_options: [],
    });
    expect(await left()).toBe(12);
    const refunds = await partRefunds(await orderNumber(b, orderId));
    expect(refunds.reduce((sum, row) => sum + row.amount, 0)).toBe(total);
    const [receipt] = await emailsTo(t, b.email, 'event_change');
    expect(receipt!.subject).toContain('cancelled');
    expectError(await change(b, orderId, { kind: 'cancel' }), 409, 'BOOKING_CHANGE_CLOSED');
  });

  test('paid partly with store credit: what the card took goes back to it, the credit back as credit', async () => {
    const b = await booker(t);
    await t.database.db.transaction((tx) =>
      addCredit(tx, {
        customerId: b.customerId,
        amount: 3000,
        reason: 'credit_voucher',
        description: 'Credit code CREDIT-30',
        reference: 'CREDIT-30',
        at: t.clock.now(),
      }),
    );
    const orderId = await paidBooking(t, b, await eventSlotAt(t, DEC_10), { adults: 2 });
    expect(await creditBalance(t.database.db, b.customerId)).toBe(0);
    // Quoted, made, recorded and emailed as both parts.
    const both = '£100.00 back to your card and £30.00 as store credit';
    const quote = await b.visitor.post(`${API}/event_bookings/${orderId}/quote`, { kind: 'cancel' });
    expect(quote.body.data.attributes.refund).toEqual({ amount: 13000, as: 'card', label: both });
    const made = await change(b, orderId, { kind: 'cancel' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.meta.quote.refund.label).toBe(both);
    expect(made.body.data.attributes.changes).toEqual([
      expect.objectContaining({ refund: { amount: 13000, as: 'card', label: both } }),
    ]);
    expect(made.body.data.attributes.paid).toBe(0);
    const [receipt] = await emailsTo(t, b.email, 'event_change');
    expect(receipt!.text).toContain(`Given back: ${both}.`);
    expect(receipt!.text).toContain('Your bank shows a card refund');
    expect(receipt!.text).toContain('Your store credit is ready');
    const number = await orderNumber(b, orderId);
    expect(await partRefunds(number)).toEqual([expect.objectContaining({ amount: 13000 - 3000 })]);
    expect(await creditRows(b.customerId)).toEqual([
      expect.objectContaining({ amount: 3000, description: `Event booking #${number}: cancelled` }),
    ]);
    expect(await creditBalance(t.database.db, b.customerId)).toBe(3000);
  });
});
