import * as z from 'zod/mini';
import { resource } from './envelope';
import { isoDateSchema, penceSchema } from './common';

// The customer as the API returns it (spec §3 Customer), apart from the request schemas in ./customers:
// every page needs to know who is signed in, and only forms need the phone and password rules.

export const customerAttributes = z.object({
  extId: z.nullable(z.string()),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.nullable(z.string()),
  dateOfBirth: z.nullable(isoDateSchema),
  storeCredits: penceSchema,
  tags: z.array(z.string()),
  paperless: z.boolean(),
  socialLogin: z.boolean(),
  hasPassword: z.boolean(),
  /** Until confirmed (decision 18), credit codes wait and the inbox's owner may take the account over. */
  emailConfirmed: z.boolean(),
  acceptsEmails: z.boolean(),
  acceptsSms: z.boolean(),
  acceptsMail: z.boolean(),
  referralToken: z.string(),
  /** In the beta group (/beta-opt-in, decision 30): experiments can target it. */
  beta: z.boolean(),
  hasShopifyOrders: z.boolean(),
  hasSubscriptionOrders: z.boolean(),
  hasTakeawayOrders: z.boolean(),
});
export const customerDocument = z.object({
  data: resource('customers', customerAttributes),
  meta: z.optional(
    z.object({
      targetUrl: z.optional(z.nullable(z.string())),
      /** A provider's first sign-in made the account (analytics' sign_up, decision 30). */
      signedUp: z.optional(z.boolean()),
    }),
  ),
});
export const customerModel = z.extend(customerAttributes, { id: z.string() });
export type Customer = z.infer<typeof customerModel>;
