import type { QueryClient } from '@tanstack/react-query';
import type { Customer } from '../../../contracts/customer-model';
import { setAnalyticsContext, type AnalyticsContext } from '../../shared/analytics';
import { customerQueries } from '../../shared/customer.queries';

// On every page's first load, so kept small (decision 30): the page says the visitor's A/B flag and new or
// existing (the server wrote them into it), which every analytics event carries from the first. When the
// customer store changes who is signed in or their orders (a sign-in, a sign-up, a sign-out, a first paid
// order), or a signed-in customer's page has variants not yet recorded, ./refresh-assignments.ts is loaded
// and asks the server again (recording the variants the customer was shown).

type PageExperiments = Partial<AnalyticsContext> & { unrecorded?: boolean };

export function followVisitor(queryClient: QueryClient): void {
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

  let page: PageExperiments = {};
  try {
    page = JSON.parse(document.getElementById('sfoglia-bootstrap')?.textContent ?? '{}').experiments ?? {};
  } catch {
    // A broken bootstrap: the flags stay "none" and "new" until the next refresh.
  }
  const { unrecorded, ...flags } = page;
  setAnalyticsContext(flags);
  if (unrecorded) void refresh();

  let last = state();
  queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash !== meHash || state() === last) return;
    last = state();
    void refresh();
  });
}
