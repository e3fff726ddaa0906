import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';
import { sandboxPaymentIntents } from '../../db/schema/payments-sandbox';
import { settings } from '../../db/schema/shop';
import { stateChanges } from '../../db/schema/state-changes';
import { takeawayBaskets, takeawayOrders } from '../../db/schema/takeaway';
import { JOB } from '../../jobs/shop-jobs';
import type { RunningJobs } from '../../jobs/start';
import { cachedShopRules } from '../shop';
import { emailsTo, linksIn } from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import { CARDS, saveCard } from '../../test/checkout';
import type { TestApp, Visitor } from '../../test/harness';
import {
  LUNCH,
  MENU,
  paidTakeaway,
  placeTakeaway,
  takeawayShopper,
  type TakeawayShopper,
  useTakeawayShop,
} from '../../test/takeaway';

// What a takeaway promises, kept (issue 19) on the shop's pinned clock: a paid order the kitchen does not
// accept in time is rejected and refunded by its job (item 5); nothing is booked beyond the horizon the time
// slots offer (item 19); an unpaid or declined order holds its slot for minutes, not hours (item 20).

const shop = useTakeawayShop();
let t: TestApp;
let running: RunningJobs;
let chef: Visitor;
beforeAll(() => ({ t, running, chef } = shop));

const at = (iso: string) => t.clock.set(new Date(iso));
const tracking = async (s: { visitor: Visitor }, orderId: string) =>
  (await s.visitor.get(`${API}/orders/${orderId}/tracking`)).body.data.attributes;
const pay = (s: { visitor: Visitor }, orderId: string, card: string) =>
  s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card });
async function runUnaccepted() {
  await running.jobs.send(JOB.rejectUnacceptedTakeaways);
  return running.jobs.runDue(JOB.rejectUnacceptedTakeaways);
}

