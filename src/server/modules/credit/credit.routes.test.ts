import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors';
import { vouchers } from '../../db/schema/vouchers';
import { storeCreditTransactions } from '../../db/schema/credit';
import { API, expectError } from '../../test/api-expect';
import { clearRateLimits, customerById, insertCustomer, signedInCustomer } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { addCredit, spendCredit } from './credit.service';

// Store credit (spec §7 Customers: credit_voucher, store_credit_transactions; issue 4 part 5): a credit
// code becomes credit once per customer and within its usage limit; the balance moves only with a row in
// the history, and never below zero.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => clearRateLimits(t));

const redeem = (visitor: ReturnType<TestApp['visitor']>, code: string) =>
  visitor.post(`${API}/customers/credit_voucher`, { code });

async function insertCreditVoucher(values: Partial<typeof vouchers.$inferInsert> & { code: string }) {
  const [row] = await t.database.db
    .insert(vouchers)
    .values({ type: 'CreditVoucher', valueType: 'fixed_amount', value: 250, ...values })
    .returning();
  return row!;
}

const historyOf = (customerId: string) =>
  t.database.db
    .select()
    .from(storeCreditTransactions)
    .where(eq(storeCreditTransactions.customerId, customerId));

describe('POST /customers/credit_voucher', () => {
  test('CREDIT-5, in any case: £5 of credit, in the balance and the history', async () => {
    const { customer, visitor } = await signedInCustomer(t, { storeCredits: 120 });
    const response = await redeem(visitor, ' credit-5 ');
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toEqual({
      data: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        type: 'store_credit_transactions',
        attributes: {
          amount: 500,
          balance_after: 620,
          reason: 'credit_voucher',
          description: 'Credit voucher CREDIT-5',
          reference: 'CREDIT-5',
          created_at: expect.any(String),
          // A year from Wednesday 18 November 2026: spendable all of 18 November 2027.
          source: 'credit_voucher',
          source_label: 'Credit code',
          expires_at: '2027-11-19T00:00:00.000Z',
          expires_on: '2027-11-18',
          expired: false,
        },
      },
      meta: { balance: 620 },
    });
    expect((await visitor.get(`${API}/me`)).body.data.attributes.store_credits).toBe(620);
    const history = await visitor.get(`${API}/store_credit_transactions`);
    expect(history.body.data).toEqual([response.body.data]);
    expect(history.body.meta).toEqual({
      balance: 620,
      next_expiry: {
        amount: 500,
        expires_at: '2027-11-19T00:00:00.000Z',
        expires_on: '2027-11-18',
        days_left: 365,
      },
      // The £1.20 written straight into the balance (as before lots) becomes a lot when credit is next spent.
      lots: [
        expect.objectContaining({
          source: 'credit_voucher',
          remaining: 500,
          days_left: 365,
          expires_soon: false,
        }),
      ],
    });
    expect((await customerById(t, customer.id)).storeCredits).toBe(620);
  });

  test('the same code twice: refused the second time, and the balance is unchanged', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    expect((await redeem(visitor, 'CREDIT-5')).status).toBe(201);
    expectError(
      await redeem(visitor, 'credit-5'),
      400,
      'VOUCHER_INVALID',
      'You have already added this code to your account',
    );
    expect((await customerById(t, customer.id)).storeCredits).toBe(500);
    expect(await historyOf(customer.id)).toHaveLength(1);
    // Another customer may use it too: it has no usage limit.
    const other = await signedInCustomer(t);
    expect((await redeem(other.visitor, 'CREDIT-5')).body.meta).toEqual({ balance: 500 });
  });

  test('the same code sent ten times at once is credited once', async () => {
    await insertCreditVoucher({ code: 'DOUBLE-CLICK' });
    const { customer, visitor } = await signedInCustomer(t);
    const responses = await Promise.all(Array.from({ length: 10 }, () => redeem(visitor, 'DOUBLE-CLICK')));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of responses.filter((r) => r.status !== 201)) {
      expectError(r, 400, 'VOUCHER_INVALID', 'You have already added this code to your account');
    }
    expect((await customerById(t, customer.id)).storeCredits).toBe(250);
    expect(await historyOf(customer.id)).toHaveLength(1);
  });

  test('a usage limit holds across customers racing for it', async () => {
    const voucher = await insertCreditVoucher({ code: 'FIRST-THREE', usageLimit: 3 });
    const people = await Promise.all(Array.from({ length: 12 }, () => signedInCustomer(t)));
    const responses = await Promise.all(people.map(({ visitor }) => redeem(visitor, 'first-three')));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(3);
    for (const r of responses.filter((r) => r.status !== 201)) {
      expectError(r, 400, 'VOUCHER_INVALID', 'This code has already been used');
    }
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row!.timesRedeemed).toBe(3);
    const balances = await Promise.all(people.map(({ customer }) => customerById(t, customer.id)));
    expect(balances.map((c) => c.storeCredits).sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 250, 250, 250]);
  });

  test('unknown, discount, expired and not-yet-started codes are refused with the reason', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    expectError(await redeem(visitor, 'NOPE'), 400, 'VOUCHER_INVALID', 'Invalid code');
    expectError(
      await redeem(visitor, 'OOS-20'),
      400,
      'VOUCHER_INVALID',
      'This code takes money off a basket: add it at checkout',
    );
    await insertCreditVoucher({ code: 'OLD-CREDIT', endDate: '2026-10-31' });
    expectError(
      await redeem(visitor, 'old-credit'),
      400,
      'VOUCHER_INVALID',
      'This code expired on 31 Oct 2026',
    );
    await insertCreditVoucher({ code: 'NEW-YEAR-CREDIT', startDate: '2027-01-01' });
    expectError(
      await redeem(visitor, 'new-year-credit'),
      400,
      'VOUCHER_INVALID',
      'This code can be used from 1 Jan 2027',
    );
    expect((await customerById(t, customer.id)).storeCredits).toBe(0);
    expect(await historyOf(customer.id)).toHaveLength(0);
  });

  test('signed in only: 401 for a visitor', async () => {
    expectError(await redeem(t.visitor(), 'CREDIT-5'), 401, 'UNAUTHENTICATED');
  });

  test('the body is checked', async () => {
    const { visitor } = await signedInCustomer(t);
    expectError(await visitor.post(`${API}/customers/credit_voucher`, {}), 400, 'VALIDATION_FAILED');
    expectError(await redeem(visitor, ''), 400, 'VALIDATION_FAILED');
    expectError(
      await visitor.post(`${API}/customers/credit_voucher`, { code: 'CREDIT-5', amount: 100_000 }),
      400,
      'VALIDATION_FAILED',
      'amount is not a field this request accepts',
    );
  });

  test('attempts are limited per customer', async () => {
    const { visitor } = await signedInCustomer(t);
    for (let i = 0; i < 20; i++) expectError(await redeem(visitor, `GUESS-${i}`), 400, 'VOUCHER_INVALID');
    expectError(await redeem(visitor, 'CREDIT-5'), 429, 'RATE_LIMITED');
  });
});

