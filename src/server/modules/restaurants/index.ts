// The restaurants area's public face (issue 13 part 1): the restaurants, their opening hours and slots
// (with each slot's capacity and booking a place in one), the takeaway and catering menu, snoozes and busy
// mode.

export {
  COLLECTION_SEARCH_MILES,
  nearestOtherRestaurant,
  requireRestaurant,
  RESTAURANT_GONE,
  RestaurantsService,
  type Alternative,
} from './restaurants.service';
export { cachedCatalogue, menuContext, TakeawayMenuService, type CatalogueCache } from './menu.service';
export { toPriceable, toMenuModifier, unavailableReason, type MenuContext } from './menu-view';
export { fulfillmentTypesOf, toRestaurant } from './restaurant-view';
export {
  findRestaurant,
  readProducts,
  restaurantsOf,
  type ProductRow,
  type ProductsWithModifiers,
  type RestaurantRow,
} from './restaurants.repo';
export {
  assertOffers,
  assertWithinHorizon,
  bookSlot,
  slotRules,
  tooFarAheadText,
  type Booking,
} from './slots';
export { restaurantRoutes } from './restaurants.routes';
