// The baskets area's public face: the basket row of every kind, recipe-kit baskets and their items, the
// voucher on a basket, what a placed basket is (lines, week, owner) for the checkout, and the port through
// which the shared /baskets calls show takeaway's basket (basket-kinds.ts).

export { BASKET_GONE, BasketService, deleteBasket, removeWeekFromBasket } from './baskets.service';
export { BasketVouchersService } from './basket-vouchers.service';
export {
  createOrFindBasket,
  findOwnedBasket,
  lockBaskets,
  lockOwnedBasket,
  readLines,
  touchBasket,
  type BasketRow,
} from './baskets.repo';
export { refuseFields, TAKEAWAY_ONLY, takeawayBasketResponse, type TakeawayBaskets } from './basket-kinds';
export { basketRoutes } from './baskets.routes';
export { basketVoucherRoutes } from './basket-vouchers.routes';
