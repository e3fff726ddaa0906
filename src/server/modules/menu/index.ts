// The menu area's public face: the catalogue as the shop reads it (variants, pictures), its stock, and the
// media it serves. The storefront (integrations/storefront) serves the same catalogue to the web.

export {
  firstProductImage,
  MENU_RULES_SQL,
  productIdsOfVariants,
  publishedWeeks,
  readBundles,
  variantDishes,
  variantFacts,
  variantRefOf,
  VARIANT_GID_PREFIX,
  weekMenu,
  type VariantPick,
  type WeekMenuDish,
} from './catalogue.repo';
export { variantAvailability, type VariantAvailability } from './availability';
export { putBackStock, takeStock } from './stock';
export { mediaRoutes } from './media.routes';
