import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Basket } from '../../../contracts/baskets';
import { DEFAULT_DELIVERY_FEE, type BasketRules } from '../../../domain/basket';
import { pence } from '../../../domain/money';
import { analytics } from '../../shared/analytics';
import { api, ApiError, NetworkError } from '../../shared/api/client';
import { shopNow, shopQueries, type ShopSettings } from '../../shared/shop.queries';
import { randomId } from '../../shared/random-id';
import { showToast } from '../../shared/ui/toast';
import {
  BASKET_CHANGE_KEY,
  basketQueries,
  readBasket,
  type BasketKind,
  type BasketState,
} from './baskets.queries';
import { isOptimistic, withAddedLine, withItemQuantity, type NewLine } from './optimistic';

// Basket changes apply optimistically and roll back on error with a visible message (spec §4). Every
// change shares one mutation key and one scope: the screen changes at once, but the requests go one after
// another in the order of the clicks, and only the last one to settle writes the server's answer. Sent side
// by side, two quick "+" presses (absolute quantities) could reach the server in either order, and the
// answer to an earlier add could settle last and hide a later one. A basket reload waits for the last
// change to land (baskets.queries.ts); one already running when a change begins is called off and asked
// again. While a change is being sent, reloading or leaving the page asks first.

const CHANGE_KEY = BASKET_CHANGE_KEY;
const CHANGE_SCOPE = { id: CHANGE_KEY.join('/') };

export function useRecipeKitBasket(kind: BasketKind = 'plan') {
  return useQuery(basketQueries.recipeKit(kind));
}

/** The shop's basket rules as the server applies them, from its settings and delivery fees. */
export function basketRulesOf(
  settings: ShopSettings,
  fees: readonly { weekDay: number; threshold: number; price: number }[] | undefined,
  meta?: { minimumSpend: number; minimumSpendPerOrder: number },
): BasketRules {
  return {
    minimumSpend: pence(meta?.minimumSpend ?? settings.minimumSpend),
    minimumSpendPerOrder: pence(meta?.minimumSpendPerOrder ?? settings.minimumSpendPerOrder),
    deliveryFees: (fees ?? []).map((fee) => ({
      weekDay: fee.weekDay,
      threshold: pence(fee.threshold),
      price: pence(fee.price),
    })),
    defaultDeliveryFee: {
      price: pence(settings.defaultDeliveryFee ?? DEFAULT_DELIVERY_FEE),
      threshold: pence(settings.freeDeliveryThreshold),
    },
    oneOffFee: pence(settings.oneOffFee),
  };
}

/**
 * The basket rules as the cache has them when a change is made, for its optimistic total (the server's answer
 * then stands). Read at that moment, not subscribed to: the menu re-rendered whole, at once, as each of the
 * settings, the fees and the basket arrived (issue 24). The menu's loader reads all three.
 */
function rulesNow(queryClient: QueryClient, kind: BasketKind): { rules: BasketRules; now: Date } | null {
  const settings = queryClient.getQueryData(shopQueries.settings().queryKey);
  if (!settings) return null;
  const fees = queryClient.getQueryData(basketQueries.deliveryFees().queryKey);
  const meta = queryClient.getQueryData(basketQueries.recipeKit(kind).queryKey)?.meta;
  return { rules: basketRulesOf(settings, fees, meta), now: shopNow(settings) };
}

interface Context {
  previous: BasketState | undefined;
}

function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof NetworkError) return error.message;
  return 'Sorry, we could not update your basket. Please try again.';
}

/** Leaving the page asks first (browsers show their own words). */
function ask(event: BeforeUnloadEvent) {
  event.preventDefault();
  event.returnValue = true; // Chrome before 119
}

function settle(
  queryClient: QueryClient,
  kind: BasketKind,
  state: BasketState | undefined,
  error: unknown,
  context: Context | undefined,
) {
  if (error) showToast(errorMessage(error), 'error');
  // Only the last change in flight writes the server's answer, or on error the basket from before it.
  if (queryClient.isMutating({ mutationKey: CHANGE_KEY }) <= 1) {
    removeEventListener('beforeunload', ask);
    const next = error ? context?.previous : state;
    if (next) queryClient.setQueryData(basketQueries.recipeKit(kind).queryKey, next);
  }
  if (error instanceof ApiError && error.code === 'BASKET_NOT_FOUND') {
    // The basket is gone (another tab emptied it, or it expired): start a new one.
    void queryClient.invalidateQueries({ queryKey: basketQueries.recipeKit(kind).queryKey });
  }
}

