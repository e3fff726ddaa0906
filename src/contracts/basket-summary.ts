// Moved: a basket's money is worked out in src/domain/basket-summary.ts (issue 10, item 10); the types are
// in ./baskets. This file only keeps the server's three imports resolving until they point there; it holds
// no logic and goes when they do.
export { priceBasketItems, summariseBasket } from '../domain/basket-summary';
export type { AddonItem, VoucherOnBasket } from './baskets';
