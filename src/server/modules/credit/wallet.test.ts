import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { CreditSource } from '../../../domain/wallet';
import { creditLotSpends, storeCreditLots, storeCreditTransactions } from '../../db/schema/credit';
import { customers } from '../../db/schema/customers';
import { API, expectError } from '../../test/api-expect';
import {
  clearRateLimits,
  customerById,
  emailsTo,
  insertCustomer,
  signedInCustomer,
} from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { TEST_NOW } from '../../test/test-clock';
import { expireCredit, remindExpiringCredit } from './credit-expiry';
import { addCredit, spendCredit } from './credit.service';

// One wallet through the database (issue 23 part 4, decision 30): credit added is a lot with its source and
// expiry, spent oldest-expiring first, returned to the lots it came from when a payment fails; the balance is
// always the lots' sum; the reminder goes once per lot and the expiry takes each lot off once, however many
// workers run it; the history says where each movement came from and when it expires, to its customer only.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => clearRateLimits(t));
afterEach(() => t.clock.set(TEST_NOW));

const DAY = 86_400_000;
const PUBLIC_URL = 'http://localhost:3000';

function give(
  customerId: string,
  amount: number,
  options: { reason?: string; source?: CreditSource; expiresAt?: Date | null; description?: string } = {},
) {
  return t.database.db.transaction((tx) =>
    addCredit(tx, {
      customerId,
      amount,
      reason: options.reason ?? 'goodwill',
      description: options.description ?? `£${(amount / 100).toFixed(2)} from the test`,
      reference: null,
      at: t.clock.now(),
      ...(options.source ? { source: options.source } : {}),
      ...(options.expiresAt !== undefined ? { expiresAt: options.expiresAt } : {}),
    }),
  );
}

function spend(customerId: string, amount: number, reference: string | null = randomUUID()) {
  return t.database.db.transaction((tx) =>
    spendCredit(tx, {
      customerId,
      amount,
      reason: 'order_payment',
      description: 'Paid towards order 1',
      reference,
      at: t.clock.now(),
    }),
  );
}

/** A payment's credit coming back (payments' movePayments when it fails or is refunded). */
function giveBack(customerId: string, amount: number, paymentId: string) {
  return t.database.db.transaction((tx) =>
    addCredit(tx, {
      customerId,
      amount,
      reason: 'payment_failed',
      description: 'Credit returned: the payment did not go through',
      reference: paymentId,
      at: t.clock.now(),
    }),
  );
}

const lotsOf = (customerId: string) =>
  t.database.db.select().from(storeCreditLots).where(eq(storeCreditLots.customerId, customerId));

async function expectBalanceIsLots(customerId: string): Promise<number> {
  const balance = (await customerById(t, customerId)).storeCredits;
  const lots = await lotsOf(customerId);
  expect(lots.reduce((sum, lot) => sum + lot.remaining, 0)).toBe(balance);
  for (const lot of lots) expect(lot.remaining).toBeGreaterThanOrEqual(0);
  return balance;
}

const inDays = (days: number) => new Date(TEST_NOW.getTime() + days * DAY);

