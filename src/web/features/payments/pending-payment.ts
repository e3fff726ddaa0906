import { safeTarget } from '../../shared/customer.queries';

// A payment that left the shop for a 3-D Secure check or PayPal approval: where the customer goes once it
// is confirmed (the checkout's confirmation, or /payment/success). Kept for this tab only.

const KEY = 'sfoglia:pending-payment';

export interface PendingPayment {
  orderId: string;
  /** The confirmation page of the flow that started it. */
  doneAt: string;
  /** Where to pay again if it fails. */
  retryAt: string;
}

export function rememberPendingPayment(pending: PendingPayment): void {
  sessionStorage.setItem(KEY, JSON.stringify(pending));
}

/** The pending payment for this order, if this tab started it. */
export function pendingPaymentFor(orderId: string): PendingPayment | null {
  try {
    const pending = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as PendingPayment | null;
    if (!pending || pending.orderId !== orderId) return null;
    const doneAt = safeTarget(pending.doneAt);
    const retryAt = safeTarget(pending.retryAt);
    return doneAt && retryAt ? { orderId, doneAt, retryAt } : null;
  } catch {
    return null;
  }
}

export function forgetPendingPayment(): void {
  sessionStorage.removeItem(KEY);
}
