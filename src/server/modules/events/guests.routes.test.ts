import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { eventBookings, eventGuests } from '../../db/schema/events';
import { clearRateLimits, emailsTo } from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import { booker, eventSlotAt, formKeyOf, paidBooking, staffOf } from '../../test/event-bookings';
import { shopper } from '../../test/checkout';
import { createTestApp, type TestApp } from '../../test/harness';
import { TEST_NOW } from '../../test/test-clock';

// A paid booking as its booker reads it, the guests' dietary form (by the booker, or anyone with the link's
// key, never another customer without it) and the host's view (staff of the hosting restaurant only), on a
// class at Soho on Thursday 10 December 2026, 7pm (GMT), booked at TEST_NOW (Wed 18 November, 10:00).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => clearRateLimits(t));
afterEach(() => t.clock.set(TEST_NOW));
afterAll(() => t.close());

const answer = (orderId: string, name: string, extra: Record<string, unknown> = {}) => ({
  order_id: orderId,
  name,
  allergens: [],
  diets: [],
  ...extra,
});

async function booked(seats = { adults: 2, children: 1 }) {
  const b = await booker(t);
  const slotId = await eventSlotAt(t, '2026-12-10T19:00:00Z');
  const orderId = await paidBooking(t, b, slotId, {
    ...seats,
    upgrades: [{ upgrade_id: 'class-wine-pairing', quantity: Math.min(2, seats.adults + seats.children) }],
  });
  return { b, slotId, orderId };
}