describe('spending', () => {
  test('two lots: the one that expires first is spent first, whatever the order they came in', async () => {
    const customer = await insertCustomer(t);
    await give(customer.id, 1000, { reason: 'credit_voucher' }); // a year
    await give(customer.id, 500, { reason: 'late_delivery' }); // six months
    const { transaction } = await spend(customer.id, 700);
    const lots = await lotsOf(customer.id);
    const bySource = Object.fromEntries(lots.map((lot) => [lot.source, lot]));
    expect(bySource.late_delivery!.remaining).toBe(0);
    expect(bySource.credit_voucher!.remaining).toBe(800);
    const spends = await t.database.db
      .select()
      .from(creditLotSpends)
      .where(eq(creditLotSpends.transactionId, transaction!.id));
    expect(spends.map((s) => [s.lotId, s.amount]).sort()).toEqual(
      [
        [bySource.late_delivery!.id, 500],
        [bySource.credit_voucher!.id, 200],
      ].sort(),
    );
    expect(await expectBalanceIsLots(customer.id)).toBe(800);
  });

  test('credit that never expires is spent last', async () => {
    const customer = await insertCustomer(t);
    await give(customer.id, 400, { reason: 'event_refund' });
    await give(customer.id, 400, { reason: 'referral' });
    await spend(customer.id, 500);
    const lots = await lotsOf(customer.id);
    expect(lots.find((lot) => lot.source === 'referral')!.remaining).toBe(0);
    expect(lots.find((lot) => lot.source === 'event_change')).toMatchObject({
      remaining: 300,
      expiresAt: null,
    });
  });

  test('a balance written before lots existed becomes a lot that never expires when next spent', async () => {
    const customer = await insertCustomer(t, { storeCredits: 900 });
    await give(customer.id, 100, { reason: 'late_delivery' });
    await spend(customer.id, 300);
    const lots = await lotsOf(customer.id);
    expect(lots.find((lot) => lot.source === 'legacy')).toMatchObject({
      amount: 900,
      remaining: 700,
      expiresAt: null,
    });
    expect(await expectBalanceIsLots(customer.id)).toBe(700);
  });

  test('a lot past its date is not spent: it expires first, and a spend it would have covered is refused', async () => {
    const customer = await insertCustomer(t);
    await give(customer.id, 500, { expiresAt: inDays(2) });
    await give(customer.id, 200, { expiresAt: null });
    t.clock.set(inDays(3));
    await expect(spend(customer.id, 600)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'You have £2.00 of store credit, not the £6.00 this needs',
    });
    // Refused in its own transaction: the expiry it found went with it, and the job takes it off later.
    expect(await expectBalanceIsLots(customer.id)).toBe(700);
    await spend(customer.id, 150);
    expect(await expectBalanceIsLots(customer.id)).toBe(50);
    const expired = await t.database.db
      .select()
      .from(storeCreditTransactions)
      .where(
        and(
          eq(storeCreditTransactions.customerId, customer.id),
          eq(storeCreditTransactions.reason, 'expired'),
        ),
      );
    expect(expired).toMatchObject([{ amount: -500, balanceAfter: 200 }]);
  });
});

describe('credit coming back from a payment', () => {
  test('returns to the lots it was taken from, with their dates', async () => {
    const customer = await insertCustomer(t);
    await give(customer.id, 300, { reason: 'late_delivery' });
    await give(customer.id, 1000, { reason: 'credit_voucher' });
    const paymentId = randomUUID();
    await spend(customer.id, 800, paymentId);
    const { transaction } = await giveBack(customer.id, 800, paymentId);
    const lots = await lotsOf(customer.id);
    expect(lots.map((lot) => [lot.source, lot.remaining]).sort()).toEqual([
      ['credit_voucher', 1000],
      ['late_delivery', 300],
    ]);
    // The soonest date of what came back: the late-delivery credit's.
    expect(transaction!.expiresAt).toEqual(lots.find((lot) => lot.source === 'late_delivery')!.expiresAt);
    expect(await expectBalanceIsLots(customer.id)).toBe(1300);
  });

  test('the share of a lot since expired comes back and expires at once: it never outlives its date', async () => {
    const customer = await insertCustomer(t);
    await give(customer.id, 500, { expiresAt: inDays(5), description: 'Sorry about Tuesday' });
    await give(customer.id, 500, { expiresAt: inDays(40) });
    const paymentId = randomUUID();
    await spend(customer.id, 700, paymentId); // 500 from the first lot, 200 from the second
    t.clock.set(inDays(6));
    const { balance, transaction } = await giveBack(customer.id, 700, paymentId);
    // Only the live lot's 200 is back to spend: 300 + 200.
    expect(balance).toBe(500);
    expect(await expectBalanceIsLots(customer.id)).toBe(500);
    const lots = await lotsOf(customer.id);
    expect(
      lots.map((lot) => [lot.source, lot.amount, lot.remaining, lot.expiresAt?.getTime() ?? null]).sort(),
    ).toEqual(
      [
        ['goodwill', 500, 0, inDays(5).getTime()],
        ['goodwill', 500, 500, inDays(40).getTime()],
        ['goodwill', 500, 0, inDays(5).getTime()], // came back, expired
      ].sort(),
    );
    expect(lots.some((lot) => lot.source === 'payment_failed')).toBe(false);
    expect(transaction!.expiresAt).toEqual(inDays(40));
    const history = await t.database.db
      .select()
      .from(storeCreditTransactions)
      .where(eq(storeCreditTransactions.customerId, customer.id))
      .orderBy(storeCreditTransactions.createdAt);
    expect(history.slice(-2)).toMatchObject([
      { reason: 'payment_failed', amount: 700, balanceAfter: 1000 },
      { reason: 'expired', amount: -500, balanceAfter: 500, description: 'Expired: Sorry about Tuesday' },
    ]);
    const returned = lots.find(
      (lot) => lot.remaining === 0 && lot.createdAt.getTime() === inDays(6).getTime(),
    );
    expect(history.at(-1)!.reference).toBe(returned!.id);
    // The job finds nothing left to expire.
    expect(await expireCredit(t.database.db, t.clock)).toBe(0);
    expect(await expectBalanceIsLots(customer.id)).toBe(500);
  });

  test('a lot already expired by the job takes nothing back, even with the clock before its date', async () => {
    const customer = await insertCustomer(t);
    await give(customer.id, 400, { expiresAt: inDays(5) });
    const paymentId = randomUUID();
    await spend(customer.id, 300, paymentId);
    t.clock.set(inDays(6));
    await expireCredit(t.database.db, t.clock);
    expect(await expectBalanceIsLots(customer.id)).toBe(0);
    // A clock behind the lot's date (another worker's): its `expired` row still says it is over.
    t.clock.set(inDays(4));
    const { balance } = await giveBack(customer.id, 300, paymentId);
    expect(balance).toBe(0);
    expect(await expectBalanceIsLots(customer.id)).toBe(0);
    t.clock.set(inDays(7));
    expect(await expireCredit(t.database.db, t.clock)).toBe(0);
  });

  test('money the customer paid still comes back to spend when its lot never expires', async () => {
    const customer = await insertCustomer(t);
    await give(customer.id, 300, { expiresAt: inDays(2) });
    await give(customer.id, 600, { reason: 'event_refund' });
    const paymentId = randomUUID();
    await spend(customer.id, 800, paymentId); // 300 from the goodwill, 500 from the refund
    t.clock.set(inDays(3));
    const { balance } = await giveBack(customer.id, 800, paymentId);
    expect(balance).toBe(600);
    expect(await expectBalanceIsLots(customer.id)).toBe(600);
    expect((await lotsOf(customer.id)).find((lot) => lot.source === 'event_change')!.remaining).toBe(600);
  });

  test('credit back for a spend that took none from lots (from before them) is a new lot', async () => {
    const customer = await insertCustomer(t);
    await giveBack(customer.id, 250, randomUUID());
    expect(await lotsOf(customer.id)).toMatchObject([
      { source: 'payment_failed', remaining: 250, expiresAt: null },
    ]);
  });
});