describe('addCredit and spendCredit', () => {
  const movement = (customerId: string, amount: number) => ({
    customerId,
    amount,
    reason: 'test',
    description: 'A test movement',
    reference: null,
    at: t.clock.now(),
  });

  test('each movement writes a history row with the balance after it', async () => {
    const customer = await insertCustomer(t, { storeCredits: 1000 });
    const added = await t.database.db.transaction((tx) => addCredit(tx, movement(customer.id, 250)));
    expect(added.balance).toBe(1250);
    const spent = await t.database.db.transaction((tx) => spendCredit(tx, movement(customer.id, 1250)));
    expect(spent.balance).toBe(0);
    const history = await historyOf(customer.id);
    expect(history.map((h) => [h.amount, h.balanceAfter]).sort((a, b) => b[0]! - a[0]!)).toEqual([
      [250, 1250],
      [-1250, 0],
    ]);
  });

  test('spending more than the balance is CONFLICT and takes nothing', async () => {
    const customer = await insertCustomer(t, { storeCredits: 300 });
    const error = await spendCredit(t.database.db, movement(customer.id, 301)).catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      code: 'CONFLICT',
      message: 'You have £3.00 of store credit, not the £3.01 this needs',
    });
    expect((await customerById(t, customer.id)).storeCredits).toBe(300);
    expect(await historyOf(customer.id)).toHaveLength(0);
  });

  test('twenty spends racing for £10 of credit: exactly ten go through, never below zero', async () => {
    const customer = await insertCustomer(t, { storeCredits: 1000 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        t.database.db.transaction((tx) => spendCredit(tx, movement(customer.id, 100))),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect((await customerById(t, customer.id)).storeCredits).toBe(0);
    const history = await historyOf(customer.id);
    expect(history).toHaveLength(10);
    expect(history.map((h) => h.balanceAfter).sort((a, b) => a - b)).toEqual([
      0, 100, 200, 300, 400, 500, 600, 700, 800, 900,
    ]);
  });

  test('nothing moves for 0; negative or fractional amounts are a programming error', async () => {
    const customer = await insertCustomer(t, { storeCredits: 50 });
    expect(await addCredit(t.database.db, movement(customer.id, 0))).toEqual({
      balance: 50,
      transaction: null,
    });
    expect(await spendCredit(t.database.db, movement(customer.id, 0))).toEqual({
      balance: 50,
      transaction: null,
    });
    await expect(addCredit(t.database.db, movement(customer.id, -5))).rejects.toThrow(RangeError);
    await expect(spendCredit(t.database.db, movement(customer.id, 1.5))).rejects.toThrow(RangeError);
    expect(await historyOf(customer.id)).toHaveLength(0);
  });

  test('an unknown customer is CUSTOMER_NOT_FOUND', async () => {
    const ghost = '00000000-0000-4000-8000-000000000000';
    await expect(addCredit(t.database.db, movement(ghost, 100))).rejects.toMatchObject({
      code: 'CUSTOMER_NOT_FOUND',
    });
    await expect(spendCredit(t.database.db, movement(ghost, 100))).rejects.toMatchObject({
      code: 'CUSTOMER_NOT_FOUND',
    });
  });
});
