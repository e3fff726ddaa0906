import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '../shared/router';
import { basketQueries } from '../features/baskets/baskets.queries';
import { setUi } from '../shared/ui/ui-store';

// /my-basket and /my-rk-basket (login needed; spec §2 "restore a basket"): links in basket reminders. Once
// the customer is signed in their basket is theirs on any device, so restoring is fetching it afresh and
// going on: to the menu with the basket open, or straight to the checkout.

export function restoreBasketLoader(queryClient: QueryClient, to: '/menu' | '/checkout') {
  return async () => {
    const { basket } = await queryClient.fetchQuery({ ...basketQueries.recipeKit(), staleTime: 0 });
    if (basket.items.length === 0) return redirect('/menu');
    if (to === '/menu') setUi({ basketOpen: true });
    return redirect(to);
  };
}
