import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors';
import { planCharge } from '../../../domain/orders';
import type { Db, DbOrTx } from '../../db/client';
import { inParallel } from '../../concurrency';
import { paymentMethods, payments, processorCustomers } from '../../db/schema/payments';
import type { PaymentIntent } from '../../integrations/payments/port';
import {
  lockCheckouts,
  ordersOfCheckouts,
  payCheckouts,
  type CheckoutRow,
  type Mover,
  type PaidCheckout,
} from '../orders';
import type { ShopRulesCache } from '../shop';
import { movePayments, startPayments, type PaymentRow, type PaymentStart } from './payment-state';
import { isHardDecline, type ChargeRequest, type PaymentSettlement } from './payment-settlement';
import { ensureProcessorCustomer } from './processor-customers';
import { lockCustomersCredit } from '../customers';

// Charging checkouts while their customers are away (issue 12: a plan's weekly boxes, at the cutoff and at
// each retry), one or a batch (decision 22's addendum; issue 20: a charge of one is a batch of one). Each
// attempt has a key the caller makes from what is being charged (`plan:{weekId}:{attempt}`), so that two
// workers, a retry or a restart asking for the same attempt get the one payment row and, at the processor,
// the one charge. The same three steps as paying at the checkout (payments.service.ts):
//  1. ONE transaction makes every attempt's payment (payment-state.ts `startPayments`: checkouts locked in
//     id order, then the payments with those keys, then the customers in id order: the money path's lock
//     order), store credit first;
//  2. the processor charges each card off-session with its attempt's key, `concurrency` at a time, outside
//     any transaction (one call per charge, as Stripe takes them);
//  3. ONE transaction records every charge that succeeded (`movePayments`; the checkouts and their orders
//     paid, the order kind told with `paidMany`); any other answer is recorded on its own
//     (PaymentSettlement), a crash in between finished by payments recovery.

export interface OffSessionCharge {
  checkoutId: string;
  /** The saved card or PayPal account (payment_methods.id) that is charged. */
  paymentMethodId: string;
  /** Deterministic for what is charged and which try it is; the same key is the same attempt. */
  idempotencyKey: string;
  /** `job:plans-bill`… */
  actor: string;
}

/** One charge's answer: its payment as it stands, null when nothing was charged, or why it was refused. */
export type BatchAnswer = PaymentRow | null | DomainError;

interface Started {
  at: number;
  payment: PaymentRow;
  customerRef: string;
  methodRef: string | null;
  request: ChargeRequest;
}

/**
 * Makes (or replays) each attempt. Answers each with its payment as it stands afterwards (`succeeded`,
 * `failed`, or `processing` when the processor could not be reached: recovery finishes it), null when
 * nothing was charged because the checkout is paid, given up, or being paid by the customer right now, or
 * why it was refused (a card that had a hard decline is never tried again: PAYMENT_DECLINED).
 */