describe('a paid takeaway no one accepts (item 5)', () => {
  test('waits for the restaurant until 5 minutes after payment, then is rejected and refunded in full, once', async () => {
    const s = await takeawayShopper(t);
    const orderId = await paidTakeaway(t, s);
    expect(await tracking(s, orderId)).toMatchObject({
      state: 'submitted',
      state_label: 'Waiting for the restaurant',
      accepted_at: null,
      accept_by: '2026-11-18T12:35:00.000Z',
    });

    // A second before: the job runs and leaves it waiting.
    at('2026-11-18T12:34:59.000Z');
    expect(await runUnaccepted()).toBe(1);
    expect((await tracking(s, orderId)).state).toBe('submitted');

    at('2026-11-18T12:35:00.000Z');
    expect(await runUnaccepted()).toBe(1);
    const dropped = await tracking(s, orderId);
    expect(dropped).toMatchObject({
      state: 'dropped',
      state_label: 'Unable to process',
      rejected_by: 'timeout',
      rejected_reason: 'Not accepted within 5 minutes',
      refunded: true,
    });
    // The nearest other restaurant that delivers to Downing Street and is open today.
    expect(dropped.elsewhere).toMatchObject({ restaurant_id: expect.any(String), name: expect.any(String) });
    expect(dropped.elsewhere.restaurant_id).not.toBe('soho');
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.customerId, s.customerId));
    expect(payment).toMatchObject({
      status: 'refunded',
      refundReason: 'Not accepted in time: Not accepted within 5 minutes',
    });
    const [intent] = await t.database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, payment!.intentId!));
    expect(intent!.amountRefunded).toBe(2399);

    const [email] = await emailsTo(t, s.email, 'takeaway_rejected');
    expect(email!.subject).toBe(`Sorry, Sfoglia Soho didn’t accept your order #${dropped.number}`);
    expect(email!.text).toContain(
      `Sfoglia Soho didn’t accept your order #${dropped.number} within 5 minutes, so we’ve cancelled it rather than keep you waiting.`,
    );
    expect(email!.text).toContain('We’ve refunded £23.99 to your card');
    expect(email!.text).not.toContain('haven’t been charged');
    expect(email!.text).toContain(
      `${dropped.elsewhere.name} is open today, ${dropped.elsewhere.distance_miles} miles away.`,
    );
    const links = linksIn(email!).map((url) => url.pathname);
    expect(links).toEqual([
      `/takeaway/track/${dropped.tracking_token}/elsewhere`,
      `/takeaway/track/${dropped.tracking_token}`,
    ]);

    // Again: nothing more to do, no second refund, no second email.
    at('2026-11-18T12:40:00.000Z');
    expect(await runUnaccepted()).toBe(1);
    expect(await t.app.services.payments.refundOwed(payment!.checkoutId, 'test')).toBe(0);
    expect(await emailsTo(t, s.email, 'takeaway_rejected')).toHaveLength(1);
    const changes = await t.database.db
      .select({ actor: stateChanges.actor })
      .from(stateChanges)
      .where(and(eq(stateChanges.subjectId, orderId), eq(stateChanges.toState, 'dropped')));
    expect(changes).toEqual([{ actor: 'job:takeaway-unaccepted' }]);
  });

  test('an order accepted in time is left alone; one paid before opening waits for the opening', async () => {
    const s = await takeawayShopper(t);
    const orderId = await paidTakeaway(t, s);
    at('2026-11-18T12:34:00.000Z');
    const accepted = await chef.post(`${API}/kitchen/tickets/${orderId}/accept`, { prep_minutes: 20 });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    at('2026-11-18T12:50:00.000Z');
    await runUnaccepted();
    expect(await tracking(s, orderId)).toMatchObject({ state: 'accepted', rejected_at: null });

    // Paid at 10:00 for 12:15 while the kitchen is closed (it opens at 11:30): accepted by 11:35.
    at('2026-11-18T10:00:00.000Z');
    const early = await takeawayShopper(t, {
      time_slot: { asap: false, start_time: '2026-11-18T12:15:00.000Z' },
    });
    const earlyId = await paidTakeaway(t, early);
    expect((await tracking(early, earlyId)).accept_by).toBe('2026-11-18T11:35:00.000Z');
    at('2026-11-18T11:34:00.000Z');
    await runUnaccepted();
    expect((await tracking(early, earlyId)).state).toBe('submitted');
    at('2026-11-18T11:35:00.000Z');
    await runUnaccepted();
    expect((await tracking(early, earlyId)).state).toBe('dropped');
  });

  test('the minutes are a shop setting served by GET /settings (5 unless set; 1 to 60)', async () => {
    const answer = await t.visitor().get(`${API}/settings`);
    expect(answer.body.data.attributes.takeaway_acceptance).toEqual({
      minutes: 5,
      rule:
        'The restaurant accepts your order within 5 minutes of receiving it (of opening, if you order ' +
        'before it opens). If it doesn’t, we cancel the order and refund you in full.',
    });
    try {
      await t.database.db.insert(settings).values({ key: 'takeaway_accept_minutes', value: 3 });
      expect((await cachedShopRules(t.database.db).get()).takeawayAcceptMinutes).toBe(3);
      for (const wrong of [0, 61, 2.5, 'five']) {
        await t.database.db
          .update(settings)
          .set({ value: wrong })
          .where(eq(settings.key, 'takeaway_accept_minutes'));
        expect((await cachedShopRules(t.database.db).get()).takeawayAcceptMinutes).toBe(5);
      }
    } finally {
      await t.database.db.delete(settings).where(eq(settings.key, 'takeaway_accept_minutes'));
    }
  });
});

