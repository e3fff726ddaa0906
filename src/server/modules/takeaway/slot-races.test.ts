import { and, eq, inArray, notInArray, or, gt, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { RELEASED_STATES, UNPAID_STATES } from '../../../domain/takeaway-promises';
import { orders } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';
import { takeawayOrders } from '../../db/schema/takeaway';
import { API, expectError } from '../../test/api-expect';
import { CARDS, saveCard } from '../../test/checkout';
import type { TestApp } from '../../test/harness';
import { countStatements } from '../../test/round-trips';
import {
  MENU,
  placeTakeaway,
  takeawayShopper,
  type TakeawayShopper,
  useTakeawayShop,
} from '../../test/takeaway';

// A slot's capacity holds when placing and paying race (issue 24 part 6). Placing takes the slot's lock only
// for its last statements; paying keeps a place it holds without the lock while its hold has long to run,
// and books again under the lock once it has run out. Decided by counting: on PostgreSQL these requests
// really run at once; on PGlite one after another.

const shop = useTakeawayShop();
let t: TestApp;
beforeAll(() => ({ t } = shop));

const CAPACITY = 3;
const CUSTOMERS = 10;

const pay = (s: TakeawayShopper, orderId: string, card: string) =>
  s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card });

/** Collections from Clapham at a slot (or ASAP), each with a saved Visa. */
async function customers(n: number, timeSlot: Record<string, unknown>) {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const s = await takeawayShopper(
        t,
        { restaurant_id: 'clapham', fulfillment_type: 'pickup', address: null, time_slot: timeSlot },
        [[MENU.ragu, 2]],
      );
      return { s, card: await saveCard(t, s, CARDS.visa) };
    }),
  );
}

/** The orders a slot counts now, as its capacity counts them (paid, or unpaid and still held). */
async function holding(slotStart: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ id: takeawayOrders.orderId })
    .from(takeawayOrders)
    .innerJoin(orders, eq(orders.id, takeawayOrders.orderId))
    .where(
      and(
        eq(takeawayOrders.restaurantId, 'clapham'),
        eq(takeawayOrders.slotStart, new Date(slotStart)),
        notInArray(orders.state, [...RELEASED_STATES]),
        or(notInArray(orders.state, [...UNPAID_STATES]), gt(takeawayOrders.heldUntil, t.clock.now())),
      ),
    );
  return rows.map((row) => row.id);
}

async function withCapacity<T>(capacity: number, run: () => Promise<T>): Promise<T> {
  await t.database.db.execute(sql`update restaurants set slot_capacity = ${capacity} where id = 'clapham'`);
  try {
    return await run();
  } finally {
    await t.database.db.execute(sql`update restaurants set slot_capacity = 6 where id = 'clapham'`);
  }
}

const statuses = (answers: { status: number }[]) => answers.map((answer) => answer.status);

