import * as z from 'zod/mini';
import { basketDocument, basketItemResource, basketMeta, basketResource } from './baskets';
import { takeawayBasketDocument, takeawayBasketItemResource, takeawayBasketResource } from './takeaway';

// Either kind of basket (spec §3 Basket `type`): the recipe-kit basket's document (./baskets), or the
// takeaway basket's (./takeaway). `attributes.type` tells them apart. The server's basket routes answer
// with these; kept apart from ./takeaway so that the browser's takeaway screens, which read only the
// takeaway basket, do not carry the recipe-kit basket's schemas (the recipe-kit menu's first JS shares them).

export const anyBasketDocument = z.union([basketDocument, takeawayBasketDocument]);
export const anyBasketListDocument = z.object({
  data: z.array(z.union([basketResource, takeawayBasketResource])),
  included: z.array(z.union([basketItemResource, takeawayBasketItemResource])),
  meta: basketMeta,
});
