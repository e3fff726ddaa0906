// The delivery area's public face: where and when we deliver (postcodes, delivery areas, dates and their
// constraints, fees) and the address finder.

export { assertDeliverable, DeliveryService } from './delivery.service';
export { deliveryDaysOf } from './delivery-areas';
export { deliveryRoutes } from './delivery.routes';
export { addressLookupRoutes } from './address-lookup.routes';