describe(`${CUSTOMERS} customers racing for a slot of ${CAPACITY} places`, () => {
  test('placing, then paying while others place again: never more than the capacity holding it', async () => {
    const slot = '2026-11-18T18:00:00.000Z';
    await withCapacity(CAPACITY, async () => {
      const racers = await customers(CUSTOMERS, { asap: false, start_time: slot });
      const placed = await Promise.all(racers.map(({ s }) => placeTakeaway(s)));
      expect(statuses(placed).filter((status) => status === 201)).toHaveLength(CAPACITY);
      for (const refused of placed.filter((answer) => answer.status !== 201))
        expectError(
          refused,
          400,
          'SLOT_UNAVAILABLE',
          '18:00 – 18:15 is fully booked. Please choose another time.',
        );
      expect(await holding(slot)).toHaveLength(CAPACITY);

      // The three pay (their holds have minutes to run) while the seven place again: every payment goes
      // through, no placement does.
      const winners = racers.filter((_, i) => placed[i]!.status === 201);
      const losers = racers.filter((_, i) => placed[i]!.status !== 201);
      const [paid, again] = await Promise.all([
        Promise.all(
          winners.map(({ s, card }, i) => pay(s, placed[racers.indexOf(winners[i]!)]!.body.data.id, card)),
        ),
        Promise.all(losers.map(({ s }) => placeTakeaway(s))),
      ]);
      expect(paid.map((answer) => answer.body.data?.attributes.status)).toEqual([
        'succeeded',
        'succeeded',
        'succeeded',
      ]);
      expect(statuses(again).filter((status) => status === 201)).toHaveLength(0);
      expect(await holding(slot)).toHaveLength(CAPACITY);
    });
  }, 120_000);

  test('holds that ran out: payments booking again race new orders, and exactly the capacity win', async () => {
    const slot = '2026-11-18T18:15:00.000Z';
    await withCapacity(CAPACITY, async () => {
      const racers = await customers(CUSTOMERS, { asap: false, start_time: slot });
      const [first, ...rest] = [racers.slice(0, CAPACITY), racers.slice(CAPACITY)];
      const placed = await Promise.all(first!.map(({ s }) => placeTakeaway(s)));
      expect(statuses(placed), JSON.stringify(placed[0]!.body)).toEqual([201, 201, 201]);

      // Ten minutes on, unpaid: the places are free. The first three come back to pay as seven new orders
      // are placed, all at once.
      t.clock.advance(10 * 60_000);
      expect(await holding(slot)).toHaveLength(0);
      const [paid, newcomers] = await Promise.all([
        Promise.all(first!.map(({ s, card }, i) => pay(s, placed[i]!.body.data.id, card))),
        Promise.all(rest.flat().map(({ s }) => placeTakeaway(s))),
      ]);
      const paidOk = paid.filter((answer) => answer.body.data?.attributes.status === 'succeeded');
      const placedOk = newcomers.filter((answer) => answer.status === 201);
      expect(paidOk.length + placedOk.length).toBe(CAPACITY);
      for (const refused of paid.filter((answer) => answer.status !== 201))
        expectError(
          refused,
          400,
          'SLOT_UNAVAILABLE',
          '18:15 – 18:30 is fully booked. Please choose another time. You haven’t been charged.',
        );
      // A refused payment charged nothing.
      const refusedCustomers = first!.filter((_, i) => paid[i]!.status !== 201).map(({ s }) => s.customerId);
      if (refusedCustomers.length > 0) {
        expect(
          await t.database.db.select().from(payments).where(inArray(payments.customerId, refusedCustomers)),
        ).toEqual([]);
      }
      expect(await holding(slot)).toHaveLength(CAPACITY);
    });
  }, 120_000);
  test('holds that ran out are never kept: once newcomers have the places, the payments are refused', async () => {
    const slot = '2026-11-18T18:45:00.000Z';
    await withCapacity(CAPACITY, async () => {
      const racers = await customers(2 * CAPACITY, { asap: false, start_time: slot });
      const [first, later] = [racers.slice(0, CAPACITY), racers.slice(CAPACITY)];
      const placed = await Promise.all(first.map(({ s }) => placeTakeaway(s)));
      expect(statuses(placed)).toEqual([201, 201, 201]);
      t.clock.advance(10 * 60_000);
      const newcomers = await Promise.all(later.map(({ s }) => placeTakeaway(s)));
      expect(statuses(newcomers)).toEqual([201, 201, 201]);
      const paid = await Promise.all(first.map(({ s, card }, i) => pay(s, placed[i]!.body.data.id, card)));
      for (const refused of paid) expectError(refused, 400, 'SLOT_UNAVAILABLE');
      expect((await holding(slot)).sort()).toEqual(newcomers.map((answer) => answer.body.data.id).sort());
    });
  }, 120_000);
});

