import * as z from 'zod/mini';
import { resource } from './envelope';

// An address as the API returns it (spec §3 Address), apart from the request schemas in ./addresses: an
// order or a takeaway document carries addresses, and only forms need the UK phone rules (a large library)
// that ./addresses brings.

export const addressAttributes = z.object({
  address1: z.nullable(z.string()),
  address2: z.nullable(z.string()),
  city: z.nullable(z.string()),
  zip: z.nullable(z.string()),
  company: z.nullable(z.string()),
  region: z.nullable(z.string()),
  regionCode: z.nullable(z.string()),
  country: z.string(),
  countryCode: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  lat: z.nullable(z.number()),
  lon: z.nullable(z.number()),
  isDefault: z.boolean(),
  extId: z.nullable(z.string()),
  /**
   * Whether our couriers deliver to its postcode (boxes, plans, gifts): an address outside the areas is kept
   * (a billing address may be anywhere) and said to be outside. Null without a UK postcode.
   */
  deliverable: z.nullable(z.boolean()),
});
export const addressResource = resource('addresses', addressAttributes);
export const addressDocument = z.object({ data: addressResource });
export const addressListDocument = z.object({ data: z.array(addressResource) });
export const addressModel = z.extend(addressAttributes, { id: z.string() });
export type Address = z.infer<typeof addressModel>;
