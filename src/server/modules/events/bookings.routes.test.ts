import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { checkouts } from '../../db/schema/checkout';
import { eventBookingUpgrades } from '../../db/schema/events';
import { orders } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';
import { API, expectError } from '../../test/api-expect';
import { clearRateLimits } from '../../test/accounts';
import { CARDS, saveCard, shopper } from '../../test/checkout';
import { book, bookingBody, bookingsIn, holdsIn, newSlot, payWith, seatsLeftIn } from '../../test/events';
import { createTestApp, type TestApp } from '../../test/harness';
import { TEST_NOW } from '../../test/test-clock';

// Booking seats (issue 22 part 2; decision 29): POST /orders/events and its preview, paid with POST /payments
// like any order; the seats held for 15 minutes meanwhile. Each test books a slot of its own.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => clearRateLimits(t));
afterEach(() => t.clock.set(TEST_NOW));
afterAll(() => t.close());

const MINUTE = 60_000;

describe('POST /orders/events', () => {
  test('a class for 2 adults and a teenager with a wine pairing each and an apron, paid: the booking confirmed', async () => {
    const s = await shopper(t, { firstName: 'Ada' });
    const card = await saveCard(t, s, CARDS.visa);
    // Thursday 19 November, 7pm at Soho: the first seeded class.
    const slots = await s.visitor.get(
      `${API}/event_slots?filter[template]=fresh-pasta-class&filter[location]=soho`,
    );
    const slot = slots.body.data[0];
    expect(slot.attributes.starts_at).toBe('2026-11-19T19:00:00.000Z');
    const choice = {
      adults: 2,
      children: 1,
      upgrades: [
        { upgradeId: 'class-wine-pairing', quantity: 3 },
        { upgradeId: 'class-apron', quantity: 1 },
      ],
    };

    const preview = await s.visitor.post(`${API}/orders/events/preview`, bookingBody(slot.id, choice));
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.meta.checkout).toMatchObject({ total: 26_500, amount_to_charge: 26_500 });
    expect(await t.database.db.select().from(orders).where(eq(orders.customerId, s.customerId))).toEqual([]);

    const placed = await s.visitor.post(`${API}/orders/events`, bookingBody(slot.id, choice));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data[0];
    expect(order.attributes).toMatchObject({
      type: 'EventBooking',
      source: 'event_booking',
      delivery_date: '2026-11-19',
      total: 26_500,
      state_label: 'Waiting for payment',
      date_editable: false,
      address_editable: false,
    });
    expect(order.attributes.shipping_address).toMatchObject({
      address1: '52 Dean Street',
      company: 'Sfoglia Soho',
    });
    const lines = placed.body.included.map((line: any) => line.attributes);
    expect(lines.map((l: any) => [l.title, l.quantity, l.price, l.is_addon, l.event_slot_id])).toEqual([
      ['Adult seat', 2, 6500, false, slot.id],
      ['Child seat', 1, 4500, false, slot.id],
      ['Sfoglia apron', 1, 1500, true, slot.id],
      ['Wine pairing', 3, 2500, true, slot.id],
    ]);
    expect(lines[0].variant_title).toBe('Fresh pasta class, Thu 19 Nov at 7pm');
    // Held while paid: three seats fewer for everyone else.
    expect(await seatsLeftIn(t.visitor(), slot.id)).toBe(9);
    const [pending] = await bookingsIn(t, slot.id);
    expect(pending).toMatchObject({ state: 'pending', adults: 0, children: 0, orderId: order.id });
    expect(pending!.formToken.length).toBeGreaterThanOrEqual(16);

    const paid = await payWith(s.visitor, order.id, card);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.data.attributes).toMatchObject({ status: 'succeeded', amount: 26_500 });
    const [confirmed] = await bookingsIn(t, slot.id);
    expect(confirmed).toMatchObject({ state: 'confirmed', adults: 2, children: 1 });
    expect(confirmed!.confirmedAt).not.toBeNull();
    const upgrades = await t.database.db
      .select()
      .from(eventBookingUpgrades)
      .where(eq(eventBookingUpgrades.bookingId, confirmed!.id));
    expect(upgrades.map((u) => [u.upgradeId, u.quantity, u.price]).sort()).toEqual([
      ['class-apron', 1, 1500],
      ['class-wine-pairing', 3, 2500],
    ]);
    expect((await holdsIn(t, slot.id)).map((hold) => hold.state)).toEqual(['paid']);
    expect(await seatsLeftIn(t.visitor(), slot.id)).toBe(9);

    // In the account's upcoming orders, then, once the day has passed, in the history.
    const upcoming = await s.visitor.get(`${API}/orders?filter[delivery_date]=upcoming`);
    const listed = upcoming.body.data.find((o: { id: string }) => o.id === order.id);
    expect(listed.attributes).toMatchObject({ state: 'paid', state_label: 'Booked for Thu 19 Nov' });
    t.clock.set(new Date('2026-11-21T10:00:00Z'));
    const past = await s.visitor.get(`${API}/orders?filter[delivery_date]=past`);
    expect(past.body.data.find((o: { id: string }) => o.id === order.id).attributes.state_label).toBe(
      'Was on Thu 19 Nov',
    );
  });

  test('the same unpaid booking again is the same order (200); a changed one replaces it and frees its seats', async () => {
    const s = await shopper(t);
    const slot = await newSlot(t, { capacity: 10 });
    const other = await newSlot(t, { capacity: 10, hoursAhead: 24 * 20 });
    const first = await s.visitor.post(`${API}/orders/events`, bookingBody(slot, { adults: 2 }));
    expect(first.status).toBe(201);
    const again = await s.visitor.post(`${API}/orders/events`, bookingBody(slot, { adults: 2 }));
    expect(again.status).toBe(200);
    expect(again.body.data[0].id).toBe(first.body.data[0].id);
    expect(await seatsLeftIn(s.visitor, slot)).toBe(8);

    const changed = await s.visitor.post(`${API}/orders/events`, bookingBody(other, { adults: 3 }));
    expect(changed.status).toBe(201);
    expect(changed.body.data[0].id).not.toBe(first.body.data[0].id);
    expect(await seatsLeftIn(s.visitor, slot)).toBe(10);
    expect(await seatsLeftIn(s.visitor, other)).toBe(7);
    expect(await bookingsIn(t, slot)).toEqual([]);
    const [old] = await t.database.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, first.body.meta.checkout.checkout_id));
    expect(old!.state).toBe('cancelled');
    expect(await t.database.db.select().from(orders).where(eq(orders.id, first.body.data[0].id))).toEqual([]);

    // More add-ons is a change too.
    const withKit = await s.visitor.post(
      `${API}/orders/events`,
      bookingBody(other, { adults: 3, upgrades: [{ upgradeId: 'class-pasta-kit', quantity: 1 }] }),
    );
    expect(withKit.status).toBe(201);
    expect(withKit.body.meta.checkout.total).toBe(3 * 6500 + 1800);
    expect(await seatsLeftIn(s.visitor, other)).toBe(7);
  });

  test('the hold’s end by the shop’s clock; asked for again with under 10 minutes left, held 15 minutes more', async () => {
    const s = await shopper(t);
    const slot = await newSlot(t, { capacity: 4 });
    const at = (minutes: number) => new Date(TEST_NOW.getTime() + minutes * MINUTE).toISOString();
    const place = async () => {
      const placed = await s.visitor.post(`${API}/orders/events`, bookingBody(slot, { adults: 2 }));
      expect(placed.status, JSON.stringify(placed.body)).toBeLessThan(300);
      return placed.body;
    };
    const first = await place();
    expect(first.meta.checkout.hold_expires_at).toBe(at(15));

    t.clock.advance(4 * MINUTE);
    const again = await place();
    expect(again.data[0].id).toBe(first.data[0].id);
    // 11 minutes left: not extended, so a reload never promises more than is held.
    expect(again.meta.checkout.hold_expires_at).toBe(at(15));

    t.clock.advance(2 * MINUTE);
    const reloaded = await place();
    expect(reloaded.data[0].id).toBe(first.data[0].id);
    expect(reloaded.meta.checkout.hold_expires_at).toBe(at(6 + 15));
    const [hold] = await holdsIn(t, slot);
    expect(hold!.expiresAt.toISOString()).toBe(at(21));
    expect(await seatsLeftIn(s.visitor, slot)).toBe(2);
  });

  test('bad requests change nothing and say why', async () => {
    const s = await shopper(t);
    const slot = await newSlot(t, { capacity: 10 });
    const post = (slotId: string, choice: Parameters<typeof bookingBody>[1]) =>
      s.visitor.post(`${API}/orders/events`, bookingBody(slotId, choice));

    expectError(await post(slot, { adults: 0 }), 400, 'EVENT_GUESTS_INVALID', 'Choose at least one guest');
    expectError(await post(slot, { adults: 6, children: 3 }), 400, 'EVENT_GUESTS_INVALID', /up to 8 guests/);
    const supper = await newSlot(t, { templateId: 'supper-club', restaurantId: 'borough', adultPrice: 5500 });
    expectError(await post(supper, { adults: 1, children: 1 }), 400, 'EVENT_GUESTS_INVALID', /adults only/);
    const kids = await newSlot(t, {
      templateId: 'kids-ravioli-morning',
      restaurantId: 'islington',
      adultPrice: 1000,
    });
    expectError(
      await post(kids, { adults: 0, children: 3 }),
      400,
      'EVENT_GUESTS_INVALID',
      /come with an adult/,
    );

    const past = await newSlot(t, { hoursAhead: -3 });
    expectError(await post(past, { adults: 1 }), 400, 'EVENT_SLOT_CLOSED', /has passed/);
    const closing = await newSlot(t, { hoursAhead: 1 });
    expectError(await post(closing, { adults: 1 }), 400, 'EVENT_SLOT_CLOSED', /closed 2 hours before/);

    const small = await newSlot(t, { capacity: 2 });
    expectError(await post(small, { adults: 3 }), 400, 'EVENT_SLOT_FULL', /Only 2 seats are left/);

    expectError(
      await post(slot, { adults: 1, upgrades: [{ upgradeId: 'supper-wine-pairing', quantity: 1 }] }),
      400,
      'EVENT_UPGRADE_INVALID',
      /not offered with Fresh pasta class/,
    );
    expectError(
      await post(slot, { adults: 2, upgrades: [{ upgradeId: 'class-wine-pairing', quantity: 3 }] }),
      400,
      'EVENT_UPGRADE_INVALID',
      /one per guest: choose at most 2/,
    );
    expectError(
      await post(slot, { adults: 1, upgrades: [{ upgradeId: 'no-such-thing', quantity: 1 }] }),
      400,
      'EVENT_UPGRADE_INVALID',
    );
    // Every problem at once.
    const both = expectError(
      await post(supper, { adults: 1, children: 2, upgrades: [{ upgradeId: 'class-apron', quantity: 1 }] }),
      400,
      'EVENT_GUESTS_INVALID',
    );
    expect(both.map((error) => error.code)).toEqual(['EVENT_GUESTS_INVALID', 'EVENT_UPGRADE_INVALID']);

    expectError(
      await post('00000000-0000-4000-8000-000000000000', { adults: 1 }),
      404,
      'EVENT_SLOT_NOT_FOUND',
    );
    expectError(
      await s.visitor.post(`${API}/orders/events/preview`, bookingBody(small, { adults: 3 })),
      400,
      'EVENT_SLOT_FULL',
    );
    expectError(
      await t.visitor().post(`${API}/orders/events`, bookingBody(slot, { adults: 1 })),
      401,
      'UNAUTHENTICATED',
    );
    expectError(
      await t.visitor().post(`${API}/orders/events/preview`, bookingBody(slot, { adults: 1 })),
      401,
      'UNAUTHENTICATED',
    );

    expect(await t.database.db.select().from(orders).where(eq(orders.customerId, s.customerId))).toEqual([]);
    for (const id of [slot, supper, past, closing, small]) expect(await holdsIn(t, id)).toEqual([]);
  });
});

