import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_REFUND_SCALE } from '../../../domain/events';
import { pence } from '../../../domain/money';
import { eventBookingChanges, eventBookingUpgrades } from '../../db/schema/events';
import { clearRateLimits } from '../../test/accounts';
import { answerChallenge, CARDS, saveCard, shopper, type Shopper } from '../../test/checkout';
import { API } from '../../test/api-expect';
import { book, bookingsIn, holdsIn, newSlot, payWith, seatsLeftIn } from '../../test/events';
import { createTestApp, type TestApp } from '../../test/harness';
import { TEST_NOW } from '../../test/test-clock';
import { requestRefund } from '../payments';
import { placeBookingPurchase, type Purchase } from './bookings.service';
import type { BookingRow } from './purchase-rows';

// The event_booking kind's hooks through the real CheckoutEndings and POST /payments (decision 29): an unpaid
// booking abandoned gives its seats back and goes; a refunded one is cancelled; more guests and a move of a
// paid booking, placed by placeBookingPurchase, become the booking's when paid, each recorded as a change.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => clearRateLimits(t));
afterEach(() => t.clock.set(TEST_NOW));
afterAll(() => t.close());

async function paidBooking(s: Shopper, card: string, slot: string, adults: number): Promise<BookingRow> {
  const paid = await payWith(s.visitor, await book(s.visitor, slot, { adults }), card);
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  const [booking] = await bookingsIn(t, slot);
  return booking!;
}

function purchase(
  s: Shopper,
  booking: BookingRow,
  input: Omit<Purchase, 'customerId'> & { purpose: 'add_guests' | 'move' },
) {
  return t.database.db.transaction((tx) =>
    placeBookingPurchase(
      tx,
      { ...input, customerId: s.customerId, booking },
      {
        endings: t.app.services.checkoutEndings,
        scale: DEFAULT_REFUND_SCALE,
        by: { actor: 'customer', at: t.clock.now() },
      },
    ),
  );
}

