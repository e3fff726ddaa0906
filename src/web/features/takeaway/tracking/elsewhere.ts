import type { QueryClient } from '@tanstack/react-query';
import type { TakeawayOrder } from '../../../../contracts/takeaway';
import { takeawayBasketApi, takeawayQueries } from '../takeaway.queries';

// An order a restaurant turned down, sent to the nearest other one open (issue 19; the shop names it in the
// order's `elsewhere`): the customer's takeaway basket is made again there, for the same delivery or
// collection and address, with the same dishes (those it can make now), and they land on its menu.

export const searchPathOf = (catering: boolean) =>
  catering ? '/catering-search-address' : '/pasta-now-search-address';
export const menuPathOf = (catering: boolean) => (catering ? '/catering-menu' : '/pasta-now');

/** Makes the basket at the other restaurant; where to go next (its menu, or the search when there is none). */
export async function orderElsewhere(queryClient: QueryClient, order: TakeawayOrder): Promise<string> {
  const catering = order.isCateringOrder;
  if (!order.elsewhere) return searchPathOf(catering);
  const address = order.fulfillmentType === 'delivery' ? order.deliveryAddress : null;
  await takeawayBasketApi.remove();
  queryClient.setQueryData(takeawayQueries.basket().queryKey, null);
  let state = await takeawayBasketApi.create({
    restaurantId: order.elsewhere.restaurantId,
    fulfillmentType: order.fulfillmentType,
    isCateringOrder: catering,
    ...(address ? { address } : {}),
    // Catering is ordered ahead: its time is chosen on its menu.
    ...(catering ? {} : { timeSlot: { asap: true } }),
  });
  for (const line of order.lineItems) {
    if (!line.productId) continue;
    try {
      state = await takeawayBasketApi.addItem(
        state.basket.id,
        {
          productId: Number(line.productId),
          quantity: line.quantity,
          subItems: line.subItems.map((sub) => ({ productId: Number(sub.productId) })),
          note: line.note,
        },
        `elsewhere-${order.id}-${line.id}`,
      );
    } catch {
      // A dish it cannot make now stays out: its menu shows what it has.
    }
  }
  queryClient.setQueryData(takeawayQueries.basket().queryKey, state);
  return menuPathOf(catering);
}
