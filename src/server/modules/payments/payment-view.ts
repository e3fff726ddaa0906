import { eq } from 'drizzle-orm';
import type { Payment } from '../../../contracts/payments';
import { DomainError } from '../../../domain/errors';
import type { DbOrTx } from '../../db/client';
import { paymentMethods } from '../../db/schema/payments';
import { isHardDecline } from './payment-settlement';
import type { PaymentRow } from './payment-state';
import { firstOrderOf } from '../orders';

/** A payment as the API shows it: the order it is followed by, and the card it was made with. */
export async function paymentView(db: DbOrTx, row: PaymentRow): Promise<Payment> {
  const first = await firstOrderOf(db, row.checkoutId);
  const method = row.paymentMethodId
    ? (await db.select().from(paymentMethods).where(eq(paymentMethods.id, row.paymentMethodId)))[0]
    : undefined;
  return {
    id: row.id,
    orderId: first?.id ?? '',
    checkoutId: row.checkoutId,
    status: row.status,
    paymentProcessorName: row.processor,
    amount: row.status === 'succeeded' && row.captureAmount !== null ? row.captureAmount : row.amount,
    creditAmount: row.creditAmount,
    nextActionUrl: row.nextActionUrl,
    declineCode: row.declineCode,
    hardDecline: isHardDecline(row.declineCode),
    message: row.failureMessage,
    paymentMethod: method
      ? { id: method.id, type: method.type, brand: method.brand, last4: method.last4 }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A failed payment as an error answer that says why (402 PAYMENT_DECLINED); a saved card the processor no
 * longer has is PAYMENT_METHOD_UNAVAILABLE (409): choose another or add it again (issue 19). Both name the
 * order, to pay it again; the payment itself is in GET /payment_details.
 */
export function paymentFailure(payment: Payment): DomainError {
  return new DomainError(
    payment.declineCode === 'payment_method_unavailable' ? 'PAYMENT_METHOD_UNAVAILABLE' : 'PAYMENT_DECLINED',
    payment.message ?? 'The payment did not go through. Please try again.',
    {
      paymentId: payment.id,
      orderId: payment.orderId,
      declineCode: payment.declineCode,
      hardDecline: payment.hardDecline,
    },
  );
}