describe('an unpaid booking given up', () => {
  test('not paid within 2 hours: its seats come back and the booking goes with its order', async () => {
    const s = await shopper(t);
    const slot = await newSlot(t, { capacity: 6 });
    await book(s.visitor, slot, { adults: 2 });
    expect(await bookingsIn(t, slot)).toHaveLength(1);
    t.clock.advance(2 * 3_600_000 + 60_000);
    expect(await t.app.services.checkoutEndings.releaseAbandoned(t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await bookingsIn(t, slot)).toEqual([]);
    expect(await holdsIn(t, slot)).toEqual([]);
    expect(await seatsLeftIn(s.visitor, slot)).toBe(6);
  });
});

describe('a paid booking', () => {
  test('its payment refunded in full: the booking is cancelled and its seats are free', async () => {
    const s = await shopper(t);
    const card = await saveCard(t, s, CARDS.visa);
    const slot = await newSlot(t, { capacity: 6 });
    const booking = await paidBooking(s, card, slot, 2);
    expect(await seatsLeftIn(s.visitor, slot)).toBe(4);
    const [holdRow] = await holdsIn(t, slot);
    await t.database.db.transaction((tx) =>
      requestRefund(tx, holdRow!.checkoutId, 'The class was called off', {
        actor: 'staff',
        at: t.clock.now(),
      }),
    );
    expect(await t.app.services.payments.refundOwed(holdRow!.checkoutId, 'test')).toBe(1);
    const [after] = await bookingsIn(t, slot);
    expect(after).toMatchObject({ id: booking.id, state: 'cancelled' });
    expect(await seatsLeftIn(s.visitor, slot)).toBe(6);
  });

  test('more guests with a wine pairing each: held, then paid, added to the booking and recorded', async () => {
    const s = await shopper(t);
    const card = await saveCard(t, s, CARDS.visa);
    const slot = await newSlot(t, { capacity: 6 });
    const booking = await paidBooking(s, card, slot, 2);
    const placed = await purchase(s, booking, {
      purpose: 'add_guests',
      slotId: slot,
      seats: { adults: 1, children: 0 },
      already: 2,
      upgrades: [{ upgradeId: 'class-wine-pairing', quantity: 3 }],
    });
    expect(placed.created).toBe(true);
    expect(placed.checkout.total).toBe(6500 + 3 * 2500);
    expect(await seatsLeftIn(s.visitor, slot)).toBe(3);

    const paid = await payWith(s.visitor, placed.orderId, card);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const [after] = await bookingsIn(t, slot);
    expect(after).toMatchObject({ id: booking.id, state: 'confirmed', adults: 3, orderId: booking.orderId });
    const upgrades = await t.database.db
      .select()
      .from(eventBookingUpgrades)
      .where(eq(eventBookingUpgrades.bookingId, booking.id));
    expect(upgrades).toMatchObject([{ upgradeId: 'class-wine-pairing', quantity: 3 }]);
    const changes = await t.database.db
      .select()
      .from(eventBookingChanges)
      .where(eq(eventBookingChanges.bookingId, booking.id));
    expect(changes).toMatchObject([
      { kind: 'add_guests', paidAmount: 14_000, before: { adults: 2 }, after: { adults: 3 } },
    ]);
    expect(await seatsLeftIn(s.visitor, slot)).toBe(3);
  });

  test('more guests than the slot has left is refused; the same purchase again is the same order', async () => {
    const s = await shopper(t);
    const card = await saveCard(t, s, CARDS.visa);
    const slot = await newSlot(t, { capacity: 4 });
    const booking = await paidBooking(s, card, slot, 2);
    await expect(
      purchase(s, booking, {
        purpose: 'add_guests',
        slotId: slot,
        seats: { adults: 3, children: 0 },
        already: 2,
      }),
    ).rejects.toMatchObject({ code: 'EVENT_SLOT_FULL' });
    const first = await purchase(s, booking, {
      purpose: 'add_guests',
      slotId: slot,
      seats: { adults: 1, children: 0 },
      already: 2,
    });
    const again = await purchase(s, booking, {
      purpose: 'add_guests',
      slotId: slot,
      seats: { adults: 1, children: 0 },
      already: 2,
    });
    expect(again).toMatchObject({ created: false, orderId: first.orderId });
    expect(await seatsLeftIn(s.visitor, slot)).toBe(1);
  });

  test('a move to a dearer date: the difference paid, the booking moved, the old seats free', async () => {
    const s = await shopper(t);
    const card = await saveCard(t, s, CARDS.visa);
    const from = await newSlot(t, { capacity: 6 });
    const to = await newSlot(t, { capacity: 6, hoursAhead: 24 * 30, adultPrice: 7500 });
    const booking = await paidBooking(s, card, from, 2);
    const placed = await purchase(s, booking, {
      purpose: 'move',
      slotId: to,
      seats: { adults: 2, children: 0 },
      lines: (slot) => [
        {
          productVariantId: null,
          productVariantExtId: 'event-move',
          title: 'Move to a dearer date',
          variantTitle: '',
          sku: 'EV-MOVE',
          imageUrl: null,
          tags: ['event'],
          price: pence(2000),
          quantity: 1,
          discount: pence(0),
          total: pence(2000),
          isAddon: false,
          eventSlotId: slot.id,
        },
      ],
    });
    expect(placed.checkout.total).toBe(2000);
    expect(await seatsLeftIn(s.visitor, to)).toBe(4);
    expect(await seatsLeftIn(s.visitor, from)).toBe(4);

    const paid = await payWith(s.visitor, placed.orderId, card);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(await bookingsIn(t, from)).toEqual([]);
    const [moved] = await bookingsIn(t, to);
    expect(moved).toMatchObject({ id: booking.id, adults: 2, state: 'confirmed' });
    expect(await seatsLeftIn(s.visitor, from)).toBe(6);
    expect(await seatsLeftIn(s.visitor, to)).toBe(4);
    const [change] = await t.database.db
      .select()
      .from(eventBookingChanges)
      .where(eq(eventBookingChanges.bookingId, booking.id));
    expect(change).toMatchObject({
      kind: 'move',
      paidAmount: 2000,
      before: { slotId: from },
      after: { slotId: to },
    });
  });
});

describe('a payment that outlives its hold', () => {
  async function payWithChallenge(s: Shopper, slot: string, adults: number) {
    const secure = await saveCard(t, s, CARDS.threeDSecure);
    const orderId = await book(s.visitor, slot, { adults });
    const started = await payWith(s.visitor, orderId, secure);
    expect(started.body.data.attributes.status, JSON.stringify(started.body)).toBe('requires_action');
    return { orderId, challengeUrl: started.body.data.attributes.next_action_url as string };
  }

  async function finish(s: Shopper, orderId: string, challengeUrl: string) {
    const back = await answerChallenge(t, challengeUrl, 'complete');
    const confirmed = await s.visitor.post(`${API}/orders/confirm`, {
      order_id: orderId,
      payment_intent_id: back.searchParams.get('payment_intent'),
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  }

  test('its seats still free: the booking is confirmed', async () => {
    const s = await shopper(t);
    const slot = await newSlot(t, { capacity: 2 });
    const { orderId, challengeUrl } = await payWithChallenge(s, slot, 2);
    t.clock.advance(20 * 60_000);
    await finish(s, orderId, challengeUrl);
    expect(await bookingsIn(t, slot)).toMatchObject([{ state: 'confirmed', adults: 2 }]);
    expect(await seatsLeftIn(s.visitor, slot)).toBe(0);
  });

  test('its seats sold to someone else meanwhile: refunded in full, never sold past the capacity', async () => {
    const late = await shopper(t);
    const slot = await newSlot(t, { capacity: 2 });
    const { orderId, challengeUrl } = await payWithChallenge(late, slot, 2);
    // The bank's check takes 20 minutes; the hold of 15 runs out and another customer books the seats.
    t.clock.advance(20 * 60_000);
    const quick = await shopper(t);
    const paid = await payWith(
      quick.visitor,
      await book(quick.visitor, slot, { adults: 2 }),
      await saveCard(t, quick, CARDS.visa),
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);

    await finish(late, orderId, challengeUrl);
    const [lateHold] = (await holdsIn(t, slot)).filter(
      (hold) => hold.adults === 2 && hold.state === 'released',
    );
    expect(lateHold).toBeDefined();
    expect(await t.app.services.payments.refundOwed(lateHold!.checkoutId, 'test')).toBe(1);
    const bookings = await bookingsIn(t, slot);
    expect(bookings.map((booking) => booking.state).sort()).toEqual(['cancelled', 'confirmed']);
    const sold = bookings
      .filter((b) => b.state === 'confirmed')
      .reduce((n, b) => n + b.adults + b.children, 0);
    expect(sold).toBe(2);
    expect(await seatsLeftIn(late.visitor, slot)).toBe(0);
  });
});

describe('paying once the date has closed', () => {
  test('a booking declined at first, paid after booking closed: refused, nothing charged, never confirmed', async () => {
    const s = await shopper(t);
    const slot = await newSlot(t, { capacity: 6, hoursAhead: 3 });
    const orderId = await book(s.visitor, slot, { adults: 2 });
    const declined = await payWith(s.visitor, orderId, await saveCard(t, s, CARDS.insufficientFunds));
    expect(declined.body.data?.attributes?.status ?? declined.status, JSON.stringify(declined.body)).not.toBe(
      'succeeded',
    );
    // Booking closes 2 hours before the start; the customer comes back with another card at 1h 59m to go.
    t.clock.advance(61 * 60_000);
    const late = await payWith(s.visitor, orderId, await saveCard(t, s, CARDS.visa));
    expect(late.status, JSON.stringify(late.body)).toBe(400);
    expect(late.body.errors[0]).toMatchObject({ code: 'EVENT_SLOT_CLOSED' });
    expect(late.body.errors[0].detail).toMatch(/not been charged/);
    expect((await bookingsIn(t, slot)).map((booking) => booking.state)).toEqual(['pending']);
    // After the start too.
    t.clock.advance(3 * 3_600_000);
    const after = await payWith(s.visitor, orderId, await saveCard(t, s, CARDS.visa));
    expect(after.body.errors[0]).toMatchObject({ code: 'EVENT_SLOT_CLOSED' });
    expect(after.body.errors[0].detail).toMatch(/^This date has passed/);
  });
});
