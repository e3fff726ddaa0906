import { isLatLon, roundMiles } from '../../../domain/geo';
import type { FulfillmentType } from '../../../domain/restaurant-hours';
import type { DbOrTx } from '../../db/client';
import { nearestOtherRestaurant } from '../restaurants';
import type { Elsewhere } from './takeaway-order-view';
import type { TakeawayOrderRecord } from './takeaway-orders.repo';

// Where else to order when a restaurant turned an order down (issue 19): the nearest other restaurant open now
// or later today that can deliver to the order's address (for a collection, the nearest to the restaurant that
// turned it down; catering, one that caters). An order eaten in at a table has none to offer.

export async function elsewhereFor(db: DbOrTx, record: TakeawayOrderRecord, now: Date): Promise<Elsewhere> {
  const { order, takeaway, restaurant } = record;
  if (order.state !== 'dropped' || takeaway.fulfillmentType === 'eat_in') return null;
  const fulfillmentType = takeaway.fulfillmentType as FulfillmentType;
  const address = order.shippingAddress;
  const point =
    fulfillmentType === 'delivery'
      ? isLatLon(address)
        ? { lat: address.lat, lon: address.lon }
        : null
      : { lat: restaurant.lat, lon: restaurant.lon };
  if (!point) return null;
  const found = await nearestOtherRestaurant(db, {
    excludeId: restaurant.id,
    point,
    fulfillmentType,
    catering: takeaway.isCateringOrder,
    now,
  });
  if (!found) return null;
  return {
    restaurantId: found.restaurant.id,
    name: found.restaurant.name,
    distanceMiles: roundMiles(found.miles),
  };
}