describe('the balance is the lots’ sum', () => {
  test('property: after any adds, spends, returns, expiries and reminders', async () => {
    type Step =
      | { kind: 'add'; amount: number; days: number | null }
      | { kind: 'spend'; share: number }
      | { kind: 'return'; which: number }
      | { kind: 'wait'; days: number }
      | { kind: 'jobs' };
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('add' as const),
        amount: fc.integer({ min: 1, max: 5000 }),
        days: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
      }),
      fc.record({
        kind: fc.constant('spend' as const),
        share: fc.double({ min: 0.05, max: 1, noNaN: true }),
      }),
      fc.record({ kind: fc.constant('return' as const), which: fc.nat() }),
      fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 1, max: 20 }) }),
      fc.record({ kind: fc.constant('jobs' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 14 }), async (steps: Step[]) => {
        t.clock.set(TEST_NOW);
        const customer = await insertCustomer(t);
        const spends: { paymentId: string; amount: number; returned: boolean }[] = [];
        for (const s of steps) {
          const balance = (await customerById(t, customer.id)).storeCredits;
          if (s.kind === 'add')
            await give(customer.id, s.amount, {
              expiresAt: s.days === null ? null : new Date(t.clock.now().getTime() + s.days * DAY),
            });
          else if (s.kind === 'spend') {
            const amount = Math.max(1, Math.floor(balance * s.share));
            const paymentId = randomUUID();
            const done = await spend(customer.id, amount, paymentId).then(
              () => true,
              (error: { code?: string }) => {
                // Only refused when the credit that has not expired is short.
                expect(error.code).toBe('CONFLICT');
                return false;
              },
            );
            if (done) spends.push({ paymentId, amount, returned: false });
          } else if (s.kind === 'return') {
            const open = spends.filter((x) => !x.returned);
            const back = open[s.which % Math.max(open.length, 1)];
            if (back) {
              await giveBack(customer.id, back.amount, back.paymentId);
              back.returned = true;
            }
          } else if (s.kind === 'wait') t.clock.advance(s.days * DAY);
          else {
            await remindExpiringCredit(t.database.db, t.clock, PUBLIC_URL);
            await expireCredit(t.database.db, t.clock);
          }
          const after = await expectBalanceIsLots(customer.id);
          const [last] = await t.database.db
            .select({ balanceAfter: storeCreditTransactions.balanceAfter })
            .from(storeCreditTransactions)
            .where(eq(storeCreditTransactions.customerId, customer.id))
            .orderBy(sql`${storeCreditTransactions.createdAt} desc`)
            .limit(1);
          expect(last?.balanceAfter ?? 0).toBe(after);
        }
      }),
      { numRuns: 12 },
    );
  });
});

