import { useState } from 'react';
import { ordersApi, type OrderList } from '../../features/orders/orders.queries';
import type { Decline, PayWith } from '../../features/payments/payments.queries';
import { ApiError } from '../../shared/api/client';
import { payOrder } from './pay';
import type { PayStatus } from './pay-section';
import { useFinishPayment } from './use-finish-payment';

// What every "Pay" button does with its answer (the checkout's payment step, a gift, paying again): paid
// goes on to the confirmation; a 3-D Secure check or PayPal takes the customer away and back; a decline
// stays with the processor's reason (a hard-declined card is not offered again); still processing says so.

export const STILL_PROCESSING =
  'Your payment is still being processed. We’ll email you as soon as it’s done; you can see the order in your account.';

export function usePayOrder() {
  const finish = useFinishPayment();
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

  /** Goes on to `doneAt` with the paid orders; `then` runs once the confirmation is showing. */
  const paid = async (list: OrderList, doneAt: string, then?: () => void) => {
    await finish(list, doneAt);
    then?.();
  };

  const pay = async (orderId: string, how: PayWith, doneAt: string, then?: () => void): Promise<void> => {
    setStatus('paying');
    try {
      const result = await payOrder(orderId, how, { doneAt, retryAt: `/payment/${orderId}` });
      if (result.kind === 'paid') {
        await paid(result.list, doneAt, then);
      } else if (result.kind === 'redirecting') {
        setStatus('redirecting');
      } else if (result.kind === 'processing') {
        setStatus('idle');
        setProblem(STILL_PROCESSING);
      } else {
        setStatus('idle');
        setDecline(result.decline);
        if (result.decline.hardDecline && how.paymentMethodId) {
          setUnusable((s) => new Set([...s, how.paymentMethodId!]));
        }
      }
    } catch (error) {
      setStatus('idle');
      if (error instanceof ApiError && error.code === 'ALREADY_PAID') {
        await paid(await ordersApi.confirm(orderId), doneAt, then);
        return;
      }
      setProblem(error instanceof Error ? error.message : 'Something went wrong');
    }
  };

  return { status, setStatus, decline, setDecline, problem, setProblem, unusable, begin, pay, paid };
}
