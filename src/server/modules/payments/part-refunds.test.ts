import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { isoDate } from '../../../domain/calendar';
import { pence } from '../../../domain/money';
import type { OrderSource } from '../../../domain/orders';
import { paymentRefunds, payments } from '../../db/schema/payments';
import { sandboxPaymentIntents, sandboxRefunds } from '../../db/schema/payments-sandbox';
import type { PaymentProcessors } from '../../integrations/payments/port';
import { API } from '../../test/api-expect';
import { CARDS, saveCard, shopper, type Shopper } from '../../test/checkout';
import { faultyProcessors } from '../../test/faulty-processors';
import { createTestApp, type TestApp } from '../../test/harness';
import { addCredit } from '../credit';
import { lockInOrder, placeOrders, type Mover, type OrderKind, type OrderKinds } from '../orders';
import { requestPartRefund, requestRefund } from '.';
import { partRefundsOf } from './part-refunds';

// Part refunds (issue 22, decision 29): part of a paid checkout given back, decided in the caller's
// transaction (`owed`), refunded after commit with the key refund:<id> (`refunded`, the processor's id), the
// payment left `succeeded` and its kind not told; never more than the card took, the rest answered as store
// credit to give; a processor that fails leaves it owed for recovery. Paid through the real POST /payments
// with the sandbox processor behind a fault switch.

const KIND = 'part_refund_tryout' as Parameters<OrderKinds['register']>[0];
const reversed: string[] = [];
const kind: OrderKind = {
  async paid() {},
  async reversed(_tx, { checkout }) {
    reversed.push(checkout.id);
  },
};

const faults = faultyProcessors();
let processors: PaymentProcessors;
let t: TestApp;
let s: Shopper;
let card: string;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      wrapPaymentProcessors: (built) => {
        processors = built;
        return faults.wrap(built);
      },
    },
  );
  t.app.services.orderKinds.register(KIND, kind);
  s = await shopper(t);
  card = await saveCard(t, s, CARDS.visa);
});
afterAll(() => t.close());
beforeEach(() => {
  faults.fault = 'none';
});

const by = (actor = 'staff:test'): Mover => ({ actor, at: t.clock.now() });

/** One order of `total` pence placed for the shopper and paid with POST /payments (credit spent first). */
async function paidCheckout(total: number): Promise<{ checkoutId: string; paymentId: string }> {
  const { checkoutId, orderId } = await t.database.db.transaction(async (tx) => {
    const placed = await placeOrders(
      tx,
      {
        customerId: s.customerId,
        kind: KIND,
        basketId: null,
        basketVersion: null,
        voucherId: null,
        subscriptionId: null,
        total,
      },
      [
        {
          mealWeek: null,
          deliveryDate: isoDate('2026-11-25'),
          deliveryNote: null,
          shippingAddress: {
            firstName: 'Ada',
            lastName: 'Lovelace',
            address1: '10 Downing Street',
            address2: null,
            city: 'London',
            zip: 'SW1A 2AA',
            company: null,
            region: null,
            country: 'United Kingdom',
            countryCode: 'GB',
            phone: null,
            lat: null,
            lon: null,
          },
          billingAddress: null,
          voucherId: null,
          voucherCode: null,
          subtotal: total,
          discount: 0,
          shippingPrice: 0,
          total,
          lines: [
            {
              productVariantId: null,
              productVariantExtId: 'class:1',
              title: 'A pasta class',
              variantTitle: '',
              sku: 'CLASS-1',
              imageUrl: null,
              tags: [],
              price: pence(total),
              quantity: 1,
              discount: pence(0),
              total: pence(total),
              isAddon: false,
            },
          ],
        },
      ],
      'part_refund_tryout' as OrderSource,
      by('customer'),
    );
    return { checkoutId: placed.checkout.id, orderId: placed.orderIds[0]! };
  });
  const paid = await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: card });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  const [payment] = await t.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.checkoutId, checkoutId), eq(payments.status, 'succeeded')));
  return { checkoutId, paymentId: payment!.id };
}

/** Decides a part refund as a caller does: the checkouts locked first (the lock order), then payments. */
const decide = (checkoutIds: string[], amount: number, reason = 'A guest taken off') =>
  t.database.db.transaction(async (tx) => {
    await lockInOrder(tx, { checkoutIds }, {});
    return requestPartRefund(tx, { checkoutIds, amount, reason, by: by() });
  });

