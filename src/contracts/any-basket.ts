import * as z from 'zod/mini';
import { basketDocument, basketItemResource, basketMeta, basketResource } from './baskets';
import { takeawayBasketDocument, takeawayBasketItemResource, takeawayBasketResource } from './takeaway';

// Either kind of basket (spec §3 Basket `type`): the recipe-kit basket's document (./baskets), or the
// takeaway basket's (./takeaway). `attributes.type` tells them apart. The server's answers for both kinds;
// apart from ./takeaway so that the takeaway screens' chunks do not share the recipe-kit basket's contract
// with the menu's first JS (a shared module splits into a chunk of its own, which the menu then loads too).

export const anyBasketDocument = z.union([basketDocument, takeawayBasketDocument]);
export const anyBasketListDocument = z.object({
  data: z.array(z.union([basketResource, takeawayBasketResource])),
  included: z.array(z.union([basketItemResource, takeawayBasketItemResource])),
  meta: basketMeta,
});
