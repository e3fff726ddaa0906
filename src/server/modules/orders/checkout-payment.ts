import { and, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { paidWithLabel } from '../../../domain/receipt';
import type { DbOrTx } from '../../db/client';
import { paymentMethods, payments } from '../../db/schema/payments';

// What paid for a checkout, as its receipts show it (issue 19 item 4): the store credit used, what was
// charged to the card or PayPal, and which one.

export interface CheckoutPaid {
  creditUsed: number;
  charged: number;
  /** "Visa ending 4242", "PayPal (ana@example.com)"; null when nothing names it (credit paid it all). */
  paidWith: string | null;
  /** How, without naming the card or account (for a page others may see). */
  method: 'card' | 'paypal' | null;
}

function methodOf(processor: PaymentRow['processor'], type: string | undefined): CheckoutPaid['method'] {
  if (type === 'PaypalAccount' || processor === 'paypal') return 'paypal';
  return processor === 'stripe' ? 'card' : null;
}

type PaymentRow = typeof payments.$inferSelect;

type PaymentFacts = Pick<PaymentRow, 'amount' | 'creditAmount' | 'paymentMethodId' | 'processor'> &
  Partial<Pick<PaymentRow, 'captureMethod' | 'captureAmount' | 'paidWith'>>;

/** A payment as a receipt shows it: its credit, its charge and the method (read when it names one). */
export async function describePayment(db: DbOrTx, payment: PaymentFacts): Promise<CheckoutPaid> {
  return (await describePayments(db, [payment]))[0]!;
}

/** Several payments as receipts show them (weekly billing's batches), their methods read in one statement. */
export async function describePayments(db: DbOrTx, list: readonly PaymentFacts[]): Promise<CheckoutPaid[]> {
  const ids = [
    ...new Set(list.flatMap((payment) => (payment.paymentMethodId ? [payment.paymentMethodId] : []))),
  ];
  const methods = new Map(
    ids.length === 0
      ? []
      : (await db.select().from(paymentMethods).where(inArray(paymentMethods.id, ids))).map((m) => [m.id, m]),
  );
  return list.map((payment) => {
    const method = payment.paymentMethodId ? methods.get(payment.paymentMethodId) : undefined;
    return {
      creditUsed: payment.creditAmount,
      // A hold took what was captured of it, not what was held.
      charged: payment.captureMethod === 'manual' ? (payment.captureAmount ?? 0) : payment.amount,
      // A deleted card (a guest's, after the visit) is named as it was when it went.
      paidWith: method
        ? paidWithLabel(method)
        : (payment.paidWith ?? (payment.processor === 'paypal' ? 'PayPal' : null)),
      method: methodOf(payment.processor, method?.type),
    };
  });
}

/**
 * The payment that paid a checkout (a successful one, or one refunded after it succeeded, such as a takeaway
 * the kitchen turned down), as a receipt shows it; null while nothing has paid it.
 */
export async function checkoutPaid(db: DbOrTx, checkoutId: string): Promise<CheckoutPaid | null> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.checkoutId, checkoutId),
        or(
          eq(payments.status, 'succeeded'),
          and(eq(payments.status, 'refunded'), isNotNull(payments.refundRequestedAt)),
        ),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return payment ? describePayment(db, payment) : null;
}
