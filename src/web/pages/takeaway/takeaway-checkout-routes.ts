import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

// Pasta Now and catering: the checkouts (/pasta-now-checkout, /catering-checkout) and tracking (/takeaway/track/:orderId).
export function takeawayCheckoutRoutes(_queryClient: QueryClient): RouteObject[] {
  return [];
}
