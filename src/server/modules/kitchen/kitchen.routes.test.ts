import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { payments } from '../../db/schema/payments';
import { sandboxPaymentIntents } from '../../db/schema/payments-sandbox';
import { stateChanges } from '../../db/schema/state-changes';
import {
  clearRateLimits,
  customerById,
  emailsTo,
  PASSWORD,
  signedInCustomer,
  signIn,
  uniqueEmail,
} from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import { createTestApp, type TestApp, type Visitor } from '../../test/harness';
import { TEST_NOW } from '../../test/test-clock';
import { LUNCH, MENU, paidTakeaway, placeTakeaway, takeawayShopper } from '../../test/takeaway';
import { addStaff } from './staff';

// The kitchen screen's API (issue 13 part 3): staff see only their restaurants; a paid order arrives as a
// ticket; acknowledge the allergens, accept with a prep time, ready, out for delivery (a courier rides it to
// the door on the shop's clock), delivered; reject with a reason and an automatic refund; snoozes; busy mode.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => {
  t.clock.set(LUNCH);
  return clearRateLimits(t);
});
afterEach(() => t.clock.set(TEST_NOW));
afterAll(() => t.close());

async function staffAt(...restaurantIds: string[]): Promise<{ visitor: Visitor; id: string; email: string }> {
  const email = uniqueEmail('chef');
  let id = '';
  for (const restaurantId of restaurantIds) {
    id = (await addStaff(t.database.db, { email, restaurantId, password: PASSWORD })).customerId;
  }
  const visitor = t.visitor();
  await signIn(visitor, email);
  return { visitor, id, email };
}

const act = (staff: { visitor: Visitor }, orderId: string, action: string, body: unknown = {}) =>
  staff.visitor.post(`${API}/kitchen/tickets/${orderId}/${action}`, body);
const board = (staff: { visitor: Visitor }, restaurantId = 'soho', query = '') =>
  staff.visitor.get(`${API}/kitchen/restaurants/${restaurantId}/tickets${query}`);
const minutes = (n: number) => t.clock.advance(n * 60_000);

describe('who sees a kitchen', () => {
  test('staff see their restaurants only; anyone else is refused', async () => {
    const chef = await staffAt('soho', 'borough');
    const mine = await chef.visitor.get(`${API}/kitchen/restaurants`);
    expect(mine.body.data.map((r: any) => [r.id, r.attributes.role, r.attributes.open_now])).toEqual([
      ['borough', 'kitchen', true],
      ['soho', 'kitchen', true],
    ]);
    const customer = await signedInCustomer(t);
    expectError(await customer.visitor.get(`${API}/kitchen/restaurants`), 403, 'FORBIDDEN');
    expectError(await board(customer), 403, 'FORBIDDEN');
    expectError(await t.visitor().get(`${API}/kitchen/restaurants`), 401, 'UNAUTHENTICATED');
    expectError(await board(chef, 'clapham'), 404, 'RESTAURANT_NOT_FOUND');
    expectError(
      await chef.visitor.put(`${API}/kitchen/restaurants/clapham/busy`, { minutes: 10 }),
      404,
      'RESTAURANT_NOT_FOUND',
    );

    // A Clapham ticket is not found from Soho; a customer cannot act on their own ticket.
    const s = await takeawayShopper(t, {
      restaurant_id: 'clapham',
      fulfillment_type: 'pickup',
      address: null,
    });
    const orderId = await paidTakeaway(t, s);
    expectError(await chef.visitor.get(`${API}/kitchen/tickets/${orderId}`), 404, 'ORDER_NOT_FOUND');
    expectError(await act(chef, orderId, 'accept', { prep_minutes: 10 }), 404, 'ORDER_NOT_FOUND');
    expectError(await act(s, orderId, 'accept', { prep_minutes: 10 }), 403, 'FORBIDDEN');
    const clapham = await staffAt('clapham');
    expect((await clapham.visitor.get(`${API}/kitchen/tickets/${orderId}`)).status).toBe(200);
  });

  test('an unpaid order never reaches the kitchen', async () => {
    const chef = await staffAt('hackney');
    t.clock.set(new Date('2026-11-18T18:00:00Z'));
    const s = await takeawayShopper(t, {
      restaurant_id: 'hackney',
      fulfillment_type: 'pickup',
      address: null,
    });
    const placed = await placeTakeaway(s);
    expect((await board(chef, 'hackney')).body.data).toEqual([]);
    expectError(
      await chef.visitor.get(`${API}/kitchen/tickets/${placed.body.data.id}`),
      404,
      'ORDER_NOT_FOUND',
    );
  });
});

