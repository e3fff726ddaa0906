import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { baskets } from '../../db/schema/baskets';
import { checkouts } from '../../db/schema/checkout';
import { orders } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';
import { customers } from '../../db/schema/customers';
import { storeCreditTransactions } from '../../db/schema/credit';
import { sandboxPaymentIntents } from '../../db/schema/payments-sandbox';
import { createPaymentProcessors, paymentProcessorsOptions } from '../../integrations/payments';
import { API, expectError, variantGid } from '../../test/api-expect';
import { clearRateLimits } from '../../test/accounts';
import { createTestApp, type Response, type TestApp } from '../../test/harness';
import {
  answerChallenge,
  basketOf,
  CARDS,
  DISH,
  orderBody,
  place,
  saveCard,
  shopper,
  type Shopper,
} from '../../test/checkout';
import { TEST_NOW, WEEKS } from '../../test/test-clock';
import { FixedClock } from '../../clock';
import { buildServices } from '../../services';
import { cachedShopRules } from '../shop';
import { ABANDONED_FAILED_MS } from '../orders';
import type { PaymentsService } from './payments.service';
import { UNFINISHED_ACTION_MS } from './payments.service';

// Issue 8, defects 1, 2 and 4: however a payment ends (paid, declined, replaced by another attempt, abandoned
// with its basket, cancelled after 48 hours, given up after an hour, completed after it was replaced), the
// customer is charged at most once for a checkout and their store credit is never lost.

let t: TestApp;
let service: PaymentsService;
/** The clock the recovery job reads: moved forward to see what a later run does. */
const jobClock = new FixedClock(TEST_NOW);
beforeAll(async () => {
  t = await createTestApp();
  // The shop's services as the recovery job runs them, over the same embedded processor, on their own clock.
  service = buildServices({
    config: t.config,
    database: t.database,
    clock: jobClock,
    rules: cachedShopRules(t.database.db),
    processors: createPaymentProcessors(paymentProcessorsOptions(t.config, t.database.db)),
    log: { warn: () => {}, error: () => {} },
  }).payments;
});
beforeEach(() => clearRateLimits(t));
afterAll(() => t.close());

const MINUTE = 60_000;

const intentsOf = (checkoutId: string) =>
  t.database.db
    .select()
    .from(sandboxPaymentIntents)
    .where(sql`${sandboxPaymentIntents.metadata}->>'checkoutId' = ${checkoutId}`);

/** Charges the processor took for a checkout and kept (not refunded). */
async function keptCharges(checkoutId: string): Promise<number> {
  const intents = await intentsOf(checkoutId);
  return intents.filter((intent) => intent.status === 'succeeded' && intent.amountRefunded < intent.amount)
    .length;
}

const checkoutOf = async (orderId: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.checkoutId;

const paymentsOf = (checkoutId: string) =>
  t.database.db.select().from(payments).where(eq(payments.checkoutId, checkoutId));

async function balanceOf(customerId: string): Promise<number> {
  const [row] = await t.database.db.select().from(customers).where(eq(customers.id, customerId));
  return row!.storeCredits;
}

async function withCredit(amount: number): Promise<Shopper> {
  const s = await shopper(t);
  await t.database.db.update(customers).set({ storeCredits: amount }).where(eq(customers.id, s.customerId));
  return s;
}

function pay(s: Shopper, orderId: string, card: string) {
  return s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card });
}

/** The intent id the browser comes back with after answering the challenge. */
async function challenge(response: Response<any>, action: 'complete' | 'fail'): Promise<string> {
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  expect(response.body.data.attributes.status).toBe('requires_action');
  const back = await answerChallenge(t, response.body.data.attributes.next_action_url, action);
  return back.searchParams.get('payment_intent')!;
}

/** The shop's clock `ms` after the pinned now (the app's own clock stays pinned). */
const later = (ms: number) => new Date(TEST_NOW.getTime() + ms);

/** Runs payment recovery as the job would, `ms` after now on the shop's clock. */
async function recoverAfter(ms: number, processingOlderThanMs?: number) {
  jobClock.set(later(ms));
  try {
    await service.recoverPayments(processingOlderThanMs);
  } finally {
    jobClock.set(TEST_NOW);
  }
}

