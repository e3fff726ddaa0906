import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AddTakeawayItemBody } from '../../../../contracts/takeaway';
import { ApiError, NetworkError } from '../../../shared/api/client';
import { showToast } from '../../../shared/ui/toast';
import {
  withAddedLine,
  withLineQuantity,
  type BasketPricing,
  type NewTakeawayLine,
} from './basket-optimistic';
import { takeawayBasketApi, takeawayQueries, type TakeawayBasketState } from '../takeaway.queries';

// The menu's changes to the takeaway basket, shown at once and rolled back with a message on error (spec
// §4). As with the recipe-kit basket, the requests go one after another in the order of the taps, and only
// the last one still going writes the server's answer (two quick "+" are absolute quantities: sent side by
// side they could land in either order). Each add carries an idempotency key made when its sheet opened:
// a double tap, or a retry after a lost answer, adds it once.
//
// A small queue of its own rather than TanStack's useMutation: /menu is the only other user of that hook,
// and sharing it would split it out of /menu's first JS into a file of its own (its budget has no room).

const basketKey = takeawayQueries.basket().queryKey;

let queue: Promise<unknown> = Promise.resolve();
let going = 0;

async function withRetries<T>(send: () => Promise<T>, retries: number): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof NetworkError) || attempt >= retries) throw error;
    }
  }
}

/** Applies `preview` to the cached basket now, sends the change after those before it, settles the cache. */
function change(
  queryClient: QueryClient,
  preview: (state: TakeawayBasketState) => TakeawayBasketState,
  send: () => Promise<TakeawayBasketState>,
  retries = 0,
): Promise<void> {
  void queryClient.cancelQueries({ queryKey: basketKey });
  const previous = queryClient.getQueryData(basketKey);
  if (previous) queryClient.setQueryData(basketKey, preview(previous));
  going++;
  const sent = queue.then(() => withRetries(send, retries));
  queue = sent.catch(() => {});
  return sent.then(
    (state) => {
      if (going === 1) queryClient.setQueryData(basketKey, state);
      going--;
    },
    (error: unknown) => {
      showToast(
        error instanceof ApiError || error instanceof NetworkError
          ? error.message
          : 'Sorry, we could not update your basket. Please try again.',
        'error',
      );
      if (going === 1) queryClient.setQueryData(basketKey, previous);
      going--;
      // Whatever the server has now (a line gone, a dish snoozed meanwhile, an earlier change not shown).
      void queryClient.invalidateQueries({ queryKey: basketKey });
    },
  );
}

export interface AddLineInput {
  basketId: string;
  body: AddTakeawayItemBody;
  /** What the basket shows until the server answers. */
  line: NewTakeawayLine;
  pricing: BasketPricing;
  idempotencyKey: string;
}

export interface SetQuantityInput {
  basketId: string;
  itemId: string;
  /** 0 removes the line (spec §4: minus on a line of one removes it). */
  quantity: number;
  pricing: BasketPricing;
}

export function useTakeawayBasketChanges() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      add: ({ basketId, body, line, pricing, idempotencyKey }: AddLineInput) =>
        change(
          queryClient,
          (state) => ({ ...state, basket: withAddedLine(state.basket, line, pricing) }),
          // The same key replays the same add: safe to send again when the answer was lost.
          () => takeawayBasketApi.addItem(basketId, body, idempotencyKey),
          2,
        ),
      setQuantity: ({ basketId, itemId, quantity, pricing }: SetQuantityInput) =>
        change(
          queryClient,
          (state) => ({ ...state, basket: withLineQuantity(state.basket, itemId, quantity, pricing) }),
          () => takeawayBasketApi.setQuantity(basketId, itemId, quantity),
        ),
      /** ASAP (null) or a slot by its start, after any change still going; the server may refuse a slot gone. */
      changeTime: async (basketId: string, startTime: string | null): Promise<void> => {
        const sent = queue.then(() =>
          takeawayBasketApi.update(basketId, {
            timeSlot: startTime ? { asap: false, startTime } : { asap: true },
          }),
        );
        queue = sent.catch(() => {});
        queryClient.setQueryData(basketKey, await sent);
      },
    }),
    [queryClient],
  );
}
