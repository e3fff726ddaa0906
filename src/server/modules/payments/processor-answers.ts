import { DomainError } from '../../../domain/errors';
import { PaymentProcessorError, type PaymentIntent } from '../../integrations/payments/port';

// What a customer reads about a processor's answer (issue 19 item 28): always our own words, saying what to
// do, with a stable code; never the processor's text ("No such payment_method: 'pm_…'"), which only logs see.

const ANOTHER_CARD = 'Please use another card.';

const DECLINE_MESSAGES: Record<string, string> = {
  insufficient_funds: `Your card has insufficient funds. ${ANOTHER_CARD}`,
  lost_card: `Your card was declined. ${ANOTHER_CARD}`,
  stolen_card: `Your card was declined. ${ANOTHER_CARD}`,
  fraudulent: `Your card was declined. ${ANOTHER_CARD}`,
  merchant_blacklist: `Your card was declined. ${ANOTHER_CARD}`,
  expired_card: `Your card has expired. ${ANOTHER_CARD}`,
  incorrect_cvc: 'Your card’s security code is incorrect.',
  authentication_failed:
    'We couldn’t confirm the payment with your bank. Please try again or use another card.',
  authentication_required:
    'Your bank wants you to confirm this payment. Please pay for it on the order’s page.',
  generic_decline: `Your card was declined. ${ANOTHER_CARD}`,
};

/** A declined intent, in our words (its decline code, else a general decline). */
export function declineMessage(intent: PaymentIntent): string {
  const error = intent.lastError;
  if (!error) return 'The payment did not go through. Please try again.';
  if (error.code === 'payment_intent_authentication_failure') return DECLINE_MESSAGES.authentication_failed!;
  return (
    (error.declineCode && DECLINE_MESSAGES[error.declineCode]) ||
    (error.code === 'authentication_required' && DECLINE_MESSAGES.authentication_required) ||
    DECLINE_MESSAGES.generic_decline!
  );
}

/** Why the processor refused a charge outright, as kept on the payment (`declineCode`) and shown. */
export type RefusalReason = 'payment_method_unavailable' | 'processor_refused';

export interface Refusal {
  reason: RefusalReason;
  message: string;
}

export const CARD_UNAVAILABLE = 'That card is no longer saved. Choose another card, or add it again.';

/**
 * A request the processor refused (a 4xx): the card it no longer has (after a processor restart, or detached
 * there) is `payment_method_unavailable`; anything else is ours to look at, and the customer may try again.
 */
export function refusalOf(error: PaymentProcessorError): Refusal {
  const aboutTheCard =
    error.code === 'payment_method_not_attached' ||
    (error.code === 'resource_missing' && (error.param === 'payment_method' || error.param === 'customer'));
  return aboutTheCard
    ? { reason: 'payment_method_unavailable', message: CARD_UNAVAILABLE }
    : {
        reason: 'processor_refused',
        message:
          'Our payment provider couldn’t take this payment. Please try again, or choose another way to pay.',
      };
}

/** The processor is still working on this key (another request is asking): not an answer, not a refusal. */
export function isBusy(error: unknown): boolean {
  return error instanceof PaymentProcessorError && error.statusCode === 409;
}

/** What the customer is told when the processor did not answer a charge: what is true, and what comes. */
export const CONFIRMING =
  'We didn’t get an answer from our payment provider, so we’re confirming your payment with them now. ' +
  'You won’t be charged twice. Your order’s page shows how it ends, and we’ll email you.';

/** The processor could not be reached for something other than a charge (nothing was taken). */
export function unreachable(what: string): DomainError {
  return new DomainError(
    'PAYMENT_PROCESSOR_ERROR',
    `We couldn’t reach our payment provider to ${what}. Nothing has been charged; please try again in a moment.`,
  );
}

/**
 * Any processor call that is not a charge: the processor's failures in our words. Anything else (our own
 * database, a bug) stays what it is: an unexpected error, never said to be the processor's.
 */
export async function askProcessor<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PaymentProcessorError)) throw error;
    if (error.statusCode < 500) {
      const refusal = refusalOf(error);
      throw new DomainError(
        refusal.reason === 'payment_method_unavailable' ? 'PAYMENT_METHOD_UNAVAILABLE' : 'PAYMENT_DECLINED',
        refusal.message,
        { declineCode: refusal.reason, hardDecline: false },
      );
    }
    throw unreachable(what);
  }
}
