import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { isIsoDate, type IsoDate } from '../../../domain/calendar';
import {
  allergensFromTags,
  mayContainFromTags,
  otherFactsFromTags,
  type Allergen,
} from '../../../domain/allergens';
import { cookingMinutesFromTags, isDoubleVariantTitle, offersDoublePortion } from '../../../domain/menu';
import { parseDecimalToPence, type Pence } from '../../../domain/money';
import { api } from '../../shared/api/client';
import { read } from '../../shared/api/documents';
import { storefrontQuery } from '../../shared/storefront';
import { PRODUCT_QUERY, WEEK_COLLECTIONS_QUERY, WEEK_MENU_QUERY } from './storefront.documents';

// The weekly menu, read only from the storefront (spec §7 External). Shapes are checked at the edge.

const money = z.object({ amount: z.string(), currencyCode: z.string() });
const storefrontProduct = z.object({
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  descriptionHtml: z.string(),
  productType: z.string(),
  tags: z.array(z.string()),
  availableForSale: z.boolean(),
  images: z.object({
    nodes: z.array(
      z.object({
        url: z.string(),
        altText: z.nullable(z.string()),
        width: z.nullable(z.number()),
        height: z.nullable(z.number()),
      }),
    ),
  }),
  variants: z.object({
    nodes: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        sku: z.nullable(z.string()),
        availableForSale: z.boolean(),
        quantityAvailable: z.nullable(z.number()),
        price: money,
      }),
    ),
  }),
});
type StorefrontProduct = z.infer<typeof storefrontProduct>;

export interface MenuVariant {
  id: string;
  title: string;
  sku: string;
  price: Pence;
  isDouble: boolean;
  quantityAvailable: number;
  availableForSale: boolean;
}

export interface MenuDish {
  id: string;
  handle: string;
  title: string;
  descriptionHtml: string;
  productType: string;
  tags: string[];
  availableForSale: boolean;
  images: { url: string; altText: string | null; width: number | null; height: number | null }[];
  variants: MenuVariant[];
  /** The 14 UK allergens only (decision 0003). */
  allergens: Allergen[];
  /** Not allergens, but worth knowing: "Alcohol", "Lamb". */
  otherFacts: string[];
  /** "May contain traces of nuts". */
  mayContain: string[];
  /** Minutes to cook, from the `cooking-time` tag; null when the catalogue does not say. */
  cookingMinutes: number | null;
  /** Its customers' stars, "4.6 from 128 ratings" (the week's review summary; issue 23), when rated. */
  rating?: string | undefined;
}

export function toDish(product: StorefrontProduct): MenuDish {
  const variants = product.variants.nodes.map((v) => ({
    id: v.id,
    title: v.title,
    sku: v.sku ?? '',
    price: parseDecimalToPence(v.price.amount),
    isDouble: isDoubleVariantTitle(v.title),
    quantityAvailable: v.quantityAvailable ?? (v.availableForSale ? 99 : 0),
    availableForSale: v.availableForSale,
  }));
  // Regular first, then the double portion, where the dish has one (a main; never a side or a box).
  variants.sort((a, b) => Number(a.isDouble) - Number(b.isDouble));
  const sold = offersDoublePortion(product) ? variants : variants.filter((v) => !v.isDouble);
  return {
    id: product.id,
    handle: product.handle,
    title: product.title,
    descriptionHtml: product.descriptionHtml,
    productType: product.productType,
    tags: product.tags,
    availableForSale: product.availableForSale,
    images: product.images.nodes,
    variants: sold,
    allergens: allergensFromTags(product.tags),
    otherFacts: otherFactsFromTags(product.tags).map((fact) => fact.name),
    mayContain: mayContainFromTags(product.tags),
    cookingMinutes: cookingMinutesFromTags(product.tags),
  };
}

const weekCollections = z.object({
  collections: z.object({
    nodes: z.array(z.object({ id: z.string(), handle: z.string(), title: z.string() })),
  }),
});
const weekMenu = z.object({
  collection: z.nullable(
    z.object({
      id: z.string(),
      handle: z.string(),
      title: z.string(),
      products: z.object({ nodes: z.array(storefrontProduct) }),
    }),
  ),
});
const productById = z.object({ product: z.nullable(storefrontProduct) });

