import { sql } from 'drizzle-orm';
import type { Customer } from '../../../contracts/customers';
import type { DbOrTx } from '../../db/client';
import type { CustomerRow } from './customers.repo';

export const PAPERLESS_TAG = 'paperless';

/** Which kinds of order a customer has had (spec §3 Customer): for offers and banners, new or existing. */
export interface OrderFlags {
  hasShopifyOrders: boolean;
  hasSubscriptionOrders: boolean;
  hasTakeawayOrders: boolean;
}
const NO_ORDERS: OrderFlags = {
  hasShopifyOrders: false,
  hasSubscriptionOrders: false,
  hasTakeawayOrders: false,
};

/** States of an order that was paid for (and not given back). */
const PAID = sql.raw(
  `('paid', 'submitted', 'accepted', 'packed', 'shipped', 'ready_for_pickup', 'delivered')`,
);

/**
 * The customer's order flags, read from their orders: any recipe-kit, one-off, gift or plan box paid
 * (hasShopifyOrders: the recipe-kit shop's orders); any box of a plan paid (hasSubscriptionOrders); any
 * takeaway or catering order paid (hasTakeawayOrders). One query.
 */
export async function orderFlags(db: DbOrTx, customerId: string): Promise<OrderFlags> {
  const paidOrder = (kind: ReturnType<typeof sql>) =>
    sql<boolean>`exists (select 1 from orders where customer_id = ${customerId} and state in ${PAID} and ${kind})`;
  const [row] = await db
    .select({
      hasShopifyOrders: paidOrder(sql`source in ('recipe_kit', 'one_off', 'gift_box', 'subscription')`),
      hasSubscriptionOrders: paidOrder(sql`subscription_id is not null`),
      hasTakeawayOrders: paidOrder(sql`source::text in ('takeaway', 'catering')`),
    })
    .from(sql`(select 1) as one`);
  return row ?? NO_ORDERS;
}

/** The customer as the API shows them: never the password hash, fingerprint or internal timestamps. */
export function toCustomer(row: CustomerRow, flags: OrderFlags = NO_ORDERS): Customer {
  return {
    id: row.id,
    extId: row.extId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    dateOfBirth: row.dateOfBirth,
    storeCredits: row.storeCredits,
    tags: row.tags,
    paperless: row.tags.includes(PAPERLESS_TAG),
    socialLogin: row.socialLogin,
    hasPassword: row.passwordHash !== null,
    emailConfirmed: row.emailConfirmedAt !== null,
    acceptsEmails: row.acceptsEmails,
    acceptsSms: row.acceptsSms,
    acceptsMail: row.acceptsMail,
    referralToken: row.referralToken,
    beta: row.beta,
    ...flags,
  };
}

/** The customer's document, with their order flags read now. */
export async function customerDocument(db: DbOrTx, row: CustomerRow, targetUrl?: string | null) {
  const { id, ...attributes } = toCustomer(row, await orderFlags(db, row.id));
  return {
    data: { id, type: 'customers' as const, attributes },
    ...(targetUrl !== undefined ? { meta: { targetUrl } } : {}),
  };
}
