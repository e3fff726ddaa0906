// The menu area's public face: the catalogue as the shop reads it (variants, pictures), its stock, and the
// media it serves. The storefront (integrations/storefront) serves the same catalogue to the web.

export {
  findMedia,
  firstProductImage,
  productIdsOfVariants,
  publishedWeeks,
  readBundles,
  variantDishes,
  variantFacts,
  variantRefOf,
  variantWithProduct,
  VARIANT_GID_PREFIX,
  weekMenu,
  type VariantPick,
  type WeekMenuDish,
} from './catalogue.repo';
export { variantAvailability } from './availability';
export { putBackStock, takeStock } from './stock';
export { mediaRoutes } from './media.routes';
export { CatalogueChanges } from './catalogue-changes';
export {
  attachPicture,
  insertDish,
  lockCatalogueWrites,
  readDishes,
  skusHeldElsewhere,
  updateDish,
  type DishRecord,
  type StoredPicture,
} from './dishes-admin.repo';
export { dishExists, publishWeek, putOnWeek, readWeeks, takeOffWeek } from './menu-weeks-admin.repo';
