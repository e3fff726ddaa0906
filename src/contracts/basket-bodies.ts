import * as z from 'zod/mini';
import { basketTypeSchema } from './baskets';
import { isoDateSchema } from './common';
import { takeawayBasketFields } from './takeaway-basket-fields';

// A basket's create and update bodies (spec §7 Baskets), of either kind. Apart from ./baskets, whose response
// shapes every menu page loads: the browser never sends a takeaway's choices from there, so its first JS does
// not carry them. Bodies are strict: an unknown field is an error, not silently dropped.

export const createBasketBody = z.strictObject({
  type: basketTypeSchema,
  startSubscription: z.optional(z.boolean()),
  /** A takeaway basket's choices (spec §7 "New takeaway basket" and "Second basket create"). */
  ...takeawayBasketFields,
  deliveryDate: z.optional(z.nullable(isoDateSchema)),
  deliveryNote: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
});
export type CreateBasketBody = z.infer<typeof createBasketBody>;

export const updateBasketBody = z.strictObject({
  deliveryDate: z.optional(z.nullable(isoDateSchema)),
  frequency: z.optional(z.nullable(z.int().check(z.gte(1), z.lte(4)))),
  deliveryNote: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
  startSubscription: z.optional(z.boolean()),
  /** A one-off box (not a plan) pays the one-off delivery fee on top (set by the one-off menu). */
  oneOffFeeApplicable: z.optional(z.boolean()),
  /** A takeaway basket's choices (spec §7 basket update: deliveryDate, timeSlot, restaurantId, fulfillmentType, address). */
  ...takeawayBasketFields,
});
export type UpdateBasketBody = z.infer<typeof updateBasketBody>;
