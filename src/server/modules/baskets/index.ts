// The baskets area's public face: recipe-kit baskets and their items, the voucher on a basket, and what a
// placed basket is (lines, week, owner) for the checkout.

export {
  BASKET_GONE,
  BasketService,
  deleteBasket,
  removeWeekFromBasket,
  type BasketView,
} from './baskets.service';
export { BasketVouchersService } from './basket-vouchers.service';
export { findOwnedBasket, lockBaskets, readLines, type BasketRow, type LineRow } from './baskets.repo';
export { basketRoutes } from './baskets.routes';
export { basketVoucherRoutes } from './basket-vouchers.routes';
export { TakeawayBasketService, lockAndPriceTakeaway } from './takeaway-baskets.service';
export { type PricedLine, type PricedTakeaway } from './takeaway-pricing';
export { takeawayBasketRoutes } from './takeaway-basket.routes';