describe('the booking horizon (item 19)', () => {
  const slot = (start: string) => ({ time_slot: { asap: false, start_time: start } });

  test('a slot a year ahead is refused at the basket; the last day the time slots offer is not', async () => {
    const s = await takeawayShopper(t);
    const refused = expectError(
      await s.visitor.put(`${API}/baskets/${s.basketId}`, slot('2027-11-18T13:00:00.000Z')),
      400,
      'SLOT_TOO_FAR_AHEAD',
      'Pasta Now can be booked up to Tuesday 24 November. Please choose an earlier time.',
    );
    expect(refused[0]!.meta).toMatchObject({ last_date: '2026-11-24' });
    const offered = await t
      .visitor()
      .get(`${API}/restaurants/soho/time_slot_dates?fulfillment_type=delivery`);
    expect(offered.body.data.at(-1).attributes.date).toBe('2026-11-24');
    expect(
      (await s.visitor.put(`${API}/baskets/${s.basketId}`, slot('2026-11-24T13:00:00.000Z'))).status,
    ).toBe(200);
    expectError(
      await s.visitor.put(`${API}/baskets/${s.basketId}`, slot('2026-11-25T13:00:00.000Z')),
      400,
      'SLOT_TOO_FAR_AHEAD',
    );
  });

  test('catering has its own horizon, three weeks', async () => {
    const s = await takeawayShopper(t, { is_catering_order: true, ...slot('2026-11-19T14:00:00.000Z') }, [
      [MENU.lasagneTray, 3],
    ]);
    expect(
      (await s.visitor.put(`${API}/baskets/${s.basketId}`, slot('2026-12-08T14:00:00.000Z'))).status,
    ).toBe(200);
    expectError(
      await s.visitor.put(`${API}/baskets/${s.basketId}`, slot('2026-12-09T14:00:00.000Z')),
      400,
      'SLOT_TOO_FAR_AHEAD',
      'Catering can be booked up to Tuesday 8 December. Please choose an earlier day.',
    );
  });

  test('a basket already holding a far slot is not placed, and nothing is charged', async () => {
    const s = await takeawayShopper(t);
    await t.database.db
      .update(takeawayBaskets)
      .set({ asap: false, slotStart: new Date('2027-11-18T13:00:00.000Z') })
      .where(eq(takeawayBaskets.basketId, s.basketId));
    const card = await saveCard(t, s, CARDS.visa);
    expectError(await placeTakeaway(s, { payment: { payment_method_id: card } }), 400, 'SLOT_TOO_FAR_AHEAD');
    expect(await t.database.db.select().from(orders).where(eq(orders.customerId, s.customerId))).toEqual([]);
    expect(await t.database.db.select().from(payments).where(eq(payments.customerId, s.customerId))).toEqual(
      [],
    );
  });
});

