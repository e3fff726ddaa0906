// The restaurants area's public face (issue 13 part 1): the restaurants, their opening hours and slots
// (with each slot's capacity and booking a place in one), the takeaway and catering menu, snoozes and busy
// mode.

export {
  nearestOtherRestaurant,
  requireRestaurant,
  RESTAURANT_GONE,
  RestaurantsService,
} from './restaurants.service';
export { cachedCatalogue, menuContext, TakeawayMenuService } from './menu.service';
export { toPriceable, unavailableReason, type MenuContext } from './menu-view';
export {
  diningTablesOf,
  findDiningTable,
  findRestaurant,
  listRestaurants,
  readProducts,
  restaurantsOf,
  type ProductRow,
  type RestaurantRow,
} from './restaurants.repo';
export {
  assertOffers,
  assertWithinHorizon,
  bookSlot,
  samePlaceAgain,
  slotChoices,
  slotRules,
  tooFarAheadText,
  type Booking,
} from './slots';
export { restaurantRoutes } from './restaurants.routes';
export { setSoldOut, setTakeawayPrice, takeawayItemsAt, type TakeawayItemRecord } from './takeaway-admin';
export {
  activeRestaurants,
  changeRestaurant,
  restaurantForChange,
  type RestaurantSettings,
} from './restaurants-admin';
