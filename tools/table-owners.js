// Who owns each table (issue 20, part 2). Each table has one owner: the area of src/server/modules that
// reads and writes it; another area gets its data through the owner's face (modules/<owner>/index.ts).
// A schema file names its usual owner; a table owned by another area is named beside it. Owners that are
// not module areas (the HTTP edge, an integration's embedded stand-in) are written as their folder: no
// module may import those tables. The lint rule `sfoglia/tables` (tools/eslint-tables.js) reads this map,
// and tools/eslint-tables.test.ts checks that every table of src/server/db/schema has an owner here.

/** @type {Record<string, { owner: string, tables?: Record<string, string> }>} schema file → owners */
export const TABLE_OWNERS = {
  // After the order (issue 23): each part's tables go to its own area.
  'after-order.ts': {
    owner: 'ratings',
    tables: {
      supportTickets: 'support',
      supportMessages: 'support',
      referrals: 'rewards',
      loyaltyRewards: 'rewards',
      experiments: 'experiments',
      experimentVariants: 'experiments',
      customerExperiments: 'experiments',
    },
  },
  'auth.ts': { owner: 'auth' },
  'baskets.ts': { owner: 'baskets' },
  // Refunds staff give on an order (issue 25 part 4): the back office's orders area.
  'back-office-orders.ts': { owner: 'back-office-orders' },
  'catalogue.ts': { owner: 'menu' },
  // The checkouts that group a payment's orders are orders' (docs/architecture.md, "The areas").
  'checkout.ts': { owner: 'orders' },
  'courier.ts': { owner: 'integrations/courier' },
  'credit.ts': { owner: 'credit' },
  'customers.ts': { owner: 'customers' },
  'dine-in.ts': { owner: 'dine-in' },
  'email.ts': { owner: 'integrations/email' },
  'events.ts': { owner: 'events' },
  'fulfilment.ts': { owner: 'fulfilment', tables: { sandboxParcels: 'integrations/fulfilment' } },
  'local-identity.ts': { owner: 'integrations/social-sign-in' },
  'orders.ts': { owner: 'orders' },
  'payments-sandbox.ts': { owner: 'integrations/payments' },
  'payments.ts': { owner: 'payments' },
  'payment-methods.ts': { owner: 'payments' },
  'rate-limits.ts': { owner: 'http' },
  'restaurants.ts': { owner: 'restaurants', tables: { staffMemberships: 'kitchen' } },
  'staff.ts': { owner: 'staff' },
  'shop.ts': {
    owner: 'shop',
    tables: { marketingBanners: 'marketing', marketingOffers: 'marketing', idempotencyKeys: 'http' },
  },
  'state-changes.ts': { owner: 'orders' },
  'subscriptions.ts': { owner: 'subscriptions' },
  'takeaway.ts': {
    owner: 'takeaway',
    tables: {
      takeawaySlots: 'restaurants',
      customerAllergenProfiles: 'customers',
    },
  },
  'vouchers.ts': { owner: 'vouchers' },
};

/** The owner of `name` exported by the schema file `file` (its base name, e.g. `orders.ts`), or null. */
export function ownerOf(file, name) {
  const entry = TABLE_OWNERS[file];
  if (!entry) return null;
  return entry.tables?.[name] ?? entry.owner;
}
