import { useQuery, type QueryClient } from '@tanstack/react-query';
import { customerQueries } from '../../../shared/customer.queries';
import { useHydrated } from '../../../shared/use-hydrated';

// Who a takeaway menu is read for (its allergen conflicts are the signed-in customer's): null for a visitor.
// A page rendered on the server holds the visitor's menu, so the first render in the browser reads that one
// too (the HTML must match); the customer's is read once the page is live, the visitor's shown meanwhile.

export function useMenuViewer(): string | null {
  const hydrated = useHydrated();
  const customer = useQuery(customerQueries.me()).data;
  return hydrated && customer ? customer.id : null;
}

/** The same, for a loader in the browser (the customer is known from the page's bootstrap). */
export function menuViewer(queryClient: QueryClient): string | null {
  return queryClient.getQueryData(customerQueries.me().queryKey)?.id ?? null;
}