describe('a delivery from ticket to door', () => {
  test('allergens acknowledged, accepted, ready, out with a rider who moves, delivered by the courier', async () => {
    const chef = await staffAt('soho');
    const s = await takeawayShopper(t);
    await s.visitor.put(`${API}/customers/allergens`, { allergens: [106] });
    const orderId = await paidTakeaway(t, s, { allergens_confirmed: true, delivery_note: 'Blue door' });

    const tickets = await board(chef);
    expect(tickets.status).toBe(200);
    const ticket = tickets.body.data.find((tk: any) => tk.id === orderId);
    expect(ticket.attributes).toMatchObject({
      state: 'submitted',
      state_label: 'New',
      fulfillment_type: 'delivery',
      asap: true,
      due_at: '2026-11-18T12:50:00.000Z',
      note: 'Blue door',
      customer_allergens: [{ code: 106, name: 'Milk' }],
      allergens_acknowledged: false,
      actions: ['acknowledge_allergens', 'reject'],
      delivery_address: { address1: '10 Downing Street' },
    });
    expect(ticket.attributes.lines[0]).toMatchObject({
      quantity: 1,
      title: 'Tagliatelle al Ragù',
      size: 'Grande',
      allergens: ['Celery', 'Gluten', 'Eggs', 'Milk', 'Sulphites'],
      conflicts: ['Milk'],
    });
    expect(tickets.body.meta.cursor).toBeGreaterThanOrEqual(ticket.attributes.version);

    expectError(await act(chef, orderId, 'accept', { prep_minutes: 25 }), 409, 'ALLERGENS_NOT_ACKNOWLEDGED');
    const acknowledged = await act(chef, orderId, 'acknowledge_allergens');
    expect(acknowledged.body.data.attributes).toMatchObject({
      allergens_acknowledged: true,
      actions: ['accept', 'reject'],
    });
    minutes(5);
    const accepted = await act(chef, orderId, 'accept', { prep_minutes: 25 });
    expect(accepted.body.data.attributes).toMatchObject({
      state: 'accepted',
      state_label: 'Cooking',
      prep_minutes: 25,
    });
    const tracking = await s.visitor.get(`${API}/orders/${orderId}/tracking`);
    expect(tracking.body.data.attributes).toMatchObject({
      state_label: 'Is being prepared',
      accepted_at: '2026-11-18T12:35:00.000Z',
      promised_from: '2026-11-18T13:05:00.000Z',
      eta_from: '2026-11-18T13:15:00.000Z',
      eta_to: '2026-11-18T13:30:00.000Z',
    });
    expectError(await act(chef, orderId, 'accept', { prep_minutes: 25 }), 409, 'CONFLICT');
    expectError(
      await act(chef, orderId, 'collected'),
      409,
      'CONFLICT',
      'A delivery order cannot be marked collected',
    );

    minutes(20);
    expect((await act(chef, orderId, 'ready')).body.data.attributes.state).toBe('packed');
    expect(
      (await s.visitor.get(`${API}/orders/${orderId}/driver_location`)).body.data.attributes.status,
    ).toBe('not_dispatched');
    const out = await act(chef, orderId, 'out_for_delivery');
    expect(out.body.data.attributes).toMatchObject({
      state: 'shipped',
      state_label: 'Out for delivery',
      actions: ['delivered'],
    });
    const riding = await s.visitor.get(`${API}/orders/${orderId}/driver_location`);
    expect(riding.body.data.attributes).toMatchObject({
      status: 'to_dropoff',
      pickup: { lat: 51.509576, lon: -0.132015 },
    });
    const eta = riding.body.data.attributes.eta_at;
    const start = riding.body.data.attributes.miles_to_go;
    expect(start).toBeCloseTo(0.5, 1);
    minutes(2);
    const later = await s.visitor.get(`${API}/orders/${orderId}/driver_location`);
    expect(later.body.data.attributes.miles_to_go).toBeLessThan(start);
    const tracked = await s.visitor.get(`${API}/orders/${orderId}/tracking`);
    expect(tracked.body.data.attributes).toMatchObject({
      state_label: 'Is out for delivery',
      driver_trackable: true,
      eta_from: eta,
    });

    // The courier's job sees the handover once the rider is there, at the time the rider arrived.
    expect(await t.app.services.takeawayTracking.progressDeliveries()).toBe(0);
    t.clock.set(new Date(Date.parse(eta) + 90_000));
    expect(await t.app.services.takeawayTracking.progressDeliveries()).toBe(1);
    expect(await t.app.services.takeawayTracking.progressDeliveries()).toBe(0);
    const done = await s.visitor.get(`${API}/orders/${orderId}/tracking`);
    expect(done.body.data.attributes).toMatchObject({
      state: 'delivered',
      state_label: 'Delivered',
      delivered_at: eta,
    });
    expect(
      (await s.visitor.get(`${API}/orders/${orderId}/driver_location`)).body.data.attributes,
    ).toMatchObject({
      status: 'delivered',
      miles_to_go: 0,
    });
    const history = await t.database.db
      .select()
      .from(stateChanges)
      .where(and(eq(stateChanges.subject, 'order'), eq(stateChanges.subjectId, orderId)));
    expect(history.map((h) => [h.fromState, h.toState, h.actor])).toEqual([
      [null, 'created', 'customer'],
      ['created', 'paid', 'customer'],
      ['paid', 'submitted', 'customer'],
      ['submitted', 'accepted', `staff:${chef.id}`],
      ['accepted', 'packed', `staff:${chef.id}`],
      ['packed', 'shipped', `staff:${chef.id}`],
      ['shipped', 'delivered', 'courier'],
    ]);
  });

  test('a collection: ready to collect, then collected; it is never sent out', async () => {
    const chef = await staffAt('soho');
    const s = await takeawayShopper(t, { fulfillment_type: 'pickup', address: null });
    const orderId = await paidTakeaway(t, s);
    expect((await act(chef, orderId, 'accept', { prep_minutes: 15 })).status).toBe(200);
    expectError(
      await act(chef, orderId, 'out_for_delivery'),
      409,
      'CONFLICT',
      'A collection order cannot be sent out for delivery',
    );
    const ready = await act(chef, orderId, 'ready');
    expect(ready.body.data.attributes).toMatchObject({ state: 'ready_for_pickup', actions: ['collected'] });
    expect((await s.visitor.get(`${API}/orders/${orderId}/tracking`)).body.data.attributes.state_label).toBe(
      'Ready for pickup',
    );
    const collected = await act(chef, orderId, 'collected');
    expect(collected.body.data.attributes).toMatchObject({ state: 'delivered', actions: [] });
    expectError(await act(chef, orderId, 'accept', { prep_minutes: 10 }), 409, 'CONFLICT');
    expectError(
      await act(chef, orderId, 'accept', { prep_minutes: 2 }),
      400,
      'VALIDATION_FAILED',
      'prep_minutes must be at least 5',
    );
  });
});