/** The storefront collection of gift boxes (hidden from the weekly menus, sold on /gift-boxes). */
export const GIFT_BOXES_HANDLE = 'gift-boxes';

/** Spec §9: up to 20 collection handles. */
export const MAX_COLLECTION_HANDLES = 20;

/**
 * Each dish's "4.6 from 128 ratings" from the week's review summary (contracts/review-summaries.ts), read
 * without its schema: the server wrote it from that contract, and the menu's first load stays light. A dish
 * without ratings, or an answer not so shaped, shows no stars.
 */
type StarsDocument = { data?: { id: string; attributes?: { count?: number; text?: string } }[] } | null;
const readStars = (doc: unknown): [string, string | undefined][] =>
  ((doc as StarsDocument)?.data ?? []).map((dish) => [
    dish.id,
    dish.attributes?.count ? dish.attributes.text : undefined,
  ]);

// Checked in development and tests; a production build trusts the server, which checked it (decision 31).
const weekCollectionsCheck = import.meta.env.PROD ? null : weekCollections;
const weekMenuCheck = import.meta.env.PROD ? null : weekMenu;
const productByIdCheck = import.meta.env.PROD ? null : productById;
/** Read without parsing in production: first-load-reads.test.ts holds each to the data as sent. */
export const UNPARSED_IN_PRODUCTION = [weekCollectionsCheck, weekMenuCheck, productByIdCheck];

export const menuQueries = {
  all: ['menu'] as const,
  weeks: () =>
    queryOptions({
      queryKey: [...menuQueries.all, 'weeks'] as const,
      queryFn: async ({ signal }) => {
        const data = read(
          weekCollectionsCheck,
          await storefrontQuery(WEEK_COLLECTIONS_QUERY, { first: MAX_COLLECTION_HANDLES }, signal),
        );
        return data.collections.nodes
          .map((node) => node.handle)
          .filter((handle): handle is IsoDate => isIsoDate(handle))
          .sort();
      },
      staleTime: 5 * 60_000,
    }),
  week: (handle: IsoDate) =>
    queryOptions({
      queryKey: [...menuQueries.all, 'week', handle] as const,
      // The week's dishes from the storefront, each with its stars from the shop (issue 23: the week's review
      // summary, "4.6 from 128 ratings"); a dish is shown without them when the summary cannot be read.
      queryFn: async ({ signal }) => {
        const [data, stars] = await Promise.all([
          storefrontQuery(WEEK_MENU_QUERY, { handle }, signal).then((doc) => read(weekMenuCheck, doc)),
          api('GET', `/weekly_menus/${handle}/review_summary`, { signal })
            .then((doc) => readStars(doc))
            .catch(() => []),
        ]);
        const rated = new Map(stars);
        return (data.collection?.products.nodes ?? []).map((product) => ({
          ...toDish(product),
          rating: rated.get(product.id),
        }));
      },
      staleTime: 60_000,
    }),
  /** Gift boxes, read with the same storefront query as a week's menu (collection by handle). */
  giftBoxes: () =>
    queryOptions({
      queryKey: [...menuQueries.all, 'gift-boxes'] as const,
      queryFn: async ({ signal }) => {
        const data = read(
          weekMenuCheck,
          await storefrontQuery(WEEK_MENU_QUERY, { handle: GIFT_BOXES_HANDLE }, signal),
        );
        return (data.collection?.products.nodes ?? []).map(toDish);
      },
      staleTime: 60_000,
    }),
  product: (id: string) =>
    queryOptions({
      queryKey: [...menuQueries.all, 'product', id] as const,
      queryFn: async ({ signal }) => {
        const data = read(productByIdCheck, await storefrontQuery(PRODUCT_QUERY, { id }, signal));
        return data.product ? toDish(data.product) : null;
      },
      staleTime: 60_000,
    }),
};