const refundsOf = (paymentId: string) =>
  t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));

async function sandboxOf(paymentId: string) {
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
  const [intent] = await t.database.db
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.id, payment!.intentId!));
  const refunds = await t.database.db
    .select()
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.paymentIntentId, intent!.id));
  return { payment: payment!, refunded: intent!.amountRefunded, refunds };
}

describe('a card payment given back in parts', () => {
  test('owed in the deciding transaction, refunded after commit; twice; the payment stays succeeded', async () => {
    const { checkoutId, paymentId } = await paidCheckout(1200);

    const first = await decide([checkoutId], 300);
    expect(first).toMatchObject({ refunded: 300, toCredit: 0 });
    expect(first.rows).toEqual([
      expect.objectContaining({
        paymentId,
        amount: 300,
        state: 'owed',
        processorId: null,
        reason: 'A guest taken off',
      }),
    ]);
    expect((await sandboxOf(paymentId)).refunded).toBe(0);

    expect(await t.app.services.payments.refundOwed(checkoutId, 'staff:test')).toBe(1);
    const [done] = await refundsOf(paymentId);
    expect(done).toMatchObject({ state: 'refunded', processorId: expect.stringMatching(/^re_/) });
    expect(done!.refundedAt).toBeInstanceOf(Date);
    let sandbox = await sandboxOf(paymentId);
    expect(sandbox.refunded).toBe(300);
    expect(sandbox.refunds).toEqual([expect.objectContaining({ id: done!.processorId, amount: 300 })]);

    t.clock.advance(60_000);
    const second = await decide([checkoutId], 500, 'A cheaper date');
    expect(second).toMatchObject({ refunded: 500, toCredit: 0 });
    expect(await t.app.services.payments.refundOwed(checkoutId, 'staff:test')).toBe(1);
    sandbox = await sandboxOf(paymentId);
    expect(sandbox.refunded).toBe(800);
    expect(sandbox.refunds.map((refund) => refund.amount).sort()).toEqual([300, 500]);
    expect(sandbox.payment.status).toBe('succeeded');
    expect(sandbox.payment.refundRequestedAt).toBeNull();
    expect(reversed).toEqual([]);
    // Nothing more owed: asking again refunds nothing.
    expect(await t.app.services.payments.refundOwed(checkoutId, 'staff:test')).toBe(0);

    const shown = await partRefundsOf(t.database.db, [checkoutId]);
    expect(shown.map(({ amount, state, reason }) => ({ amount, state, reason }))).toEqual([
      { amount: 300, state: 'refunded', reason: 'A guest taken off' },
      { amount: 500, state: 'refunded', reason: 'A cheaper date' },
    ]);
    expect(shown.every((refund) => refund.checkoutId === checkoutId && refund.processorId)).toBe(true);
  });

  test('never more than the card took: asking past it is refused and writes nothing', async () => {
    const { checkoutId, paymentId } = await paidCheckout(1000);
    await decide([checkoutId], 700);
    await expect(decide([checkoutId], 301)).rejects.toThrow(RangeError);
    expect(await refundsOf(paymentId)).toHaveLength(1);
    expect(await decide([checkoutId], 300)).toMatchObject({ refunded: 300, toCredit: 0 });
    await expect(decide([checkoutId], 1)).rejects.toThrow(/more than/);
    expect(await t.app.services.payments.refundOwed(checkoutId, 'staff:test')).toBe(2);
    expect((await sandboxOf(paymentId)).refunded).toBe(1000);
    // The processor refuses more than it took, whatever we ask.
    const { payment } = await sandboxOf(paymentId);
    await expect(
      processors.stripe.refund({ paymentIntentId: payment.intentId!, amount: 1 }, 'refund:too-much'),
    ).rejects.toMatchObject({ code: 'charge_already_refunded' });
  });

  test('a payment owed back whole has nothing left to give in parts', async () => {
    const { checkoutId } = await paidCheckout(900);
    await t.database.db.transaction((tx) => requestRefund(tx, checkoutId, 'Called off', by()));
    await expect(decide([checkoutId], 100)).rejects.toThrow(RangeError);
    expect(await decide([checkoutId], 0)).toEqual({ refunded: 0, toCredit: 0, rows: [] });
  });

  test('over several checkouts, the newest payment gives first', async () => {
    const older = await paidCheckout(1000);
    const newer = await paidCheckout(600);
    const decision = await decide([older.checkoutId, newer.checkoutId], 1000);
    expect(decision).toMatchObject({ refunded: 1000, toCredit: 0 });
    expect(decision.rows.map((row) => [row.paymentId, row.amount])).toEqual([
      [newer.paymentId, 600],
      [older.paymentId, 400],
    ]);
    expect(await t.app.services.payments.refundOwed(newer.checkoutId, 'staff:test')).toBe(1);
    expect(await t.app.services.payments.refundOwed(older.checkoutId, 'staff:test')).toBe(1);
    expect((await sandboxOf(newer.paymentId)).refunded).toBe(600);
    expect((await sandboxOf(older.paymentId)).refunded).toBe(400);
  });

  test('a replay after a crash (the processor refunded, nothing recorded) refunds once, with the same key', async () => {
    const { checkoutId, paymentId } = await paidCheckout(1500);
    const { rows } = await decide([checkoutId], 450);
    const { payment } = await sandboxOf(paymentId);
    // The first ask reached the processor, then the process died before recording its answer.
    const first = await processors.stripe.refund(
      { paymentIntentId: payment.intentId!, amount: 450 },
      `refund:${rows[0]!.id}`,
    );
    expect((await refundsOf(paymentId))[0]!.state).toBe('owed');

    expect(await t.app.services.payments.recoverPayments(0)).toBeGreaterThanOrEqual(1);
    const [row] = await refundsOf(paymentId);
    expect(row).toMatchObject({ state: 'refunded', processorId: first.id });
    const sandbox = await sandboxOf(paymentId);
    expect(sandbox.refunded).toBe(450);
    expect(sandbox.refunds).toHaveLength(1);
  });

  test('the processor down: the refund stays owed, and the recovery pass finishes it', async () => {
    const { checkoutId, paymentId } = await paidCheckout(800);
    await decide([checkoutId], 250);
    faults.fault = 'unreachable';
    expect(await t.app.services.payments.refundOwed(checkoutId, 'staff:test')).toBe(0);
    expect((await refundsOf(paymentId))[0]).toMatchObject({ state: 'owed', processorId: null });
    faults.fault = 'none';
    expect((await sandboxOf(paymentId)).refunded).toBe(0);

    await t.app.services.payments.recoverPayments(0);
    expect((await refundsOf(paymentId))[0]).toMatchObject({ state: 'refunded' });
    expect((await sandboxOf(paymentId)).refunded).toBe(250);
    expect((await sandboxOf(paymentId)).payment.status).toBe('succeeded');
  });
});