describe('rejecting', () => {
  test('rejected with a reason: dropped, the card and the credit refunded, the customer told', async () => {
    const chef = await staffAt('soho');
    const s = await takeawayShopper(t);
    await t.app.services.credit.redeemCreditVoucher(s.customerId, 'CREDIT-5');
    const orderId = await paidTakeaway(t, s);
    const [paid] = await t.database.db.select().from(payments).where(eq(payments.customerId, s.customerId));
    expect(paid).toMatchObject({ status: 'succeeded', amount: 2399 - 500, creditAmount: 500 });
    expect((await customerById(t, s.customerId)).storeCredits).toBe(0);

    const rejected = await act(chef, orderId, 'reject', { reason: 'Our pasta machine has broken down' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data.attributes).toMatchObject({
      state: 'dropped',
      state_label: 'Rejected',
      rejected_reason: 'Our pasta machine has broken down',
      refunded: true,
      actions: [],
    });
    const [refunded] = await t.database.db.select().from(payments).where(eq(payments.id, paid!.id));
    expect(refunded).toMatchObject({
      status: 'refunded',
      refundReason: 'Rejected by the kitchen: Our pasta machine has broken down',
    });
    const [intent] = await t.database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, refunded!.intentId!));
    expect(intent!.amountRefunded).toBe(1899);
    expect((await customerById(t, s.customerId)).storeCredits).toBe(500);
    const tracking = await s.visitor.get(`${API}/orders/${orderId}/tracking`);
    expect(tracking.body.data.attributes).toMatchObject({
      state_label: 'Unable to process',
      refunded: true,
      rejected_by: 'kitchen',
    });
    const { elsewhere, tracking_token: token } = tracking.body.data.attributes;
    expect(elsewhere.restaurant_id).not.toBe('soho');
    const [email] = await emailsTo(t, s.email, 'takeaway_rejected');
    expect(email!.text).toContain('They told us: “Our pasta machine has broken down”');
    expect(email!.text).toContain('We’ve refunded £18.99 to your card');
    expect(email!.text).toContain('The £5.00 of store credit you used is back in your account.');
    // It was charged and refunded: the email never says it was not (issue 19), and offers another restaurant.
    expect(email!.text).not.toContain('haven’t been charged');
    expect(email!.text).toContain(`${elsewhere.name} is open today, ${elsewhere.distance_miles} miles away.`);
    expect(email!.text).toContain(`/takeaway/track/${token}/elsewhere`);
    // Once is all: a second rejection is refused, and no second refund is made.
    expectError(await act(chef, orderId, 'reject', { reason: 'Again' }), 409, 'CONFLICT');
    expect(await t.app.services.payments.refundOwed(paid!.checkoutId, 'test')).toBe(0);
    expectError(await act(chef, orderId, 'reject', { reason: '' }), 400, 'VALIDATION_FAILED');
  });

  test('a refund the processor could not make is finished by payment recovery', async () => {
    const chef = await staffAt('soho');
    const s = await takeawayShopper(t);
    const orderId = await paidTakeaway(t, s);
    const processor = t.app.services.payments as unknown as { refunds: { settlement: { processors: any } } };
    const stripe = processor.refunds.settlement.processors.stripe;
    const realRefund = stripe.refund;
    stripe.refund = async () => {
      throw new Error('Stripe is down');
    };
    try {
      expect(
        (await act(chef, orderId, 'reject', { reason: 'Closing early tonight' })).body.data.attributes,
      ).toMatchObject({
        state: 'dropped',
        refunded: false,
      });
    } finally {
      stripe.refund = realRefund;
    }
    const [owed] = await t.database.db.select().from(payments).where(eq(payments.customerId, s.customerId));
    expect(owed!.status).toBe('succeeded');
    expect(owed!.refundRequestedAt).not.toBeNull();
    await t.app.services.payments.recoverPayments();
    const [after] = await t.database.db.select().from(payments).where(eq(payments.id, owed!.id));
    expect(after!.status).toBe('refunded');
    expect((await s.visitor.get(`${API}/orders/${orderId}/tracking`)).body.data.attributes.refunded).toBe(
      true,
    );
  });
});