export async function chargeOffSession(
  deps: { db: Db; rules: ShopRulesCache; settlement: PaymentSettlement },
  inputs: readonly OffSessionCharge[],
  concurrency: number,
): Promise<BatchAnswer[]> {
  const { db, settlement } = deps;
  const answers: BatchAnswer[] = inputs.map(() => null);
  if (inputs.length === 0) return answers;
  const actor = inputs[0]!.actor;
  const methods = new Map(
    (
      await db
        .select()
        .from(paymentMethods)
        .where(inArray(paymentMethods.id, unique(inputs.map((input) => input.paymentMethodId))))
    ).map((row) => [row.id, row]),
  );
  const refs = new Map(
    (
      await db
        .select()
        .from(processorCustomers)
        .where(inArray(processorCustomers.customerId, unique([...methods.values()].map((m) => m.customerId))))
    ).map((row) => [`${row.customerId}:${row.processor}`, row.ref]),
  );
  const customerRefs = new Map<string, string>();
  for (const [at, input] of inputs.entries()) {
    const method = methods.get(input.paymentMethodId);
    if (!method) {
      answers[at] = new DomainError('PAYMENT_METHOD_NOT_FOUND', 'That card is no longer in the account');
      continue;
    }
    const key = `${method.customerId}:${method.processor}`;
    if (!refs.has(key)) {
      refs.set(
        key,
        await ensureProcessorCustomer(db, settlement.processor(method.processor), method.customerId),
      );
    }
    customerRefs.set(method.id, refs.get(key)!);
  }
  const rules = await deps.rules.get();
  const by = settlement.by(actor);
  const started: Started[] = await db.transaction(async (tx) => {
    const begun: Started[] = [];
    const wanted = inputs.flatMap((input, at) => (answers[at] === null ? [{ input, at }] : []));
    if (wanted.length === 0) return begun;
    const held = await lockCheckouts(
      tx,
      wanted.map(({ input }) => input.checkoutId),
    );
    const same = new Map(
      (
        await tx
          .select()
          .from(payments)
          .where(
            inArray(
              payments.idempotencyKey,
              wanted.map(({ input }) => input.idempotencyKey),
            ),
          )
          .orderBy(asc(payments.id))
          .for('update')
      ).map((row) => [row.idempotencyKey, row]),
    );
    const checkoutIds = [...held.keys()];
    const inFlight = new Set(
      checkoutIds.length === 0
        ? []
        : (
            await tx
              .select({ checkoutId: payments.checkoutId })
              .from(payments)
              .where(
                and(
                  inArray(payments.checkoutId, checkoutIds),
                  inArray(payments.status, ['processing', 'requires_action']),
                ),
              )
          ).map((row) => row.checkoutId),
    );
    const declined = await lastDeclines(
      tx,
      wanted.map(({ input }) => input.paymentMethodId),
    );
    const credit = await lockCustomersCredit(tx, unique([...held.values()].map((c) => c.customerId)));
    const boxes = await ordersOfCheckouts(tx, checkoutIds);
    const making: { at: number; checkout: CheckoutRow; start: PaymentStart }[] = [];
    const taken = new Set<string>();
    for (const { input, at } of wanted) {
      const method = methods.get(input.paymentMethodId)!;
      const checkout = held.get(input.checkoutId);
      const kept = same.get(input.idempotencyKey);
      if (!checkout) answers[at] = new DomainError('ORDER_NOT_FOUND', 'We could not find that order');
      else if (kept) {
        answers[at] = kept;
        if (kept.status === 'processing') begun.push(startOf(at, kept));
      } else if (checkout.state !== 'open' || inFlight.has(checkout.id) || taken.has(checkout.id)) {
        answers[at] = null;
      } else if (isHardDecline(declined.get(method.id) ?? null)) {
        answers[at] = hardDecline(declined.get(method.id) ?? null);
      } else {
        taken.add(checkout.id);
        const plan = planCharge({
          total: checkout.total,
          creditBalance: credit.get(checkout.customerId) ?? 0,
          useCredit: true,
          minimumCardCharge: rules.minimumCardCharge,
          basketRequestsCard: false,
        });
        credit.set(checkout.customerId, (credit.get(checkout.customerId) ?? 0) - plan.creditApplied);
        making.push({
          at,
          checkout,
          start: {
            values: {
              checkoutId: checkout.id,
              customerId: checkout.customerId,
              paymentMethodId: plan.charge > 0 ? method.id : null,
              processor: plan.charge > 0 ? method.processor : 'none',
              idempotencyKey: input.idempotencyKey,
              amount: plan.charge,
              creditAmount: plan.creditApplied,
              offSession: plan.charge > 0,
              status: plan.charge > 0 ? 'processing' : 'succeeded',
            },
            orderNumbers: settlement.chargeRequest('none', boxes.get(checkout.id) ?? []).orderNumbers,
          },
        });
      }
    }
    const made = await startPayments(
      tx,
      making.map((one) => one.start),
      by,
    );
    for (const [index, { at, checkout }] of making.entries()) {
      const payment = made[index]!;
      answers[at] = payment;
      if (payment.status === 'succeeded') await settlement.finalise(tx, checkout, payment, by);
      else begun.push(startOf(at, payment));
    }
    return begun;

    function startOf(at: number, payment: PaymentRow): Started {
      const method = methods.get(inputs[at]!.paymentMethodId)!;
      return {
        at,
        payment,
        customerRef: customerRefs.get(method.id)!,
        methodRef: method.processorRef,
        request: settlement.chargeRequest(payment.processor, boxes.get(payment.checkoutId) ?? []),
      };
    }
  });

  // 2. The processor, outside any transaction.
  const asked = await inParallel(started, concurrency, async (one) => {
    try {
      return { one, asked: await settlement.ask(one.payment, one.customerRef, one.methodRef, one.request) };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { one, error };
    }
  });
  // 3. What it answered: the charges that succeeded in one transaction, any other on its own.
  const charged = asked.flatMap(({ one, asked: answer }) =>
    answer && 'intent' in answer ? [{ payment: one.payment, intent: answer.intent }] : [],
  );
  const recorded = await settleMany(db, settlement, charged, actor);
  await inParallel(asked, concurrency, async ({ one, asked: answer, error }) => {
    if (error) answers[one.at] = error;
    else
      answers[one.at] =
        recorded.get(one.payment.id) ?? (await settlement.answer(one.payment, answer!, actor));
  });
  return answers;
}

