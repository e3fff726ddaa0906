import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { afterTokenSignIn } from '../../../app/guards';
import { takeawayQueries } from '../../../features/takeaway/takeaway.queries';

// The takeaway menus' guard (issue 13 part 4): the menu is the basket's restaurant's, so a visitor with no
// takeaway basket, or one with no restaurant, goes to the address search first; a catering basket belongs to
// /catering-menu and a Pasta Now basket to /pasta-now, each found again through its own search. The menu,
// the restaurant and its snoozes start loading beside the guard's answer, not after the page.

export const searchPath = (catering: boolean) =>
  catering ? '/catering-search-address' : '/pasta-now-search-address';

export function takeawayMenuLoader(queryClient: QueryClient, catering: boolean) {
  return afterTokenSignIn(queryClient, async () => {
    const state = await queryClient.ensureQueryData(takeawayQueries.basket());
    const basket = state?.basket;
    if (!basket?.restaurantId || basket.isCateringOrder !== catering) return redirect(searchPath(catering));
    const fulfillmentType = basket.fulfillmentType ?? 'delivery';
    void queryClient.prefetchQuery(takeawayQueries.menu(basket.restaurantId, fulfillmentType, catering));
    void queryClient.prefetchQuery(takeawayQueries.restaurant(basket.restaurantId));
    void queryClient.prefetchQuery(takeawayQueries.snoozed(basket.restaurantId, fulfillmentType));
    return null;
  });
}
