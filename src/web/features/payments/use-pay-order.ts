import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from '../../shared/router';
import { isApiError } from '../../shared/api/client';
import { payOrder } from './pay';
import { confirmingOrderOf, declineOf, paymentQueries, type Decline, type PayWith } from './payments.queries';

// What every "Pay" button does with its answer (the checkout's payment step, a gift, paying again): paid
// goes on to the confirmation; a 3-D Secure check or PayPal takes the customer away and back; a decline
// stays with the processor's reason (a hard-declined card is not offered again). A payment the processor
// has not answered (or still processing) goes to the order's page, which says what is happening and how it
// ends (issue 19): never a form that can do nothing more.

export type PayStatus = 'idle' | 'placing' | 'paying' | 'redirecting' | 'processing';

/** Where an order is followed: its page by default (a takeaway: its tracking page). */
export type OrderPage = (orderId: string) => string;
const ORDER_PAGE: OrderPage = (orderId) => `/order/${orderId}`;

/**
 * The payment of `orderId`'s checkout went through: confirm it and go on to `doneAt` (the page hands this
 * in: what a paid checkout changes belongs to the areas it touches, not to payments).
 */
export type ConfirmPaid = (orderId: string, doneAt: string) => Promise<void>;

/**
 * `describeFailure` says what a failure that is not a decline means to the customer (a takeaway's spec §8
 * words); by default, the error's own message.
 */
export function usePayOrder(
  confirmPaid: ConfirmPaid,
  describeFailure?: (error: unknown) => string,
  orderPage: OrderPage = ORDER_PAGE,
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
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

  /** Still being confirmed with the processor: on to the order's page, which follows it. */
  const follow = async (orderId: string) => {
    setStatus('processing');
    await navigate(orderPage(orderId));
  };

  /** `retryAt`: where to pay again if a 3-D Secure check or PayPal comes back refused (the order's page). */
  const pay = async (
    orderId: string,
    how: PayWith,
    doneAt: string,
    then?: () => void,
    retryAt = `/payment/${orderId}`,
  ): Promise<void> => {
    const declined = (decline: Decline) => {
      setDecline(decline);
      if (decline.hardDecline && how.paymentMethodId) {
        setUnusable((s) => new Set([...s, how.paymentMethodId!]));
      }
      // A card typed for this payment was not kept, a lost one is gone: the list says so.
      void queryClient.invalidateQueries({ queryKey: paymentQueries.all });
    };
    setStatus('paying');
    try {
      const result = await payOrder(orderId, how, { doneAt, retryAt });
      if (result.kind === 'succeeded') {
        await confirmPaid(orderId, doneAt);
        then?.();
      } else if (result.kind === 'redirecting') {
        setStatus('redirecting');
      } else if (result.kind === 'processing') {
        await follow(orderId);
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
      const confirming = confirmingOrderOf(error);
      if (decline) declined(decline);
      else if (confirming) await follow(confirming);
      else if (describeFailure) setProblem(describeFailure(error));
      else setProblem(error instanceof Error ? error.message : 'Something went wrong');
    }
  };

  return { status, setStatus, decline, setDecline, problem, setProblem, unusable, begin, pay, follow };
}

export type PayOrder = ReturnType<typeof usePayOrder>;