/**
 * Records many charges that succeeded in ONE transaction: checkouts locked in id order, then the payments;
 * each attempt still `processing` whose checkout is open is paid, the checkout and its orders paid, and the
 * order kind told (`paidMany` when it has one). Answers those it recorded, by payment id; the caller
 * records any other on its own (`PaymentSettlement.answer`: a refund when the checkout was paid meanwhile).
 */
async function settleMany(
  db: Db,
  settlement: PaymentSettlement,
  charged: readonly { payment: PaymentRow; intent: PaymentIntent }[],
  actor: string,
): Promise<Map<string, PaymentRow>> {
  const done = new Map<string, PaymentRow>();
  const ok = charged.filter(({ intent }) => intent.status === 'succeeded');
  if (ok.length === 0) return done;
  const by: Mover = settlement.by(actor);
  await db.transaction(async (tx) => {
    const held = await lockCheckouts(
      tx,
      ok.map(({ payment }) => payment.checkoutId),
    );
    const current = new Map(
      (
        await tx
          .select()
          .from(payments)
          .where(
            inArray(
              payments.id,
              ok.map(({ payment }) => payment.id),
            ),
          )
          .orderBy(asc(payments.id))
          .for('update')
      ).map((row) => [row.id, row]),
    );
    const seen = new Set<string>();
    const paying = ok.filter(({ payment }) => {
      const checkout = held.get(payment.checkoutId);
      if (current.get(payment.id)?.status !== 'processing' || checkout?.state !== 'open') return false;
      if (seen.has(checkout.id)) return false;
      seen.add(checkout.id);
      return true;
    });
    if (paying.length === 0) return;
    const paid = await movePayments(
      tx,
      paying.map(({ payment, intent }) => ({
        payment: current.get(payment.id)!,
        changes: { intentId: intent.id, nextActionUrl: null },
      })),
      'succeeded',
      by,
    );
    const checkoutsPaid = await payCheckouts(
      tx,
      paid.map((row) => ({ checkout: held.get(row.checkoutId)!, creditApplied: row.creditAmount })),
      by,
    );
    const byKind = new Map<CheckoutRow['kind'], PaidCheckout[]>();
    for (const row of paid) {
      const { checkout, orders: paidOrders } = checkoutsPaid.get(row.checkoutId)!;
      const list = byKind.get(checkout.kind) ?? [];
      list.push({ checkout, payment: row, orders: paidOrders, by });
      byKind.set(checkout.kind, list);
      done.set(row.id, row);
    }
    for (const [name, list] of byKind) {
      const kind = settlement.kinds.of(name);
      if (kind.paidMany) await kind.paidMany(tx, list);
      else for (const one of list) await kind.paid(tx, one);
    }
  });
  return done;
}

/** Stolen, lost, fraudulent or blacklisted: that card is never charged again (spec §8). */
export async function refuseAfterHardDecline(db: DbOrTx, paymentMethodId: string): Promise<void> {
  const declineCode = (await lastDeclines(db, [paymentMethodId])).get(paymentMethodId) ?? null;
  if (isHardDecline(declineCode)) throw hardDecline(declineCode);
}

const hardDecline = (declineCode: string | null) =>
  new DomainError('PAYMENT_DECLINED', 'This card was declined. Please use another card.', {
    declineCode,
    hardDecline: true,
  });

/** Each card's last failed charge's decline code (one statement; `payments_method_failed_idx`). */
async function lastDeclines(tx: DbOrTx, methodIds: readonly string[]): Promise<Map<string, string | null>> {
  const rows = await tx
    .selectDistinctOn([payments.paymentMethodId], {
      methodId: payments.paymentMethodId,
      declineCode: payments.declineCode,
    })
    .from(payments)
    .where(and(inArray(payments.paymentMethodId, unique(methodIds)), eq(payments.status, 'failed')))
    .orderBy(payments.paymentMethodId, desc(payments.createdAt));
  return new Map(rows.map((row) => [row.methodId!, row.declineCode]));
}

const unique = (values: readonly string[]) => [...new Set(values)];