describe('live tickets', () => {
  test('since=cursor answers only what changed; a long-poll wakes for a new ticket', async () => {
    const chef = await staffAt('soho');
    const first = await board(chef);
    const cursor = first.body.meta.cursor;
    expect((await board(chef, 'soho', `?since=${cursor}`)).body.data).toEqual([]);
    const waiting = board(chef, 'soho', `?since=${cursor}&wait=20`);
    const s = await takeawayShopper(t);
    const orderId = await paidTakeaway(t, s);
    const woke = await waiting;
    expect(woke.body.data.map((tk: any) => tk.id)).toEqual([orderId]);
    expect(woke.body.meta.cursor).toBeGreaterThan(cursor);
    await act(chef, orderId, 'accept', { prep_minutes: 20 });
    const changed = await board(chef, 'soho', `?since=${woke.body.meta.cursor}`);
    expect(changed.body.data.map((tk: any) => [tk.id, tk.attributes.state])).toEqual([[orderId, 'accepted']]);
  });

  test('the event stream: a snapshot, then each ticket as it changes, resumable with Last-Event-ID', async () => {
    const chef = await staffAt('soho');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const cookie = chef.visitor.cookieHeader();
    const open = (headers: Record<string, string> = {}) =>
      fetch(`${address}${API}/kitchen/restaurants/soho/tickets/events`, { headers: { cookie, ...headers } });
    const response = await open();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const events = readEvents(response);
    const snapshot = await events.next();
    expect(snapshot.event).toBe('snapshot');

    const s = await takeawayShopper(t);
    const orderId = await paidTakeaway(t, s);
    const arrived = await events.until((e) => e.data.data.some((tk: any) => tk.id === orderId));
    expect(arrived.event).toBe('tickets');
    expect(arrived.data.data.find((tk: any) => tk.id === orderId).attributes.state).toBe('submitted');
    await act(chef, orderId, 'accept', { prep_minutes: 20 });
    const accepted = await events.until((e) =>
      e.data.data.some((tk: any) => tk.id === orderId && tk.attributes.state === 'accepted'),
    );
    events.close();

    // Back after a drop: what changed since the last event seen, and nothing before it.
    await act(chef, orderId, 'ready');
    const resumed = await open({ 'last-event-id': accepted.id });
    const again = readEvents(resumed);
    const missed = await again.next();
    expect(missed.event).toBe('tickets');
    expect(missed.data.data.map((tk: any) => [tk.id, tk.attributes.state])).toEqual([[orderId, 'packed']]);
    again.close();

    // Not staff here: refused before any stream starts.
    const stranger = await signedInCustomer(t);
    const refused = await fetch(`${address}${API}/kitchen/restaurants/soho/tickets/events`, {
      headers: { cookie: stranger.visitor.cookieHeader() },
    });
    expect(refused.status).toBe(403);
  });
});