describe('the expiry job', () => {
  test('two workers at once take each expired lot off once; a lot not yet due stays', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => insertCustomer(t)));
    for (const [i, person] of people.entries()) {
      await give(person.id, 300 + i, { expiresAt: inDays(1) });
      await give(person.id, 200, { expiresAt: inDays(1) });
      await give(person.id, 100, { expiresAt: inDays(30) });
    }
    const ids = people.map((p) => p.id);
    const expiredRows = async () =>
      (
        await t.database.db
          .select({ id: storeCreditTransactions.id })
          .from(storeCreditTransactions)
          .where(eq(storeCreditTransactions.reason, 'expired'))
      ).length;
    const before = await expiredRows();
    t.clock.set(inDays(2));
    const counts = await Promise.all([
      expireCredit(t.database.db, t.clock),
      expireCredit(t.database.db, t.clock),
    ]);
    // Whatever either found, together they expired every due lot in the shop once.
    expect(counts[0] + counts[1]).toBe((await expiredRows()) - before);
    const mine = await t.database.db
      .select()
      .from(storeCreditTransactions)
      .where(
        and(inArray(storeCreditTransactions.customerId, ids), eq(storeCreditTransactions.reason, 'expired')),
      );
    expect(mine).toHaveLength(12);
    expect(new Set(mine.map((row) => row.reference)).size).toBe(12);
    for (const [i, person] of people.entries()) {
      expect(await expectBalanceIsLots(person.id)).toBe(100);
      const rows = mine.filter((row) => row.customerId === person.id).map((row) => row.amount);
      expect(rows.sort((a, b) => a - b)).toEqual([-(300 + i), -200]);
    }
    expect(await expireCredit(t.database.db, t.clock)).toBe(0);
  });
});

describe('the reminder two weeks before', () => {
  test('one email per customer listing each lot, its last day and the total; never again for those lots', async () => {
    const customer = await insertCustomer(t, { firstName: 'Giulia' });
    await give(customer.id, 500, {
      description: 'Credit voucher CREDIT-5',
      expiresAt: new Date('2026-12-01T00:00:00Z'),
    });
    await give(customer.id, 300, {
      description: 'Order #12 arrived later than promised',
      expiresAt: new Date('2026-12-02T00:00:00Z'),
    });
    await give(customer.id, 700, { expiresAt: inDays(60) });
    await remindExpiringCredit(t.database.db, t.clock, PUBLIC_URL);
    const emails = await emailsTo(t, customer.email, 'credit_expiring');
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe('£8.00 of your Sfoglia credit expires soon');
    expect(emails[0]!.text).toContain('Hello Giulia,');
    expect(emails[0]!.text).toContain('Credit voucher CREDIT-5, use by Monday 30 November 2026: £5.00');
    expect(emails[0]!.text).toContain(
      'Order #12 arrived later than promised, use by Tuesday 1 December 2026: £3.00',
    );
    expect(emails[0]!.text).toContain('Expiring in total: £8.00');
    expect(emails[0]!.text).toContain(`${PUBLIC_URL}/menu`);
    expect(emails[0]!.text).toContain(`${PUBLIC_URL}/account/rewards`);
    expect(emails[0]!.text).not.toContain('£7.00');

    await remindExpiringCredit(t.database.db, t.clock, PUBLIC_URL);
    t.clock.advance(DAY);
    await remindExpiringCredit(t.database.db, t.clock, PUBLIC_URL);
    expect(await emailsTo(t, customer.email, 'credit_expiring')).toHaveLength(1);

    // The lot 60 days out is reminded once it is within 14 days.
    t.clock.set(inDays(47));
    await Promise.all([
      remindExpiringCredit(t.database.db, t.clock, PUBLIC_URL),
      remindExpiringCredit(t.database.db, t.clock, PUBLIC_URL),
    ]);
    const later = await emailsTo(t, customer.email, 'credit_expiring');
    expect(later).toHaveLength(2);
    expect(later[1]!.subject).toBe('Your £7.00 of Sfoglia credit expires on Sunday 17 January 2027');
  });

  test('credit already spent is not reminded of', async () => {
    const customer = await insertCustomer(t);
    await give(customer.id, 500, { expiresAt: inDays(10) });
    await spend(customer.id, 500);
    await remindExpiringCredit(t.database.db, t.clock, PUBLIC_URL);
    expect(await emailsTo(t, customer.email, 'credit_expiring')).toHaveLength(0);
  });
});

