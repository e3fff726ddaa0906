import type { Customer } from '../../../contracts/customers';
import type { CustomerRow } from './customers.repo';

export const PAPERLESS_TAG = 'paperless';

/** The customer as the API shows them: never the password hash, fingerprint or internal timestamps. */
export function toCustomer(row: CustomerRow): Customer {
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
    // Orders arrive with checkout; until a customer has one of a kind these are false.
    hasShopifyOrders: false,
    hasSubscriptionOrders: false,
    hasTakeawayOrders: false,
  };
}

export function customerDocument(row: CustomerRow, targetUrl?: string | null) {
  const { id, ...attributes } = toCustomer(row);
  return {
    data: { id, type: 'customers' as const, attributes },
    ...(targetUrl !== undefined ? { meta: { targetUrl } } : {}),
  };
}