async function optimistic(
  queryClient: QueryClient,
  kind: BasketKind,
  change: (basket: Basket) => Basket,
): Promise<Context> {
  addEventListener('beforeunload', ask);
  const key = basketQueries.recipeKit(kind).queryKey;
  // A reload running now could answer with the basket from before this change, after it: called off, and
  // asked again (it waits for the last change to land).
  const reloading = queryClient.isFetching({ queryKey: key });
  await queryClient.cancelQueries({ queryKey: key });
  const previous = queryClient.getQueryData(key);
  if (previous) queryClient.setQueryData(key, { ...previous, basket: change(previous.basket) });
  if (reloading) void queryClient.refetchQueries({ queryKey: key });
  return { previous };
}

/**
 * A basket change: applied to the basket on screen at once, sent after the changes before it, the server's
 * answer written once the last change in flight has landed; on error, a message and the basket as it was.
 */
export function basketChange<T>(
  queryClient: QueryClient,
  kind: BasketKind,
  send: (input: T) => Promise<BasketState>,
  apply: (basket: Basket, input: T) => Basket,
): UseMutationOptions<BasketState, unknown, T, Context> {
  return {
    mutationKey: CHANGE_KEY,
    scope: CHANGE_SCOPE,
    mutationFn: send,
    onMutate: (input) => optimistic(queryClient, kind, (basket) => apply(basket, input)),
    onSettled: (state, error, _input, context) => settle(queryClient, kind, state, error, context),
  };
}

export interface AddToBasketInput {
  line: NewLine;
  quantity: number;
}

/**
 * Adds to the plan's basket, or the one-off box's (the one-off menu's, which may hold this week's dishes while
 * they can still come next day: docs/decisions/0011). The two never mix (issue 19).
 */
export function useAddToBasket(kind: BasketKind = 'plan') {
  const queryClient = useQueryClient();
  // The fees the optimistic total needs (rulesNow), read without an observer: nothing re-renders as they arrive.
  useEffect(() => {
    void queryClient.prefetchQuery(basketQueries.deliveryFees());
  }, [queryClient]);
  const mutation = useMutation({
    ...basketChange(
      queryClient,
      kind,
      // A random key per add: a retry of this add replays it instead of adding twice.
      async ({ line, quantity, idempotencyKey }: AddToBasketInput & { idempotencyKey: string }) => {
        // A server-rendered menu can be clicked before the basket has arrived: the add waits for it.
        const state = await queryClient.ensureQueryData(basketQueries.recipeKit(kind));
        return readBasket(
          await api('POST', `/baskets/${state.basket.id}/items`, {
            body: { productVariantId: line.productVariantExtId, quantity, mealWeek: line.mealWeek },
            idempotencyKey,
          }),
        );
      },
      (current, { line, quantity }) => {
        const at = rulesNow(queryClient, kind);
        return at ? withAddedLine(current, line, quantity, at.rules, at.now) : current;
      },
    ),
    retry: (failureCount, error) => error instanceof NetworkError && failureCount < 2,
  });
  return {
    ...mutation,
    add: (input: AddToBasketInput) => {
      const { line, quantity } = input;
      analytics.addToBasket({
        sku: line.sku,
        title: line.title,
        price: line.price,
        quantity,
        week: line.mealWeek,
      });
      mutation.mutate({ ...input, idempotencyKey: randomId() });
    },
  };
}

export function useSetItemQuantity(kind: BasketKind = 'plan') {
  const queryClient = useQueryClient();
  return useMutation(
    basketChange(
      queryClient,
      kind,
      async ({ itemId, quantity }: { itemId: string; quantity: number }) => {
        const state = queryClient.getQueryData(basketQueries.recipeKit(kind).queryKey);
        if (!state) throw new Error('Your basket is still loading. Please try again.');
        const path = `/baskets/${state.basket.id}/items/${itemId}`;
        // Quantity 0 removes the line (spec §4: minus at 1 removes it).
        return readBasket(
          quantity === 0 ? await api('DELETE', path) : await api('PUT', path, { body: { quantity } }),
        );
      },
      (basket, { itemId, quantity }) => {
        const at = rulesNow(queryClient, kind);
        return at ? withItemQuantity(basket, itemId, quantity, at.rules, at.now) : basket;
      },
    ),
  );
}

export { isOptimistic };