describe('holding a slot while paying (item 20)', () => {
  // Collections from Clapham (20 minutes' prep), each test at a slot of its own.
  const SLOT = { asap: false, start_time: '2026-11-18T19:00:00.000Z' };
  const pickup = (start = SLOT.start_time) =>
    takeawayShopper(
      t,
      {
        restaurant_id: 'clapham',
        fulfillment_type: 'pickup',
        address: null,
        time_slot: { asap: false, start_time: start },
      },
      [[MENU.ragu, 2]],
    );
  /** The orders holding the 19:00 slot at Clapham now (as its capacity counts them). */
  const holders = async () => {
    const slots = await t.visitor().get(`${API}/restaurants/clapham/time_slots?fulfillment_type=pickup`);
    return slots.body.data.find((s: any) => s.attributes.start_time === SLOT.start_time).attributes
      .remaining as number;
  };

  beforeAll(() => t.database.db.execute(sql`update restaurants set slot_capacity = 2 where id = 'clapham'`));
  afterAll(() => t.database.db.execute(sql`update restaurants set slot_capacity = 6 where id = 'clapham'`));

  test('unpaid orders hold a slot for 10 minutes, not hours; paying after that books again only if there is room', async () => {
    const [a, b, c, d] = [await pickup(), await pickup(), await pickup(), await pickup()];
    const aId = (await placeTakeaway(a)).body.data.id as string;
    expect((await placeTakeaway(b)).status).toBe(201);
    expect(await holders()).toBe(0);
    expectError(
      await placeTakeaway(c),
      400,
      'SLOT_UNAVAILABLE',
      '19:00 – 19:15 is fully booked. Please choose another time.',
    );

    // Ten minutes on, nobody has paid: the places are free again.
    t.clock.advance(10 * 60_000);
    expect(await holders()).toBe(2);
    const cId = (await placeTakeaway(c)).body.data.id as string;
    expect((await pay(c, cId, await saveCard(t, c, CARDS.visa))).body.data.attributes.status).toBe(
      'succeeded',
    );
    expect((await placeTakeaway(d)).status).toBe(201);
    expect(await holders()).toBe(0);

    // The first customer comes back to pay: the slot is full, so they are refused before any charge.
    const card = await saveCard(t, a, CARDS.visa);
    expectError(
      await pay(a, aId, card),
      400,
      'SLOT_UNAVAILABLE',
      '19:00 – 19:15 is fully booked. Please choose another time. You haven’t been charged.',
    );
    expect(await t.database.db.select().from(payments).where(eq(payments.customerId, a.customerId))).toEqual(
      [],
    );
    // Never more orders holding the slot than it takes: C paid, D holding.
    const held = await t.database.db
      .select({ id: takeawayOrders.orderId })
      .from(takeawayOrders)
      .innerJoin(orders, eq(orders.id, takeawayOrders.orderId))
      .where(
        and(
          eq(takeawayOrders.restaurantId, 'clapham'),
          eq(takeawayOrders.slotStart, new Date(SLOT.start_time)),
          sql`(${orders.state} = 'submitted' or ${takeawayOrders.heldUntil} > ${t.clock.now()})`,
        ),
      );
    expect(held).toHaveLength(2);
  }, 120_000);

  test('a declined payment keeps its place for 2 minutes; the retry books again when the place is free', async () => {
    const at1915 = await pickup('2026-11-18T19:15:00.000Z');
    await t.database.db.execute(sql`update restaurants set slot_capacity = 1 where id = 'clapham'`);
    try {
      const placed = await placeTakeaway(at1915);
      const orderId = placed.body.data.id as string;
      const declined = await pay(at1915, orderId, await saveCard(t, at1915, CARDS.insufficientFunds));
      expectError(declined, 402, 'PAYMENT_DECLINED');
      const [row] = await t.database.db
        .select()
        .from(takeawayOrders)
        .where(eq(takeawayOrders.orderId, orderId));
      expect(row!.heldUntil).toEqual(new Date(LUNCH.getTime() + 2 * 60_000));

      const other = await pickup('2026-11-18T19:15:00.000Z');
      t.clock.advance(60_000);
      expectError(await placeTakeaway(other), 400, 'SLOT_UNAVAILABLE');
      t.clock.advance(60_000);
      // The grace is over and the place free: the retry takes it again and pays.
      const retried = await pay(at1915, orderId, await saveCard(t, at1915, CARDS.visa));
      expect(retried.body.data.attributes.status, JSON.stringify(retried.body)).toBe('succeeded');
      expectError(await placeTakeaway(other), 400, 'SLOT_UNAVAILABLE');
    } finally {
      await t.database.db.execute(sql`update restaurants set slot_capacity = 2 where id = 'clapham'`);
    }
  }, 120_000);

  test('an unpaid order is never paid once its slot can no longer be made', async () => {
    // 19:30 is ready at 19:30: it can be ordered until 19:10, then no more.
    const late: TakeawayShopper = await pickup('2026-11-18T19:30:00.000Z');
    at('2026-11-18T19:05:00.000Z');
    const orderId = (await placeTakeaway(late)).body.data.id as string;
    at('2026-11-18T19:15:00.000Z');
    expectError(
      await pay(late, orderId, await saveCard(t, late, CARDS.visa)),
      400,
      'SLOT_UNAVAILABLE',
      'That time is no longer available. Please choose another time. You haven’t been charged.',
    );
  });
});

