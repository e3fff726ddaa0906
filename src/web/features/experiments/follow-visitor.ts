import type { QueryClient } from '@tanstack/react-query';
import type { Customer } from '../../../contracts/customer-model';
import { customerQueries } from '../../shared/customer.queries';

// Loaded just after every page's first screen, so kept small (decision 30): the page said the visitor's A/B flag
// and new or existing (shared/bootstrap.ts gave them to analytics before the first event). When the
// customer store changes who is signed in or their orders (a sign-in, a sign-up, a sign-out, a first paid
// order), or a signed-in customer's page has variants not yet recorded, ./refresh-assignments.ts is loaded
// and asks the server again (recording the variants the customer was shown).

export function followVisitor(queryClient: QueryClient, unrecorded: boolean): void {
  const me = customerQueries.me().queryKey;
  const meHash = JSON.stringify(me);
  const customer = () => queryClient.getQueryData<Customer | null>(me) ?? null;
  const state = () => {
    const c = customer();
    return c ? [c.id, c.hasShopifyOrders, c.hasSubscriptionOrders, c.hasTakeawayOrders].join() : '';
  };
  const refresh = () =>
    import('./refresh-assignments')
      .then(({ refreshAssignments }) => refreshAssignments(customer() !== null))
      .catch(() => {
        // Not reached, or a call failed (the client reported it): the flags the page gave stand.
      });

  if (unrecorded) void refresh();

  let last = state();
  queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash !== meHash || state() === last) return;
    last = state();
    void refresh();
  });
}
