import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { orderQueries } from '../features/orders/orders.queries';
import { paymentQueries } from '../features/payments/payments.queries';
import { subscriptionQueries } from '../features/subscriptions/subscriptions.queries';

// A change to a plan, a week or a box (skip, settings, a card, dishes): the plan's screens read again, and
// so do the orders (a plan's box is an order) and the saved cards ("Pays for your pasta plan"). It spans
// areas, so it lives here; the plan screens hand it to the subscriptions feature as `onChanged`.

export function usePlanChanged(): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionQueries.all }),
        queryClient.invalidateQueries({ queryKey: orderQueries.all }),
        queryClient.invalidateQueries({ queryKey: paymentQueries.all }),
      ]),
    [queryClient],
  );
}
