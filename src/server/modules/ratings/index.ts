// The ratings area's public face (issue 23 parts 1 and 2; decision 30): an order's stars and a recipe-kit
// dish's, the NPS answer after a delivery, each dish's summary for the menu, the one email that asks for them
// (the `after-order-asks` job), what a customer's own order reads carry from here, and a restaurant's ratings
// for its kitchen.

export { RatingsService } from './ratings.service';
export { ratingRoutes } from './ratings.routes';
export { ratingDevRoutes } from './dev.routes';
export { askAfterOrders } from './asks';
export { ratingsAsOrderExtras } from './order-extras';
