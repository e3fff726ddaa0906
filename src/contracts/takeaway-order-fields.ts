import * as z from 'zod/mini';

// Parts of a placed takeaway order that the kitchen's tickets share with the customer's tracking: the
// address it goes to and when each step happened. Kept apart from ./takeaway (which carries the basket's
// contracts) so that the kitchen screen's chunk does not load the recipe-kit basket's.

export const takeawayAddressSchema = z.object({
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  address1: z.nullable(z.string()),
  address2: z.nullable(z.string()),
  city: z.nullable(z.string()),
  zip: z.nullable(z.string()),
  country: z.string(),
  countryCode: z.string(),
  phone: z.nullable(z.string()),
  lat: z.nullable(z.number()),
  lon: z.nullable(z.number()),
});

/** When each step of a takeaway happened (null: not yet), as the tracking page and the kitchen show them. */
export const takeawaySteps = {
  paidAt: z.nullable(z.string()),
  acceptedAt: z.nullable(z.string()),
  readyAt: z.nullable(z.string()),
  outForDeliveryAt: z.nullable(z.string()),
  deliveredAt: z.nullable(z.string()),
  rejectedAt: z.nullable(z.string()),
  rejectedReason: z.nullable(z.string()),
  refunded: z.boolean(),
};

/**
 * What a paid takeaway was promised beyond its window (issue 19): by when the kitchen must accept it, who
 * turned it down, and the nearest other restaurant offered then (null unless it was turned down).
 */
export const takeawayPromises = {
  acceptBy: z.nullable(z.string()),
  rejectedBy: z.nullable(z.enum(['kitchen', 'timeout'])),
  elsewhere: z.nullable(
    z.object({
      restaurantId: z.string(),
      name: z.string(),
      /** From the delivery address, or for a collection from the restaurant that turned it down. */
      distanceMiles: z.number(),
    }),
  ),
};