describe('what cannot go back to a card', () => {
  test('the store credit a payment spent is answered as credit to give, after the card', async () => {
    await t.database.db.transaction((tx) =>
      addCredit(tx, {
        customerId: s.customerId,
        amount: 500,
        reason: 'test',
        description: 'A gift',
        reference: null,
        at: t.clock.now(),
      }),
    );
    const { checkoutId, paymentId } = await paidCheckout(1200);
    const { payment } = await sandboxOf(paymentId);
    expect(payment).toMatchObject({ amount: 700, creditAmount: 500 });

    const decision = await decide([checkoutId], 1000);
    expect(decision).toMatchObject({ refunded: 700, toCredit: 300 });
    expect(decision.rows.map((row) => row.amount)).toEqual([700]);
    await expect(decide([checkoutId], 501)).rejects.toThrow(RangeError);
    expect(await t.app.services.payments.refundOwed(checkoutId, 'staff:test')).toBe(1);
    expect((await sandboxOf(paymentId)).refunded).toBe(700);
  });

  test('a checkout paid wholly with credit gives everything back as credit, and asks no processor', async () => {
    await t.database.db.transaction((tx) =>
      addCredit(tx, {
        customerId: s.customerId,
        amount: 2000,
        reason: 'test',
        description: 'A gift',
        reference: null,
        at: t.clock.now(),
      }),
    );
    const { checkoutId, paymentId } = await paidCheckout(1500);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ processor: 'none', amount: 0, creditAmount: 1500 });

    expect(await decide([checkoutId], 600)).toEqual({ refunded: 0, toCredit: 600, rows: [] });
    await expect(decide([checkoutId], 1501)).rejects.toThrow(RangeError);
    expect(await refundsOf(paymentId)).toEqual([]);
  });
});
