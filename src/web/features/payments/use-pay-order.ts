import { useState } from 'react';
import { isApiError } from '../../shared/api/client';
import { payOrder } from './pay';
import { declineOf, type Decline, type PayWith } from './payments.queries';

// What every "Pay" button does with its answer (the checkout's payment step, a gift, paying again): paid
// goes on to the confirmation; a 3-D Secure check or PayPal takes the customer away and back; a decline
// stays with the processor's reason (a hard-declined card is not offered again); still processing says so.

export type PayStatus = 'idle' | 'placing' | 'paying' | 'redirecting' | 'processing';

export const STILL_PROCESSING =
  'Your payment is still being processed. We’ll email you as soon as it’s done; you can see the order in your account.';

/**
 * The payment of `orderId`'s checkout went through: confirm it and go on to `doneAt` (the page hands this
 * in: what a paid checkout changes belongs to the areas it touches, not to payments).
 */
export type ConfirmPaid = (orderId: string, doneAt: string) => Promise<void>;

/**
 * `describeFailure` says what a failure that is not a decline means to the customer (a takeaway's spec §8
 * words); by default, the error's own message.
 */
export function usePayOrder(confirmPaid: ConfirmPaid, describeFailure?: (error: unknown) => string) {
  const [status, setStatus] = useState<PayStatus>('idle');
  const [decline, setDecline] = useState<Decline | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [unusable, setUnusable] = useState<ReadonlySet<string>>(new Set());

  /** Clears the last answer; false (saying why) when there is no way to pay yet. */
  const begin = (missingMethod: boolean): boolean => {
    setDecline(null);
    setProblem(null);
    if (missingMethod) {
      setProblem('Choose how you’d like to pay above: a card or PayPal.');
      return false;
    }
    return true;
  };

  const pay = async (orderId: string, how: PayWith, doneAt: string, then?: () => void): Promise<void> => {
    const declined = (decline: Decline) => {
      setDecline(decline);
      if (decline.hardDecline && how.paymentMethodId) {
        setUnusable((s) => new Set([...s, how.paymentMethodId!]));
      }
    };
    setStatus('paying');
    try {
      const result = await payOrder(orderId, how, { doneAt, retryAt: `/payment/${orderId}` });
      if (result.kind === 'succeeded') {
        await confirmPaid(orderId, doneAt);
        then?.();
      } else if (result.kind === 'redirecting') {
        setStatus('redirecting');
      } else if (result.kind === 'processing') {
        setStatus('idle');
        setProblem(STILL_PROCESSING);
      } else {
        setStatus('idle');
        declined(result.decline);
      }
    } catch (error) {
      setStatus('idle');
      if (isApiError(error, 'ALREADY_PAID')) {
        await confirmPaid(orderId, doneAt);
        then?.();
        return;
      }
      const decline = declineOf(error);
      if (decline) declined(decline);
      else if (describeFailure) setProblem(describeFailure(error));
      else setProblem(error instanceof Error ? error.message : 'Something went wrong');
    }
  };

  return { status, setStatus, decline, setDecline, problem, setProblem, unusable, begin, pay };
}

export type PayOrder = ReturnType<typeof usePayOrder>;
