import { useQuery, useQueryClient } from '@tanstack/react-query';
import { takeawayQueries, type TakeawayBasketState } from '../takeaway.queries';

// The checkout's takeaway basket: read from the cache the guards filled, and replaced by what each basket
// call answers (every call answers with the basket as it is now).

export function useCheckoutBasket() {
  const queryClient = useQueryClient();
  const query = useQuery(takeawayQueries.basket());
  const set = (state: TakeawayBasketState) =>
    queryClient.setQueryData(takeawayQueries.basket().queryKey, state);
  return { query, basket: query.data?.basket ?? null, meta: query.data?.meta ?? null, set };
}