describe('a hold runs out after 15 minutes', () => {
  test('it no longer counts; paying later takes the seats again when they are still free', async () => {
    const s = await shopper(t);
    const card = await saveCard(t, s, CARDS.visa);
    const slot = await newSlot(t, { capacity: 4 });
    const orderId = await book(s.visitor, slot, { adults: 3 });
    expect(await seatsLeftIn(s.visitor, slot)).toBe(1);
    t.clock.advance(16 * MINUTE);
    expect(await seatsLeftIn(s.visitor, slot)).toBe(4);

    const paid = await payWith(s.visitor, orderId, card);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const [booking] = await bookingsIn(t, slot);
    expect(booking).toMatchObject({ state: 'confirmed', adults: 3 });
    expect(await seatsLeftIn(s.visitor, slot)).toBe(1);
  });

  test('paying after someone else took the seats is refused, and nothing is charged', async () => {
    const late = await shopper(t);
    const card = await saveCard(t, late, CARDS.visa);
    const slot = await newSlot(t, { capacity: 4 });
    const orderId = await book(late.visitor, slot, { adults: 3 });
    t.clock.advance(16 * MINUTE);
    const early = await shopper(t);
    await book(early.visitor, slot, { adults: 2 });

    expectError(await payWith(late.visitor, orderId, card), 400, 'EVENT_SLOT_FULL', /not been charged/);
    const charged = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.customerId, late.customerId)));
    expect(charged).toEqual([]);
    expect(await seatsLeftIn(late.visitor, slot)).toBe(2);
  });
});