describe('paying an ASAP order', () => {
  const asap = () => customers(1, { asap: true }).then(([one]) => one!);
  /** The slot locks a request took: `select … from "takeaway_slots" … for update`. */
  const slotLocks = (statements: string[]) =>
    statements.filter((text) => /from "takeaway_slots"/.test(text) && /for update/i.test(text));

  test('while its hold has minutes to run keeps its place without the slot’s lock, its promise counted from now', async () => {
    const { s, card } = await asap();
    const placed = await placeTakeaway(s);
    expect(placed.status).toBe(201);
    const orderId = placed.body.data.id as string;
    // 12:30, 20 minutes' prep: ready from 12:50, in the 12:45 slot, held until 12:40.
    const [before] = await t.database.db
      .select()
      .from(takeawayOrders)
      .where(eq(takeawayOrders.orderId, orderId));
    expect(before!.slotStart).toEqual(new Date('2026-11-18T12:45:00.000Z'));
    expect(before!.heldUntil).toEqual(new Date('2026-11-18T12:40:00.000Z'));

    t.clock.advance(60_000);
    let answer;
    const counted = await countStatements(async () => {
      answer = await pay(s, orderId, card);
    });
    expect(answer!.body.data.attributes.status).toBe('succeeded');
    expect(slotLocks(counted.sql)).toEqual([]);
    const [after] = await t.database.db
      .select()
      .from(takeawayOrders)
      .where(eq(takeawayOrders.orderId, orderId));
    expect(after).toMatchObject({
      slotStart: new Date('2026-11-18T12:45:00.000Z'),
      promisedFrom: new Date('2026-11-18T12:51:00.000Z'),
      promisedTo: new Date('2026-11-18T13:06:00.000Z'),
    });
  });

  test('with less than five minutes of its hold left books again under the slot’s lock (the same place)', async () => {
    const { s, card } = await asap();
    const orderId = (await placeTakeaway(s)).body.data.id as string;
    // Held until 12:40: at 12:36 four minutes are left.
    t.clock.set(new Date('2026-11-18T12:36:00.000Z'));
    let answer;
    const counted = await countStatements(async () => {
      answer = await pay(s, orderId, card);
    });
    expect(answer!.body.data.attributes.status).toBe('succeeded');
    expect(slotLocks(counted.sql).length).toBeGreaterThan(0);
    const [after] = await t.database.db
      .select()
      .from(takeawayOrders)
      .where(eq(takeawayOrders.orderId, orderId));
    expect(after!.slotStart).toEqual(new Date('2026-11-18T12:45:00.000Z'));
  });

  test('after its hold ran out books again under the slot’s lock, in the slot it can be ready in now', async () => {
    const { s, card } = await asap();
    const orderId = (await placeTakeaway(s)).body.data.id as string;
    expect(await holding('2026-11-18T12:45:00.000Z')).toContain(orderId);

    // 13:10: the hold ended at 12:40; ready from 13:30 now.
    t.clock.set(new Date('2026-11-18T13:10:00.000Z'));
    expect(await holding('2026-11-18T12:45:00.000Z')).not.toContain(orderId);
    let answer;
    const counted = await countStatements(async () => {
      answer = await pay(s, orderId, card);
    });
    expect(answer!.body.data.attributes.status).toBe('succeeded');
    expect(slotLocks(counted.sql).length).toBeGreaterThan(0);
    const [after] = await t.database.db
      .select()
      .from(takeawayOrders)
      .where(eq(takeawayOrders.orderId, orderId));
    expect(after).toMatchObject({
      slotStart: new Date('2026-11-18T13:30:00.000Z'),
      promisedFrom: new Date('2026-11-18T13:30:00.000Z'),
      promisedTo: new Date('2026-11-18T13:45:00.000Z'),
    });
    expect(await holding('2026-11-18T13:30:00.000Z')).toContain(orderId);
    expect(await holding('2026-11-18T12:45:00.000Z')).not.toContain(orderId);
  });
});

test('placing holds the slot’s lock only for its last statements: counting the slot, writing the place, the commit', async () => {
  const [one] = await customers(1, { asap: false, start_time: '2026-11-18T18:30:00.000Z' });
  const { s } = one!;
  let status = 0;
  const counted = await countStatements(async () => {
    status = (await placeTakeaway(s)).status;
  });
  expect(status).toBe(201);
  const statements = counted.sql.map((text) => text.replace(/\s+/g, ' ').trim());
  // The slot's lock is taken by its last `select … for update` (a new slot's row is made first).
  const locked = statements.findLastIndex(
    (text) => /from "takeaway_slots"/.test(text) && /for update/i.test(text),
  );
  expect(locked).toBeGreaterThan(0);
  const commit = statements.findIndex((text, i) => i > locked && /^commit/i.test(text));
  const what = (text: string) =>
    /count\(\*\)/.test(text) && /from "takeaway_orders"/.test(text)
      ? 'the slot counted'
      : /^insert into "takeaway_orders"/.test(text)
        ? 'the place taken'
        : text;
  expect(statements.slice(locked + 1, commit + 1).map(what)).toEqual([
    'the slot counted',
    'the place taken',
    'commit',
  ]);
});
