// Known crossings (issue 20, part 2): module files that still import another area's tables, each with the
// tables it imports. The lint rule sfoglia/tables (tools/eslint-tables.js) lets these through and refuses
// every other crossing. This list only shrinks: never add to it (ask the owner's face instead), and
// tools/eslint-tables.test.ts fails on any entry, file or table, no longer needed, so an entry goes the
// moment its file is fixed. The owners are in tools/table-owners.js.

/** @type {Record<string, string[]>} module file → the other areas' tables it still imports */
export const TABLE_CROSSINGS = {
  'src/server/modules/baskets/basket-vouchers.service.ts': ['basketVouchers'],
  'src/server/modules/baskets/baskets.repo.ts': ['productVariants', 'products'],
  'src/server/modules/customers/customers.repo.ts': ['storeCreditTransactions'],
  'src/server/modules/delivery/delivery.repo.ts': [
    'collectionProducts',
    'collections',
    'productVariants',
    'products',
  ],
  'src/server/modules/fulfilment/fulfilment.service.ts': ['orderLineItems', 'orders'],
  'src/server/modules/kitchen/staff.ts': ['customers', 'restaurants'],
  'src/server/modules/orders/checkout-payment.ts': ['paymentMethods', 'payments'],
  'src/server/modules/orders/order-emails.ts': ['payments', 'vouchers'],
  'src/server/modules/orders/orders.repo.ts': ['scheduleWeeks', 'vouchers'],
  'src/server/modules/orders/orders.service.ts': ['subscriptions'],
  'src/server/modules/orders/state-changes.ts': ['baskets'],
  'src/server/modules/restaurants/restaurants.repo.ts': ['orders', 'takeawayOrders'],
  'src/server/modules/subscriptions/billing-decide.ts': ['baskets', 'checkouts', 'orders'],
  'src/server/modules/subscriptions/box-cutoff.ts': ['orderLineItems', 'orders', 'stateChanges'],
  'src/server/modules/subscriptions/plan-ahead.ts': ['orders'],
  'src/server/modules/subscriptions/plan-orders.service.ts': ['orders'],
  'src/server/modules/subscriptions/plan-pause.ts': ['orders'],
  'src/server/modules/subscriptions/plan-settings.ts': ['orders'],
  'src/server/modules/subscriptions/plan-sweeps.ts': ['orders', 'paymentMethods'],
  'src/server/modules/subscriptions/plan-views.ts': [
    'collections',
    'orderLineItems',
    'orders',
    'paymentMethods',
    'vouchers',
  ],
  'src/server/modules/subscriptions/schedule.service.ts': ['orderLineItems', 'orders'],
  'src/server/modules/subscriptions/week-boxes.ts': ['orderLineItems', 'orders', 'productVariants'],
  'src/server/modules/takeaway/slot-holds.ts': ['orders'],
  'src/server/modules/takeaway/takeaway-orders.repo.ts': ['orderLineItems', 'orders', 'restaurants'],
  'src/server/modules/takeaway/takeaway-orders.service.ts': ['orders'],
  'src/server/modules/takeaway/tracking.service.ts': ['orders'],
  'src/server/modules/vouchers/vouchers.repo.ts': ['baskets', 'checkouts', 'productVariants', 'products'],
  'src/server/modules/vouchers/vouchers.service.ts': ['checkouts'],
};