describe('a replaced 3-D Secure check never charges a second time', () => {
  test('the probe: 3-D Secure, then 4242, then the first check completed and confirmed: one charge, paid', async () => {
    const s = await shopper(t);
    const secure = await saveCard(t, s, CARDS.threeDSecure);
    const visa = await saveCard(t, s, CARDS.visa);
    const { orderId } = await place(s, await basketOf(s.visitor, [[DISH.beefShin, 2]]));
    const checkoutId = await checkoutOf(orderId);

    const first = await pay(s, orderId, secure);
    expect(first.body.data.attributes.status).toBe('requires_action');
    const second = await pay(s, orderId, visa);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.data.attributes.status).toBe('succeeded');

    // The first check was cancelled at the processor before the second charge was made.
    const replacedIntent = (await paymentsOf(checkoutId)).find((p) => p.paymentMethodId === secure)!;
    expect(replacedIntent).toMatchObject({ status: 'failed', intentCancel: 'done' });
    const [cancelled] = await t.database.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, replacedIntent.intentId!));
    expect(cancelled!.status).toBe('canceled');

    // The customer finishes the old challenge anyway and the return page confirms it.
    const intentId = await challenge(first, 'complete');
    const confirmed = await s.visitor.post(`${API}/orders/confirm`, {
      order_id: orderId,
      payment_intent_id: intentId,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data[0].attributes.state).toBe('paid');
    expect(await keptCharges(checkoutId)).toBe(1);
    await recoverAfter(2 * UNFINISHED_ACTION_MS, 0);
    expect(await keptCharges(checkoutId)).toBe(1);
  });

  test('a check completed just before it was replaced pays the checkout; the new card is not charged', async () => {
    const s = await shopper(t);
    const secure = await saveCard(t, s, CARDS.threeDSecure);
    const visa = await saveCard(t, s, CARDS.visa);
    const { orderId } = await place(s, await basketOf(s.visitor, [[DISH.beefShin, 2]]));
    const checkoutId = await checkoutOf(orderId);
    await challenge(await pay(s, orderId, secure), 'complete');

    const second = await pay(s, orderId, visa);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.data.attributes).toMatchObject({ status: 'succeeded' });
    expect(second.body.data.attributes.payment_method.id).toBe(secure);
    expect(await intentsOf(checkoutId)).toHaveLength(1);
    expect(await keptCharges(checkoutId)).toBe(1);
  });

  test('a check whose cancel is still pending when it is completed is refunded by recovery', async () => {
    const s = await withCredit(500);
    const secure = await saveCard(t, s, CARDS.threeDSecure);
    const { orderId } = await place(s, await basketOf(s.visitor, [[DISH.beefShin, 2]]));
    const checkoutId = await checkoutOf(orderId);
    const started = await pay(s, orderId, secure);
    expect(await balanceOf(s.customerId)).toBe(0);

    // Cancelled after 48 hours inside a transaction: the processor is told afterwards (pending until then).
    expect(
      await t.app.services.checkoutEndings.releaseAbandoned(later(ABANDONED_FAILED_MS + MINUTE)),
    ).toBeGreaterThanOrEqual(1);
    const [abandoned] = await paymentsOf(checkoutId);
    expect(abandoned).toMatchObject({ status: 'failed', intentCancel: 'pending' });
    expect(await balanceOf(s.customerId)).toBe(500);

    await challenge(started, 'complete');
    expect(await keptCharges(checkoutId)).toBe(1);
    await recoverAfter(ABANDONED_FAILED_MS + 2 * MINUTE);
    expect(await keptCharges(checkoutId)).toBe(0);
    const [refunded] = await paymentsOf(checkoutId);
    expect(refunded!.status).toBe('refunded');
    expect(await balanceOf(s.customerId)).toBe(500);
    const returns = await t.database.db
      .select()
      .from(storeCreditTransactions)
      .where(
        and(
          eq(storeCreditTransactions.customerId, s.customerId),
          eq(storeCreditTransactions.reason, 'payment_failed'),
        ),
      );
    expect(returns).toHaveLength(1);
  });

  test('a check finished without coming back is paid by recovery; one never finished is given up after an hour', async () => {
    const s = await withCredit(300);
    const secure = await saveCard(t, s, CARDS.threeDSecure);
    const first = await place(s, await basketOf(s.visitor, [[DISH.beefShin, 2]]));
    await challenge(await pay(s, first.orderId, secure), 'complete');
    await recoverAfter(11 * MINUTE);
    const [paid] = await t.database.db.select().from(orders).where(eq(orders.id, first.orderId));
    expect(paid!.state).toBe('paid');

    const second = await place(s, await basketOf(s.visitor, [[DISH.mushroom, 2]]));
    await t.database.db.update(customers).set({ storeCredits: 300 }).where(eq(customers.id, s.customerId));
    const left = await pay(s, second.orderId, secure);
    expect(await balanceOf(s.customerId)).toBe(0);
    await recoverAfter(11 * MINUTE);
    expect((await paymentsOf(await checkoutOf(second.orderId)))[0]!.status).toBe('requires_action');
    await recoverAfter(UNFINISHED_ACTION_MS + MINUTE);
    const [given] = await paymentsOf(await checkoutOf(second.orderId));
    expect(given).toMatchObject({ status: 'failed', intentCancel: 'done' });
    expect(await balanceOf(s.customerId)).toBe(300);
    // Completing it now changes nothing: it was cancelled at the processor.
    const back = await answerChallenge(t, left.body.data.attributes.next_action_url, 'complete');
    expect(back.searchParams.get('redirect_status')).toBe('failed');
    expect(await keptCharges(await checkoutOf(second.orderId))).toBe(0);
  });
});

