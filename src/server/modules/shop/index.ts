// The shop area's public face: the shop's rules (fees, minimums, settings) and their routes.

export {
  cachedShopRules,
  DEFAULT_FREE_DELIVERY_THRESHOLD,
  DEFAULT_MINIMUM_CARD_CHARGE,
  lateDeliveryRule,
  settingsView,
  shopReads,
  type ShopRules,
  type ShopRulesCache,
} from './shop.service';
export { putSetting } from './shop.repo';
export { shopRoutes } from './shop.routes';
