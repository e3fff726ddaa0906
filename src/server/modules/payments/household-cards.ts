import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentMethods, payments } from '../../db/schema/payments';

// What referrals (the rewards area, decision 30) read of cards and PayPal accounts: which a customer has saved
// or paid with, and which paid a checkout, to tell one household from another. Only what a receipt shows
// (brand, last four, PayPal email, or the receipt's name for a deleted card), never a processor reference.

export interface CardFacts {
  method: {
    type: 'CreditCard' | 'PaypalAccount';
    brand: string | null;
    last4: string | null;
    email: string | null;
  } | null;
  /** How a receipt names a card since deleted ("Visa ending 4242"). */
  paidWith: string | null;
}

const methodColumns = {
  type: paymentMethods.type,
  brand: paymentMethods.brand,
  last4: paymentMethods.last4,
  email: paymentMethods.email,
};

/** Every card and PayPal account the customer saved (typed at a checkout too) or paid with. */
export async function cardsOfCustomer(db: DbOrTx, customerId: string): Promise<CardFacts[]> {
  const [saved, used] = await Promise.all([
    db.select(methodColumns).from(paymentMethods).where(eq(paymentMethods.customerId, customerId)),
    db
      .select({ ...methodColumns, methodId: paymentMethods.id, paidWith: payments.paidWith })
      .from(payments)
      .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
      .where(eq(payments.customerId, customerId)),
  ]);
  return [
    ...saved.map((method) => ({ method, paidWith: null })),
    ...used.map(({ methodId, paidWith, ...method }) => ({
      method: methodId ? (method as CardFacts['method']) : null,
      paidWith,
    })),
  ];
}

/**
 * What paid these checkouts (their successful payments, and any refunded after succeeding), by checkout, with
 * whether the money went back: a payment refunded, or asked to be.
 */
export async function cardsOfCheckouts(
  db: DbOrTx,
  checkoutIds: readonly string[],
): Promise<Map<string, { cards: CardFacts[]; refunded: boolean }>> {
  const out = new Map<string, { cards: CardFacts[]; refunded: boolean }>();
  if (checkoutIds.length === 0) return out;
  const rows = await db
    .select({
      ...methodColumns,
      checkoutId: payments.checkoutId,
      methodId: paymentMethods.id,
      paidWith: payments.paidWith,
      status: payments.status,
      refundRequestedAt: payments.refundRequestedAt,
    })
    .from(payments)
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .where(
      and(
        inArray(payments.checkoutId, [...checkoutIds]),
        or(
          eq(payments.status, 'succeeded'),
          and(eq(payments.status, 'refunded'), isNotNull(payments.refundRequestedAt)),
        ),
      ),
    );
  for (const { checkoutId, methodId, paidWith, status, refundRequestedAt, ...method } of rows) {
    const entry = out.get(checkoutId) ?? { cards: [], refunded: false };
    entry.cards.push({ method: methodId ? (method as CardFacts['method']) : null, paidWith });
    if (status === 'refunded' || refundRequestedAt !== null) entry.refunded = true;
    out.set(checkoutId, entry);
  }
  return out;
}
