import type { Restaurant } from '../../../contracts/restaurants';
import { currentOrNextSpan, isOpenAt, type FulfillmentType } from '../../../domain/restaurant-hours';
import { etaText } from '../../../domain/takeaway';
import type { RestaurantRow } from './restaurants.repo';

// A restaurant as the API shows it (spec §3 Restaurant), at `now`.

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function fulfillmentTypesOf(row: RestaurantRow): FulfillmentType[] {
  return [
    ...(row.offersDelivery ? (['delivery'] as const) : []),
    ...(row.offersPickup ? (['pickup'] as const) : []),
    ...(row.offersEatIn ? (['eat_in'] as const) : []),
  ];
}

export function toRestaurant(row: RestaurantRow, now: Date, distanceMiles: number | null = null): Restaurant {
  const span = currentOrNextSpan(row.openingHours, now);
  return {
    id: row.id,
    name: row.name,
    site: row.site,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    postcode: row.postcode,
    phone: row.phone,
    lat: row.lat,
    lon: row.lon,
    // Monday first, as a week is read in the UK.
    openingHours: [1, 2, 3, 4, 5, 6, 0].map((weekday) => ({
      day: DAYS[weekday]!,
      weekday,
      windows: (row.openingHours[weekday] ?? []).map(({ opens, closes }) => ({ opens, closes })),
    })),
    openNow: isOpenAt(row.openingHours, now),
    opensAt: span?.opensAt.toISOString() ?? null,
    closesAt: span?.closesAt.toISOString() ?? null,
    prepMinutes: row.prepMinutes,
    busyMinutes: row.busyMinutes,
    etaText: etaText(row.prepMinutes, row.busyMinutes),
    deliveryRadiusMiles: row.deliveryRadiusMiles,
    deliveryFee: row.deliveryFee,
    freeDeliveryFrom: row.freeDeliveryFrom,
    minimumSpend: row.minimumSpend,
    fulfillmentTypes: fulfillmentTypesOf(row),
    offersCatering: row.offersCatering,
    cateringMinimumSpend: row.cateringMinimumSpend,
    cateringLeadHours: row.cateringLeadHours,
    tableCount: row.tableCount,
    hasTableNumbers: row.hasTableNumbers,
    tableNumberPrompt: row.tableNumberPrompt,
    openTabCheckouts: row.openTabCheckouts,
    distanceMiles,
  };
}

export function restaurantResource(restaurant: Restaurant) {
  const { id, ...attributes } = restaurant;
  return { id, type: 'restaurants' as const, attributes };
}
