import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { basketQueries, readBasket } from './baskets.queries';

/**
 * The plan's basket becomes the one-off box's (issue 19: the two never mix, so the shop refuses, 409, while a
 * one-off box already holds dishes), and the one-off checkout then pays for its dishes.
 */
export async function makeOneOffBox(client: QueryClient, basketId: string): Promise<void> {
  const updated = readBasket(
    await api('PUT', `/baskets/${basketId}`, { body: { startSubscription: false } }),
  );
  client.setQueryData(basketQueries.recipeKit('one-off').queryKey, updated);
  void client.invalidateQueries({ queryKey: basketQueries.recipeKit('plan').queryKey });
}