describe('snoozes and busy mode', () => {
  test('a snooze takes a dish off the menu for an hour; unsnoozed it is back; busy mode moves the estimate', async () => {
    const chef = await staffAt('soho');
    const snoozed = await chef.visitor.post(`${API}/kitchen/restaurants/soho/snoozes`, {
      product_id: MENU.tiramisu,
      duration: 'hour',
    });
    expect(snoozed.body.data).toEqual([
      {
        id: String(MENU.tiramisu),
        type: 'snoozed_products',
        attributes: {
          product_id: String(MENU.tiramisu),
          title: 'Tiramisù',
          until: '2026-11-18T13:30:00.000Z',
        },
      },
    ]);
    const menu = await t.visitor().get(`${API}/restaurants/soho/menu`);
    expect(menu.body.included.find((p: any) => p.id === String(MENU.tiramisu)).attributes.available).toBe(
      false,
    );
    const tomorrow = await chef.visitor.post(`${API}/kitchen/restaurants/soho/snoozes`, {
      product_id: MENU.burrata,
      duration: 'tomorrow',
    });
    expect(tomorrow.body.data.find((p: any) => p.id === String(MENU.burrata)).attributes.until).toBe(
      '2026-11-19T00:00:00.000Z',
    );
    expect(
      (await chef.visitor.delete(`${API}/kitchen/restaurants/soho/snoozes/${MENU.tiramisu}`)).body.data.map(
        (p: any) => p.id,
      ),
    ).toEqual([String(MENU.burrata)]);
    await chef.visitor.delete(`${API}/kitchen/restaurants/soho/snoozes/${MENU.burrata}`);
    expectError(
      await chef.visitor.delete(`${API}/kitchen/restaurants/soho/snoozes/${MENU.burrata}`),
      404,
      'NOT_FOUND',
    );
    expectError(
      await chef.visitor.post(`${API}/kitchen/restaurants/soho/snoozes`, {
        product_id: 99999,
        duration: 'hour',
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await chef.visitor.post(`${API}/kitchen/restaurants/soho/snoozes`, {
        product_id: MENU.ragu,
        duration: 'week',
      }),
      400,
      'VALIDATION_FAILED',
    );

    const busy = await chef.visitor.put(`${API}/kitchen/restaurants/soho/busy`, { minutes: 30 });
    expect(busy.body.data[0].attributes).toMatchObject({ busy_minutes: 30 });
    const restaurant = await t.visitor().get(`${API}/restaurants/soho`);
    expect(restaurant.body.data.attributes).toMatchObject({ busy_minutes: 30, eta_text: '65 - 80 mins' });
    expectError(
      await chef.visitor.put(`${API}/kitchen/restaurants/soho/busy`, { minutes: 25 }),
      400,
      'VALIDATION_FAILED',
    );
    await chef.visitor.put(`${API}/kitchen/restaurants/soho/busy`, { minutes: 0 });
  });
});

/** Reads a Server-Sent Events stream: each event's name, id and JSON data, in order. */
function readEvents(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async (): Promise<{ event: string; id: string; data: any }> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields: Record<string, string> = Object.fromEntries(
          block
            .split('\n')
            .filter((line) => line && !line.startsWith(':'))
            .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
        );
        if (!fields.event) continue;
        return { event: fields.event, id: fields.id ?? '', data: JSON.parse(fields.data ?? 'null') };
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('The stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
  return {
    next,
    async until(found: (event: { event: string; id: string; data: any }) => boolean) {
      for (;;) {
        const event = await next();
        if (found(event)) return event;
      }
    },
    close: () => void reader.cancel(),
  };
}
