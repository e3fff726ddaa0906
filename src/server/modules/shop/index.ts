// The shop area's public face: the shop's rules (fees, minimums, settings) and their routes.

export {
  cachedShopRules,
  loadShopRules,
  lateDeliveryRule,
  settingsView,
  shopReads,
  type ShopRules,
  type ShopRulesCache,
} from './shop.service';
export { putSetting } from './shop.repo';
export { shopRoutes } from './shop.routes';
