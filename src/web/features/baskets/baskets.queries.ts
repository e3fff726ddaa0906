import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { basketMeta, basketModel, type Basket, type BasketMeta } from '../../../contracts/baskets';
import { deliveryFeeConfigDocument } from '../../../contracts/shop';
import { api } from '../../shared/api/client';
import { read, readMany, readMeta, readOne } from '../../shared/api/documents';

// Checked in development and tests; a production build trusts the server, which checked it (decision 31).
const basketCheck = import.meta.env.PROD ? null : basketModel;
const metaCheck = import.meta.env.PROD ? null : basketMeta;
const feesCheck = import.meta.env.PROD ? null : deliveryFeeConfigDocument;
/** Read without parsing in production: first-load-reads.test.ts holds each to the data as sent. */
export const UNPARSED_IN_PRODUCTION = [basketCheck, metaCheck, feesCheck];

// Baskets (spec §4 Baskets): a recipe-kit basket is auto-created when the visitor has none or the list cannot
// be fetched. There are two, which never mix (issue 19): the plan's basket of /menu (startSubscription) and
// the one-off box's of /one-off/menu. The server answers a create with the existing basket of that kind when
// there is one, so two tabs doing this at once end up with the same basket.

/** Which recipe-kit basket: the plan's (/menu, /checkout) or the one-off box's (/one-off/menu, /one-off/checkout). */
export type BasketKind = 'plan' | 'one-off';

/** The basket a checkout flow pays for. */
export const basketKindOf = (flowKind: string): BasketKind => (flowKind === 'one-off' ? 'one-off' : 'plan');

export interface BasketState {
  basket: Basket;
  meta: BasketMeta;
}

export function readBasket(doc: unknown): BasketState {
  return { basket: readOne(doc, basketCheck), meta: readMeta(doc, metaCheck) };
}

/**
 * The recipe-kit baskets of a basket list: GET /baskets lists a takeaway basket too when the visitor has one,
 * in a shape of its own (attributes.type TakeawayBasket, contracts/takeaway.ts).
 */
function recipeKitBaskets(doc: unknown): Basket[] {
  const list = doc as { data?: { attributes?: { type?: string } }[]; included?: unknown[] };
  const data = Array.isArray(list?.data)
    ? list.data.filter((resource) => resource.attributes?.type !== 'TakeawayBasket')
    : list?.data;
  return readMany({ ...list, data }, basketCheck);
}

export async function fetchBaskets(signal?: AbortSignal): Promise<Basket[]> {
  return recipeKitBaskets(await api('GET', '/baskets', { signal }));
}

async function ensureRecipeKitBasket(kind: BasketKind, signal?: AbortSignal): Promise<BasketState> {
  const startSubscription = kind === 'plan';
  try {
    const doc = await api('GET', '/baskets', { signal });
    const found = recipeKitBaskets(doc).find(
      (basket) => basket.type === 'RecipeKitBasket' && basket.startSubscription === startSubscription,
    );
    if (found) return { basket: found, meta: readMeta(doc, metaCheck) };
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    // Spec §4: a failed fetch also leads to creating one.
  }
  return readBasket(
    await api('POST', '/baskets', { body: { type: 'RecipeKitBasket', startSubscription }, signal }),
  );
}

/** The key every change to the recipe-kit basket is sent under (use-basket.ts). */
export const BASKET_CHANGE_KEY = ['baskets', 'change'] as const;

/** Resolves once no change to the basket is being sent. */
function changesLanded(client: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (client.isMutating({ mutationKey: BASKET_CHANGE_KEY })) return;
      stop();
      resolve();
    };
    const stop = client.getMutationCache().subscribe(check);
    check();
  });
}

export const basketQueries = {
  all: ['baskets'] as const,
  /** The basket list never retries (spec §8). */
  list: () =>
    queryOptions({
      queryKey: [...basketQueries.all, 'list'] as const,
      queryFn: ({ signal }) => fetchBaskets(signal),
      retry: false,
    }),
  /** The plan's basket (the default), or the one-off box's. */
  recipeKit: (kind: BasketKind = 'plan') =>
    queryOptions({
      queryKey: [...basketQueries.all, 'recipe-kit', kind] as const,
      // A reload asked for while a change to the basket is being sent waits until the last one has landed:
      // sent now, it could answer with the basket from before the change, and after it, and undo it on
      // screen. (A change calls off a reload already running.) A basket not on screen yet is fetched at once:
      // an add made before it arrived waits for it.
      queryFn: async ({ signal, client, queryKey }) => {
        if (client.getQueryData(queryKey)) await changesLanded(client);
        return ensureRecipeKitBasket(kind, signal);
      },
      retry: false,
      staleTime: 10_000,
    }),
  deliveryFees: () =>
    queryOptions({
      queryKey: [...basketQueries.all, 'delivery-fees'] as const,
      queryFn: async ({ signal }) =>
        read(feesCheck, await api('GET', '/delivery_fee_config', { signal })).data.map((r) => r.attributes),
      staleTime: 10 * 60_000,
    }),
};