describe('GET /event_bookings and /event_bookings/{orderId}', () => {
  test('the booker’s booking: guests, the form link, terms now, what can change; another customer’s is 404', async () => {
    const { b, orderId, slotId } = await booked();
    const other = await eventSlotAt(t, '2026-12-17T19:00:00Z');
    const res = await b.visitor.get(`${API}/event_bookings/${orderId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const booking = res.body.data.attributes;
    expect(res.body.data).toMatchObject({ id: orderId, type: 'event_bookings' });
    expect(booking).toMatchObject({
      order_id: orderId,
      state: 'confirmed',
      adults: 2,
      children: 1,
      paid: 2 * 6500 + 4500 + 2 * 2500,
      unanswered: 3,
      is_booker: true,
      can_add_guests: true,
      can_transfer: true,
      holder_email: b.email,
      upgrades: [{ upgrade_id: 'class-wine-pairing', title: 'Wine pairing', quantity: 2, price: 2500 }],
    });
    expect(booking.slot).toMatchObject({ id: slotId, date_label: 'Thu 10 Dec', time_label: '7pm – 10pm' });
    expect(booking.location).toMatchObject({ id: 'soho', name: 'Sfoglia Soho' });
    expect(booking.form_url).toBe(
      `${t.config.publicUrl}/events/dietary-form/${orderId}?key=${await formKeyOf(t, orderId)}`,
    );
    expect(booking.refund_terms).toMatchObject({
      changes_allowed: true,
      step: { days_before: 14, percent: 100, as: 'card' },
      until: '2026-11-26T19:00:00.000Z',
      changes_close_at: '2026-12-07T19:00:00.000Z',
    });
    expect(booking.refund_terms.text).toContain('Thursday 26 November at 7pm');
    expect(booking.move_options.map((slot: { id: string }) => slot.id)).toContain(other);
    expect(booking.move_options.map((slot: { id: string }) => slot.id)).not.toContain(slotId);

    const list = await b.visitor.get(`${API}/event_bookings`);
    expect(list.body.data.map((item: { id: string }) => item.id)).toEqual([orderId]);

    const stranger = await shopper(t);
    expectError(await stranger.visitor.get(`${API}/event_bookings/${orderId}`), 404, 'BOOKING_NOT_FOUND');
    expect((await stranger.visitor.get(`${API}/event_bookings`)).body.data).toEqual([]);
    expectError(await t.visitor().get(`${API}/event_bookings/${orderId}`), 401, 'UNAUTHENTICATED');
  });

  test('its calendar file, for the booker only', async () => {
    const { b, orderId } = await booked({ adults: 1, children: 0 });
    const res = await b.visitor.get(`${API}/event_bookings/${orderId}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/calendar');
    expect(String(res.headers['content-disposition'])).toContain('.ics');
    expect(res.body).toContain('DTSTART:20261210T190000Z');
    expect(res.body).toContain('SUMMARY:Fresh pasta class at Sfoglia Soho');
    const stranger = await shopper(t);
    expectError(
      await stranger.visitor.get(`${API}/event_bookings/${orderId}/calendar.ics`),
      404,
      'BOOKING_NOT_FOUND',
    );
  });

  test('the confirmation email: when in London time, where, guests, the refund rule, the form link and an .ics', async () => {
    const { b, orderId } = await booked();
    const [email] = await emailsTo(t, b.email, 'event_confirmation');
    expect(email, 'a confirmation').toBeDefined();
    expect(email!.text).toContain('When: Thursday 10 December, 7pm – 10pm');
    expect(email!.text).toContain('Guests: 2 adults and 1 child');
    expect(email!.text).toContain('Sfoglia Soho');
    expect(email!.text).toContain(`/events/dietary-form/${orderId}?key=`);
    expect(email!.text).toContain('14 days before');
    expect(email!.attachments).toHaveLength(1);
    expect(email!.attachments![0]).toMatchObject({ filename: expect.stringMatching(/\.ics$/) });
  });
});

describe('the dietary form: GET, POST and DELETE /event_guests', () => {
  test('a guest with the key, signed out, reads and answers; without it, or with a wrong one, it is not found', async () => {
    const { b, orderId } = await booked();
    const key = await formKeyOf(t, orderId);
    const guest = t.visitor();
    const form = await guest.get(`${API}/event_guests?order_id=${orderId}&key=${key}`);
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    expect(form.body.data.attributes).toMatchObject({
      order_id: orderId,
      template_title: 'Fresh pasta class',
      location_name: 'Sfoglia Soho',
      seats: 3,
      answered: [],
      unanswered: 3,
      open: true,
      closed_reason: null,
      holder_name: 'Ada',
    });
    expect(form.body.data.attributes).not.toHaveProperty('paid');

    const added = await guest.post(
      `${API}/event_guests`,
      answer(orderId, 'Bea', {
        key,
        allergens: ['gluten', 'tree_nuts'],
        diets: ['vegetarian'],
        notes: ' No mushrooms ',
      }),
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data.attributes).toMatchObject({
      name: 'Bea',
      allergens: ['gluten', 'tree_nuts'],
      diets: ['vegetarian'],
      notes: 'No mushrooms',
      answered_by: 'guest',
    });

    // Without the key, with a wrong one, or another customer signed in: never says the booking exists.
    expectError(await t.visitor().get(`${API}/event_guests?order_id=${orderId}`), 404, 'BOOKING_NOT_FOUND');
    const wrong = 'x'.repeat(key.length);
    expectError(
      await t.visitor().get(`${API}/event_guests?order_id=${orderId}&key=${wrong}`),
      404,
      'BOOKING_NOT_FOUND',
    );
    const stranger = await shopper(t);
    expectError(
      await stranger.visitor.get(`${API}/event_guests?order_id=${orderId}`),
      404,
      'BOOKING_NOT_FOUND',
    );
    expectError(
      await stranger.visitor.post(`${API}/event_guests`, answer(orderId, 'Mallory')),
      404,
      'BOOKING_NOT_FOUND',
    );
    expectError(
      await t.visitor().post(`${API}/event_guests`, answer(orderId, 'Mallory', { key: wrong })),
      404,
      'BOOKING_NOT_FOUND',
    );

    // The booker, signed in, needs no key; their answers say so.
    const mine = await b.visitor.post(
      `${API}/event_guests`,
      answer(orderId, 'Ada', { allergens: ['gluten'] }),
    );
    expect(mine.body.data.attributes.answered_by).toBe('booker');
    const view = await b.visitor.get(`${API}/event_bookings/${orderId}`);
    expect(view.body.data.attributes.guests.map((g: { name: string }) => g.name)).toEqual(['Bea', 'Ada']);
    expect(view.body.data.attributes.unanswered).toBe(1);
  });

  test('bad answers are refused with what to fix, and change nothing', async () => {
    const { orderId } = await booked({ adults: 1, children: 0 });
    const key = await formKeyOf(t, orderId);
    const res = await t
      .visitor()
      .post(`${API}/event_guests`, answer(orderId, '  ', { key, allergens: ['bacon'] }));
    expect(res.status).toBe(400);
    expect(await t.database.db.select().from(eventGuests)).not.toContainEqual(
      expect.objectContaining({ name: '  ' }),
    );
  });

  test('closed when every seat has answered (two guests racing for the last answer) and once it starts', async () => {
    const { b, orderId } = await booked({ adults: 2, children: 0 });
    const key = await formKeyOf(t, orderId);
    await t.visitor().post(`${API}/event_guests`, answer(orderId, 'Bea', { key }));
    const [one, two] = await Promise.all([
      t.visitor().post(`${API}/event_guests`, answer(orderId, 'Cy', { key })),
      t.visitor().post(`${API}/event_guests`, answer(orderId, 'Di', { key })),
    ]);
    expect([one.status, two.status].sort()).toEqual([201, 409]);
    expect([one, two].find((res) => res.status === 409)!.body.errors[0].code).toBe('GUEST_FORM_CLOSED');
    const form = await t.visitor().get(`${API}/event_guests?order_id=${orderId}&key=${key}`);
    expect(form.body.data.attributes).toMatchObject({
      unanswered: 0,
      open: false,
      closed_reason: 'answered',
    });

    // The booker deletes an answer: a seat is open again; another customer cannot delete it.
    const guests = (await b.visitor.get(`${API}/event_bookings/${orderId}`)).body.data.attributes.guests;
    const stranger = await shopper(t);
    expectError(await stranger.visitor.delete(`${API}/event_guests/${guests[0].id}`), 404, 'NOT_FOUND');
    expect((await b.visitor.delete(`${API}/event_guests/${guests[0].id}`)).status).toBe(204);
    expect(
      (await t.visitor().get(`${API}/event_guests?order_id=${orderId}&key=${key}`)).body.data.attributes.open,
    ).toBe(true);

    t.clock.set(new Date('2026-12-10T19:00:00Z'));
    expectError(
      await t.visitor().post(`${API}/event_guests`, answer(orderId, 'Late', { key })),
      409,
      'GUEST_FORM_CLOSED',
      /has started/,
    );
    expect(
      (await t.visitor().get(`${API}/event_guests?order_id=${orderId}&key=${key}`)).body.data.attributes,
    ).toMatchObject({ open: false, closed_reason: 'started' });
  });

  test('a cancelled booking’s form says it was cancelled, not that the event started', async () => {
    const { orderId } = await booked();
    const key = await formKeyOf(t, orderId);
    await t.database.db
      .update(eventBookings)
      .set({ state: 'cancelled' })
      .where(eq(eventBookings.orderId, orderId));
    const form = await t.visitor().get(`${API}/event_guests?order_id=${orderId}&key=${key}`);
    expect(form.body.data.attributes).toMatchObject({
      unanswered: 3,
      open: false,
      closed_reason: 'cancelled',
    });
    expectError(
      await t.visitor().post(`${API}/event_guests`, answer(orderId, 'Bea', { key })),
      409,
      'GUEST_FORM_CLOSED',
      /cancelled/,
    );
  });
});

describe('the host’s view: GET /kitchen/restaurants/{id}/event_slots and /kitchen/event_slots/{id}', () => {
  test('staff of the hosting restaurant see the guest list and totals; other staff 404, customers 403', async () => {
    const { orderId, slotId } = await booked();
    const key = await formKeyOf(t, orderId);
    await t
      .visitor()
      .post(`${API}/event_guests`, answer(orderId, 'Bea', { key, allergens: ['gluten'], diets: ['vegan'] }));
    await t
      .visitor()
      .post(`${API}/event_guests`, answer(orderId, 'Cy', { key, allergens: ['gluten', 'peanuts'] }));

    const host = await staffOf(t, 'soho');
    const slots = await host.get(`${API}/kitchen/restaurants/soho/event_slots`);
    expect(slots.status, JSON.stringify(slots.body)).toBe(200);
    expect(slots.body.data.map((slot: { id: string }) => slot.id)).toContain(slotId);

    const view = await host.get(`${API}/kitchen/event_slots/${slotId}`);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    const slot = view.body.data.attributes;
    expect(slot).toMatchObject({
      seats_sold: 3,
      unanswered: 1,
      upgrade_totals: [{ upgrade_id: 'class-wine-pairing', title: 'Wine pairing', quantity: 2 }],
      dietary_totals: [
        { id: 'gluten', label: 'Cereals containing gluten', count: 2 },
        { id: 'peanuts', label: 'Peanuts', count: 1 },
        { id: 'vegan', label: 'Vegan', count: 1 },
      ],
    });
    expect(slot.bookings[0]).toMatchObject({ adults: 2, children: 1, unanswered: 1, holder_name: 'Ada' });
    expect(slot.bookings[0].guests.map((g: { name: string }) => g.name)).toEqual(['Bea', 'Cy']);

    const elsewhere = await staffOf(t, 'islington');
    expectError(await elsewhere.get(`${API}/kitchen/event_slots/${slotId}`), 404, 'EVENT_SLOT_NOT_FOUND');
    expectError(
      await elsewhere.get(`${API}/kitchen/restaurants/soho/event_slots`),
      404,
      'RESTAURANT_NOT_FOUND',
    );
    const customer = await shopper(t);
    expectError(await customer.visitor.get(`${API}/kitchen/event_slots/${slotId}`), 403, 'FORBIDDEN');
    expectError(await customer.visitor.get(`${API}/kitchen/restaurants/soho/event_slots`), 403, 'FORBIDDEN');
    expectError(await t.visitor().get(`${API}/kitchen/event_slots/${slotId}`), 401, 'UNAUTHENTICATED');
  });
});