describe('public tracking (item 18)', () => {
  test('whoever has the link follows the order signed out, and sees nothing personal beyond a first name', async () => {
    const s = await takeawayShopper(t);
    await s.visitor.put(`${API}/customers/allergens`, { allergens: [106] });
    const orderId = await paidTakeaway(t, s, {
      delivery_note: 'Ring the top bell',
      allergens_confirmed: true,
    });
    const token = (await tracking(s, orderId)).tracking_token as string;

    const friend = t.visitor();
    const seen = await friend.get(`${API}/tracking/${token}`);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body).toMatchObject({
      data: {
        id: token,
        type: 'takeaway_tracking',
        attributes: {
          state: 'submitted',
          state_label: 'Waiting for the restaurant',
          fulfillment_type: 'delivery',
          first_name: 'Ada',
          restaurant: { id: 'soho', name: 'Sfoglia Soho', phone: '+442079460101' },
          accept_by: '2026-11-18T12:35:00.000Z',
          paid_at: LUNCH.toISOString(),
          driver_trackable: false,
        },
      },
      meta: { order_id: null },
    });
    expect(seen.body.data.attributes.line_items.map((l: any) => [l.title, l.sub_items])).toEqual([
      ['Tagliatelle al Ragù', [{ title: 'Grande (bigger portion)', group: 'size' }]],
      ['Rosemary Focaccia', []],
    ]);
    // Nothing else: no address, phone, email, surname, note, allergens, prices, payment or the order's id.
    const everything = JSON.stringify(seen.body);
    for (const secret of [
      '10 Downing Street',
      'SW1A',
      '+447911123456',
      s.email,
      'Lovelace',
      'Ring the top bell',
      'Milk',
      '2399',
      '1650',
      orderId,
      s.customerId,
    ]) {
      expect(everything).not.toContain(secret);
    }
    for (const key of [
      'delivery_address',
      'delivery_note',
      'customer_allergens',
      'total',
      'checkout_id',
      'payable',
    ]) {
      expect(seen.body.data.attributes).not.toHaveProperty(key);
    }

    // Its own customer, signed in, is told which of their orders it is; another customer is not.
    expect((await s.visitor.get(`${API}/tracking/${token}`)).body.meta).toEqual({ order_id: orderId });
    const other = await takeawayShopper(t);
    expect((await other.visitor.get(`${API}/tracking/${token}`)).body.meta).toEqual({ order_id: null });
    // The signed-in path by the order's id stays the owner's alone.
    expectError(await friend.get(`${API}/orders/${orderId}/tracking`), 401, 'UNAUTHENTICATED');
    expectError(await other.visitor.get(`${API}/orders/${orderId}/tracking`), 404, 'ORDER_NOT_FOUND');
  });

  test('the rider is followed by how far along, never where; links that name nothing are limited', async () => {
    const s = await takeawayShopper(t);
    const orderId = await paidTakeaway(t, s);
    const token = (await tracking(s, orderId)).tracking_token as string;
    const friend = t.visitor();
    await chef.post(`${API}/kitchen/tickets/${orderId}/accept`, { prep_minutes: 20 });
    await chef.post(`${API}/kitchen/tickets/${orderId}/ready`, {});
    await chef.post(`${API}/kitchen/tickets/${orderId}/out_for_delivery`, {});
    t.clock.advance(2 * 60_000);
    const rider = await friend.get(`${API}/tracking/${token}/driver_location`);
    expect(rider.status, JSON.stringify(rider.body)).toBe(200);
    const where = rider.body.data.attributes;
    expect(where).toMatchObject({ status: 'to_dropoff', lat: null, lon: null, bearing: null, dropoff: null });
    expect(where.progress).toBeGreaterThan(0);
    expect(where.progress).toBeLessThan(1);
    expect((await friend.get(`${API}/tracking/${token}`)).body.data.attributes).toMatchObject({
      state_label: 'Is out for delivery',
      driver_trackable: true,
    });
    // The owner's own call still has the coordinates, and the same progress.
    const own = (await s.visitor.get(`${API}/orders/${orderId}/driver_location`)).body.data.attributes;
    expect(own.lat).not.toBeNull();
    expect(own.progress).toBe(where.progress);

    // Not a tracking key (the order's id is not one), and a key that names no order.
    expectError(await friend.get(`${API}/tracking/${orderId}`), 400, 'VALIDATION_FAILED');
    const unknown = () => friend.get(`${API}/tracking/${'0'.repeat(31)}${Math.floor(Math.random() * 10)}`);
    for (let i = 0; i < 20; i++) expectError(await unknown(), 404, 'ORDER_NOT_FOUND');
    expectError(await unknown(), 429, 'RATE_LIMITED');
    expectError(await friend.get(`${API}/tracking/${'f'.repeat(32)}/driver_location`), 429, 'RATE_LIMITED');
    // The real link still works for whoever has it.
    expect((await friend.get(`${API}/tracking/${token}`)).status).toBe(200);
  });
});