describe('store credit on a payment that never finishes', () => {
  test('placed again with a change while 3-D Secure is pending: the credit comes back, the check is cancelled', async () => {
    const s = await withCredit(700);
    const secure = await saveCard(t, s, CARDS.threeDSecure);
    const basketId = await basketOf(s.visitor, [[DISH.beefShin, 2]]);
    const { orderId } = await place(s, basketId);
    const checkoutId = await checkoutOf(orderId);
    const started = await pay(s, orderId, secure);
    expect(started.body.data.attributes).toMatchObject({ status: 'requires_action', credit_amount: 700 });
    expect(await balanceOf(s.customerId)).toBe(0);

    const added = await s.visitor.post(`${API}/baskets/${basketId}/items`, {
      product_variant_id: variantGid(DISH.mushroom),
      quantity: 1,
      meal_week: WEEKS.next,
    });
    expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
    const again = await s.visitor.post(`${API}/orders/recipe_kits`, orderBody(s, basketId));
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(await balanceOf(s.customerId)).toBe(700);
    const [old] = await paymentsOf(checkoutId);
    expect(old).toMatchObject({ status: 'failed', intentCancel: 'done' });
    const back = await answerChallenge(t, started.body.data.attributes.next_action_url, 'complete');
    expect(back.searchParams.get('redirect_status')).toBe('failed');
    expect(await keptCharges(checkoutId)).toBe(0);
  });

  test('PayPal approval pending when the checkout is cancelled after 48 hours: the credit comes back', async () => {
    const s = await withCredit(400);
    const { orderId } = await place(s, await basketOf(s.visitor, [[DISH.beefShin, 2]]));
    const checkoutId = await checkoutOf(orderId);
    const started = await s.visitor.post(`${API}/payments`, {
      order_id: orderId,
      payment_method_type: 'PaypalAccount',
      payment_processor_name: 'paypal',
    });
    expect(started.body.data.attributes).toMatchObject({ status: 'requires_action', credit_amount: 400 });
    expect(await balanceOf(s.customerId)).toBe(0);
    await t.app.services.checkoutEndings.releaseAbandoned(later(ABANDONED_FAILED_MS + MINUTE));
    expect(await balanceOf(s.customerId)).toBe(400);
    await service.cancelAbandonedIntents();
    expect((await paymentsOf(checkoutId))[0]).toMatchObject({ status: 'failed', intentCancel: 'done' });
    expectError(await s.visitor.post(`${API}/orders/confirm`, { order_id: orderId }), 400, 'ORDER_INVALID');
  });
});

