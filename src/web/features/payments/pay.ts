import type { Payment } from '../../../contracts/payments';
import { randomId } from '../../shared/random-id';
import { declineOf, paymentsApi, type Decline, type PayWith } from './payments.queries';
import { rememberPendingPayment } from './pending-payment';

// Paying a checkout, by one of its orders (the checkout's payment step, a gift, /payment/{orderId}):
// - succeeded: the caller confirms it (the checkout's orders come back paid); a tab's hold (held: the card
//   authorised for its limit, decision 28) goes on the same way;
// - requires_action: off to the 3-D Secure check or PayPal, which come back to /payment/{orderId} or
//   /paypal-confirmation (remembered here: where to go once confirmed, and where to try again);
// - processing: asked again, every second, for up to 20 seconds;
// - a decline (PAYMENT_DECLINED) stays where it is, with the processor’s reason.

export type PayResult =
  | { kind: 'succeeded' }
  | { kind: 'redirecting' }
  | { kind: 'processing' }
  | { kind: 'declined'; decline: Decline };

const POLL_MS = 1000;
const POLL_TRIES = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function settle(
  orderId: string,
  payment: Payment,
  flow: { doneAt: string; retryAt: string },
): Promise<PayResult> {
  let current = payment;
  for (let tries = 0; current.status === 'processing' && tries < POLL_TRIES; tries++) {
    await sleep(POLL_MS);
    current = await paymentsApi.details(current.id);
  }
  switch (current.status) {
    case 'succeeded':
    case 'held':
      return { kind: 'succeeded' };
    case 'requires_action':
      if (!current.nextActionUrl) break;
      rememberPendingPayment({ orderId, ...flow });
      window.location.assign(current.nextActionUrl);
      return { kind: 'redirecting' };
    case 'processing':
      return { kind: 'processing' };
    default:
      break;
  }
  return {
    kind: 'declined',
    decline: {
      message: current.message ?? 'The payment did not go through. Please try again.',
      declineCode: current.declineCode,
      hardDecline: current.hardDecline,
    },
  };
}

/** One click of "Pay": one idempotency key, so a retry of this click never pays twice. */
export async function payOrder(
  orderId: string,
  how: PayWith,
  flow: { doneAt: string; retryAt: string },
  idempotencyKey: string = randomId(),
): Promise<PayResult> {
  try {
    return await settle(orderId, await paymentsApi.pay(orderId, how, idempotencyKey), flow);
  } catch (error) {
    const decline = declineOf(error);
    if (decline) return { kind: 'declined', decline };
    throw error;
  }
}