describe('GET /store_credit_transactions', () => {
  test('each movement says where it came from and when it expires; the lots left and what expires next', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    await give(customer.id, 500, {
      reason: 'late_delivery',
      description: 'Order #7 arrived later than promised',
    });
    await give(customer.id, 1000, { reason: 'event_refund', description: 'Changed your booking' });
    const soon = await give(customer.id, 250, {
      reason: 'goodwill',
      expiresAt: new Date('2026-12-01T00:00:00Z'),
    });
    await spend(customer.id, 100);
    t.clock.set(new Date('2026-11-18T12:00:00Z'));
    const response = await visitor.get(`${API}/store_credit_transactions`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const rows = response.body.data.map((row: { attributes: Record<string, unknown> }) => row.attributes);
    expect(
      rows.map((row: Record<string, unknown>) => [row.amount, row.source, row.source_label, row.expires_on]),
    ).toEqual([
      [-100, null, null, null],
      [250, 'goodwill', 'From our team', '2026-11-30'],
      [1000, 'event_change', 'Event booking change', null],
      [500, 'late_delivery', 'Late delivery', '2027-05-17'],
    ]);
    expect(rows[1]).toMatchObject({ expires_at: '2026-12-01T00:00:00.000Z', expired: false });
    expect(response.body.meta).toEqual({
      balance: 1650,
      next_expiry: {
        amount: 150,
        expires_at: '2026-12-01T00:00:00.000Z',
        expires_on: '2026-11-30',
        days_left: 12,
      },
      lots: [
        expect.objectContaining({
          id: (await lotsOf(customer.id)).find((lot) => lot.transactionId === soon.transaction!.id)!.id,
          source: 'goodwill',
          source_label: 'From our team',
          amount: 250,
          remaining: 150,
          expires_on: '2026-11-30',
          days_left: 12,
          expires_soon: true,
        }),
        expect.objectContaining({
          source: 'late_delivery',
          remaining: 500,
          days_left: 180,
          expires_soon: false,
        }),
        expect.objectContaining({
          source: 'event_change',
          remaining: 1000,
          expires_on: null,
          days_left: null,
        }),
      ],
    });
  });

  test('an expired lot: its row says so, the expiry row names its source, and it is no longer a lot', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    await give(customer.id, 400, {
      reason: 'referral',
      description: 'Referral reward',
      expiresAt: inDays(1),
    });
    t.clock.set(inDays(2));
    await expireCredit(t.database.db, t.clock);
    const response = await visitor.get(`${API}/store_credit_transactions`);
    const [expiry, added] = response.body.data.map((row: { attributes: object }) => row.attributes);
    expect(expiry).toMatchObject({
      amount: -400,
      balance_after: 0,
      reason: 'expired',
      description: 'Expired: Referral reward',
      source: 'referral',
      source_label: 'Referral reward',
    });
    expect(added).toMatchObject({ amount: 400, source: 'referral', expired: true });
    expect(response.body.meta).toEqual({ balance: 0, next_expiry: null, lots: [] });
  });

  test('another customer’s movements and lots are not shown; a visitor is asked to sign in', async () => {
    const alice = await signedInCustomer(t);
    const bob = await signedInCustomer(t);
    await give(alice.customer.id, 900, { reason: 'credit_voucher' });
    await give(bob.customer.id, 100, { reason: 'late_delivery' });
    const seen = await bob.visitor.get(`${API}/store_credit_transactions`);
    expect(seen.body.data).toHaveLength(1);
    expect(seen.body.data[0].attributes).toMatchObject({ amount: 100, source: 'late_delivery' });
    expect(seen.body.meta.balance).toBe(100);
    expect(seen.body.meta.lots).toHaveLength(1);
    expect(seen.body.meta.lots[0].remaining).toBe(100);
    expectError(await t.visitor().get(`${API}/store_credit_transactions`), 401, 'UNAUTHENTICATED');
  });

  test('a deleted customer’s session is signed out', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    await t.database.db.delete(customers).where(eq(customers.id, customer.id));
    expectError(await visitor.get(`${API}/store_credit_transactions`), 401, 'UNAUTHENTICATED');
  });
});