describe(
  'one lock order: placing and paying one basket at once (PostgreSQL deadlocks)',
  { timeout: 120_000 },
  () => {
    test('25 places and 25 payments of one basket at once: no 500, one charge, the orders paid', async () => {
      for (let round = 0; round < 3; round++) {
        const s = await shopper(t);
        const card = await saveCard(t, s, CARDS.visa);
        const basketId = await basketOf(s.visitor, [[DISH.beefShin, 2]]);
        const { orderId } = await place(s, basketId);
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            i % 2 === 0
              ? s.visitor.post(`${API}/orders/recipe_kits`, orderBody(s, basketId))
              : pay(s, orderId, card),
          ),
        );
        const failed = answers.filter((answer) => answer.status >= 500);
        expect(failed.map((answer) => answer.body)).toEqual([]);
        for (const answer of answers) expect([200, 201, 404, 409]).toContain(answer.status);
        const checkoutId = await checkoutOf(orderId);
        expect(await keptCharges(checkoutId)).toBe(1);
        const [checkout] = await t.database.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
        expect(checkout!.state).toBe('paid');
        const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
        expect(order!.state).toBe('paid');
      }
    });
  },
);

describe(
  'every ending of a payment balances the store credit ledger (model test)',
  { timeout: 180_000 },
  () => {
    type Card = 'visa' | 'secure' | 'poor';
    interface Real {
      s: Shopper;
      cards: Record<Card, string>;
      initial: number;
      basketId: string | null;
      orderId: string | null;
      lastAction: string | null;
    }
    type Cmd = fc.AsyncCommand<object, Real>;

    const noServerError = (response: Response<any>) =>
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);

    /** Store credit moves only through the ledger, and each attempt holds credit only while it can keep money. */
    async function ledgerBalances(r: Real) {
      const ledger = await t.database.db
        .select()
        .from(storeCreditTransactions)
        .where(eq(storeCreditTransactions.customerId, r.s.customerId));
      const moved = ledger.reduce((sum, row) => sum + row.amount, 0);
      expect(await balanceOf(r.s.customerId)).toBe(r.initial + moved);
      expect(await balanceOf(r.s.customerId)).toBeGreaterThanOrEqual(0);
      const attempts = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.customerId, r.s.customerId));
      for (const attempt of attempts) {
        const net = ledger
          .filter((row) => row.reference === attempt.id)
          .reduce((sum, row) => sum + row.amount, 0);
        const holds = ['processing', 'requires_action', 'succeeded'].includes(attempt.status);
        expect(net, `${attempt.status} payment`).toBe(holds ? -attempt.creditAmount : 0);
      }
    }

    const command = (name: string, run: (r: Real) => Promise<void>): Cmd => ({
      check: () => true,
      run: async (_model, r) => {
        await run(r);
        await ledgerBalances(r);
      },
      toString: () => name,
    });

    const placeBasket = (change: boolean) =>
      command(`place(${change})`, async (r) => {
        if (!r.basketId || change) {
          const existing = r.basketId
            ? (await t.database.db.select().from(baskets).where(eq(baskets.id, r.basketId)))[0]
            : undefined;
          if (existing && change) {
            const added = await r.s.visitor.post(`${API}/baskets/${existing.id}/items`, {
              product_variant_id: variantGid(DISH.carbonara),
              quantity: 1,
              meal_week: WEEKS.next,
            });
            noServerError(added);
          } else {
            r.basketId = await basketOf(r.s.visitor, [[DISH.beefShin, 2]]);
          }
        }
        const placed = await r.s.visitor.post(`${API}/orders/recipe_kits`, orderBody(r.s, r.basketId!));
        noServerError(placed);
        if (placed.status < 300) r.orderId = placed.body.data[0].id;
        else if (placed.status === 404) r.basketId = null;
      });

    const payWith = (card: Card | 'paypal', useCredit: boolean) =>
      command(`pay(${card}, credit ${useCredit})`, async (r) => {
        if (!r.orderId) return;
        const paid = await r.s.visitor.post(`${API}/payments`, {
          order_id: r.orderId,
          use_credit: useCredit,
          ...(card === 'paypal'
            ? { payment_method_type: 'PaypalAccount', payment_processor_name: 'paypal' }
            : { payment_method_id: r.cards[card] }),
        });
        noServerError(paid);
        if (paid.status === 201 && paid.body.data.attributes.status === 'succeeded') r.basketId = null;
        r.lastAction = paid.body.data?.attributes?.next_action_url ?? r.lastAction;
      });

    const answer = (action: 'complete' | 'fail') =>
      command(`answer(${action})`, async (r) => {
        if (!r.lastAction) return;
        const url = new URL(r.lastAction);
        const paypal = url.pathname.startsWith('/sandbox/paypal');
        const response = await t.app.inject({
          method: 'POST',
          url: `${url.pathname}${url.search}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
          payload: new URLSearchParams(
            paypal
              ? { action: action === 'complete' ? 'approve' : 'cancel', email: 'buyer@example.com' }
              : { action },
          ).toString(),
        });
        expect(response.statusCode).toBe(303);
        const back = new URL(String(response.headers.location), 'http://localhost');
        const orderId = back.searchParams.get('order_id') ?? back.pathname.split('/').at(-1);
        const confirmed = await r.s.visitor.post(`${API}/orders/confirm`, {
          order_id: orderId,
          payment_intent_id: back.searchParams.get('payment_intent'),
        });
        noServerError(confirmed);
      });

    const completeWithoutReturning = command('complete without coming back', async (r) => {
      if (!r.lastAction) return;
      const url = new URL(r.lastAction);
      if (url.pathname.startsWith('/sandbox/paypal')) return;
      await answerChallenge(t, r.lastAction, 'complete');
    });

    const recover = (minutes: number) =>
      command(`recover(+${minutes} min)`, async () => {
        await recoverAfter(minutes * MINUTE);
      });

    const cancelAfter48Hours = command('cancelled after 48 hours', async (r) => {
      if (!r.orderId) return;
      const checkoutId = await checkoutOf(r.orderId).catch(() => null);
      if (!checkoutId) return;
      await t.app.services.checkoutEndings.releaseAbandoned(later(ABANDONED_FAILED_MS + MINUTE));
    });

    test('paying, replacing, completing late, abandoning and recovering in any order', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.commands(
            [
              fc.boolean().map(placeBasket),
              fc
                .tuple(fc.constantFrom<Card | 'paypal'>('visa', 'secure', 'poor', 'paypal'), fc.boolean())
                .map(([card, credit]) => payWith(card, credit)),
              fc.constantFrom<'complete' | 'fail'>('complete', 'fail').map(answer),
              fc.constant(completeWithoutReturning),
              fc.constantFrom(1, 11, 61).map(recover),
              fc.constant(cancelAfter48Hours),
            ],
            { maxCommands: 9 },
          ),
          fc.integer({ min: 0, max: 3000 }),
          async (commands, credit) => {
            const s = await withCredit(credit);
            const real: Real = {
              s,
              cards: {
                visa: await saveCard(t, s, CARDS.visa),
                secure: await saveCard(t, s, CARDS.threeDSecure),
                poor: await saveCard(t, s, CARDS.insufficientFunds),
              },
              initial: credit,
              basketId: null,
              orderId: null,
              lastAction: null,
            };
            await fc.asyncModelRun(() => ({ model: {}, real }), commands);
            // Once everything left half-done is finished, no checkout has kept more than one charge, and a
            // checkout that is not paid has kept none.
            await recoverAfter(2 * UNFINISHED_ACTION_MS, 0);
            await service.cancelAbandonedIntents();
            const own = await t.database.db
              .select()
              .from(checkouts)
              .where(eq(checkouts.customerId, s.customerId));
            for (const checkout of own) {
              expect(await keptCharges(checkout.id)).toBeLessThanOrEqual(checkout.state === 'paid' ? 1 : 0);
            }
            await ledgerBalances(real);
          },
        ),
        { seed: 20261125, numRuns: 12, endOnFailure: true },
      );
    });
  },
);
