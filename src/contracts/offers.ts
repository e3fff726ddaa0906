import * as z from 'zod/mini';
import { resource } from './envelope';

// Offers (spec §7 GET /marketing_offers; issue 12): apart from the shop's contracts so that the menu's first
// load, which reads the banners, does not carry them.

/** An offer on the account's Offers page, for this customer (spec §7 GET /marketing_offers). */
export const marketingOfferAttributes = z.object({
  title: z.string(),
  description: z.string(),
  code: z.nullable(z.string()),
  /** What the code is: a discount, a free dish (checkout only) or store credit. */
  voucherType: z.nullable(z.enum(['DiscountVoucher', 'AddonVoucher', 'CreditVoucher'])),
  customerType: z.nullable(z.enum(['new', 'existing'])),
  link: z.nullable(z.string()),
  /** Whether this customer can still use the code (false with the reason when they cannot). */
  usable: z.boolean(),
  problem: z.nullable(z.string()),
});
export const marketingOffersDocument = z.object({
  data: z.array(resource('marketing_offers', marketingOfferAttributes)),
  meta: z.object({ customerType: z.enum(['new', 'existing']) }),
});
export const marketingOfferModel = z.extend(marketingOfferAttributes, { id: z.string() });
export type MarketingOffer = z.infer<typeof marketingOfferModel>;
