import type { NearestQuery, Restaurant, TimeSlotsQuery } from '../../../contracts/restaurants';
import { londonDate, timeLabel, type IsoDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { milesBetween, roundMiles } from '../../../domain/geo';
import {
  asapWindow,
  currentOrNextSpan,
  isOpenAt,
  isOpenNowOrLaterToday,
  type FulfillmentType,
} from '../../../domain/restaurant-hours';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import {
  diningTablesOf,
  findDiningTable,
  findRestaurant,
  listRestaurants,
  type RestaurantRow,
} from './restaurants.repo';
import { toRestaurant } from './restaurant-view';
import {
  assertBookableDate,
  assertOffers,
  bookableDates,
  dateLabel,
  offeredSlots,
  slotRules,
  type OfferedSlot,
} from './slots';

// Finding a restaurant and when it can cook for you (spec §7 Restaurants; issue 13 part 1).

/** How far a customer may be from a restaurant to collect from it or eat in (delivery uses its radius). */
export const COLLECTION_SEARCH_MILES = 10;

export const RESTAURANT_GONE = 'We couldn’t find that restaurant. Please choose another.';

export async function requireRestaurant(db: Db, id: string): Promise<RestaurantRow> {
  const restaurant = await findRestaurant(db, id);
  if (!restaurant) throw new DomainError('RESTAURANT_NOT_FOUND', RESTAURANT_GONE);
  return restaurant;
}

export class RestaurantsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Restaurants that can serve this point this way, nearest first (spec: distance in miles, earth radius
   * 3959): for delivery, those whose delivery radius reaches it; for collection or eating in, those within
   * 10 miles. Pasta Now lists only those open now or later today; catering, those that cater.
   */
  async nearest(query: NearestQuery): Promise<Restaurant[]> {
    const now = this.clock.now();
    const point = { lat: query.lat, lon: query.lon };
    const found = (await listRestaurants(this.db))
      .map((row) => ({ row, miles: milesBetween(point, row) }))
      .filter(({ row, miles }) => reaches(row, miles, query.fulfillmentType))
      .filter(({ row }) =>
        query.catering
          ? row.offersCatering && query.fulfillmentType !== 'eat_in'
          : isOpenNowOrLaterToday(row.openingHours, now),
      )
      .sort((a, b) => a.miles - b.miles);
    return found.map(({ row, miles }) => toRestaurant(row, now, roundMiles(miles)));
  }

  async all(): Promise<Restaurant[]> {
    const now = this.clock.now();
    return (await listRestaurants(this.db)).map((row) => toRestaurant(row, now));
  }

  async one(id: string): Promise<Restaurant> {
    return toRestaurant(await requireRestaurant(this.db, id), this.clock.now());
  }

  async timeSlots(
    id: string,
    query: TimeSlotsQuery,
  ): Promise<{ slots: OfferedSlot[]; date: IsoDate; capacity: number }> {
    const restaurant = await requireRestaurant(this.db, id);
    const now = this.clock.now();
    const request = { fulfillmentType: query.fulfillmentType, catering: query.catering ?? false };
    assertOffers(restaurant, request);
    const date = (query.date as IsoDate | undefined) ?? londonDate(now);
    assertBookableDate(date, now, request.catering);
    const slots = await offeredSlots(this.db, restaurant, date, request, now);
    return { slots, date, capacity: restaurant.slotCapacity };
  }

  /** The dates with something to book, from today (spec §7 time_slot_dates). */
  async timeSlotDates(id: string, fulfillmentType: FulfillmentType, catering: boolean) {
    const restaurant = await requireRestaurant(this.db, id);
    const now = this.clock.now();
    const request = { fulfillmentType, catering };
    assertOffers(restaurant, request);
    const dates = [];
    for (const date of bookableDates(now, catering)) {
      const slots = await offeredSlots(this.db, restaurant, date, request, now);
      const open = slots.filter((slot) => !slot.asap && slot.remaining > 0).length;
      const asapAvailable = slots.some((slot) => slot.asap && slot.remaining > 0);
      if (open > 0 || asapAvailable) {
        dates.push({ date, label: dateLabel(date, now), slotsAvailable: open, asapAvailable });
      }
    }
    return dates;
  }

  /** A restaurant's tables (decision 28): their numbers and seats, and how it serves its tables. */
  async tables(id: string) {
    const restaurant = await requireRestaurant(this.db, id);
    return {
      tables: restaurant.hasTableNumbers ? await diningTablesOf(this.db, id) : [],
      meta: {
        hasTableNumbers: restaurant.hasTableNumbers,
        tableNumberPrompt: restaurant.tableNumberPrompt,
        openTabCheckouts: restaurant.openTabCheckouts,
      },
    };
  }

  /**
   * Whether someone at a table can order now (spec §7 eat_in_available), and why not; with `table`, whether
   * it is one of the restaurant's tables (decision 28).
   */
  async eatInAvailable(id: string, table?: string) {
    const restaurant = await requireRestaurant(this.db, id);
    const now = this.clock.now();
    const found = table && restaurant.hasTableNumbers ? await findDiningTable(this.db, id, table) : null;
    const settings = {
      name: restaurant.name,
      hasTableNumbers: restaurant.hasTableNumbers,
      tableNumberPrompt: restaurant.tableNumberPrompt,
      openTabCheckouts: restaurant.openTabCheckouts,
      table:
        table && restaurant.hasTableNumbers
          ? { number: found?.number ?? table, exists: found !== null }
          : null,
    };
    if (!restaurant.offersEatIn) {
      return { available: false, reason: `${restaurant.name} doesn’t have tables to eat in`, ...settings };
    }
    const rules = slotRules(restaurant, { fulfillmentType: 'eat_in', catering: false });
    if (isOpenAt(restaurant.openingHours, now) && asapWindow(restaurant.openingHours, now, rules)) {
      return { available: true, reason: null, ...settings };
    }
    const span = currentOrNextSpan(restaurant.openingHours, now);
    const reason =
      span && span.opensAt > now
        ? `${restaurant.name} opens at ${timeLabel(span.opensAt)}`
        : `${restaurant.name} has closed its kitchen for today`;
    return { available: false, reason, ...settings };
  }
}

/** Another restaurant to offer when one turned an order down: which, and how far from the customer. */
export interface Alternative {
  restaurant: RestaurantRow;
  miles: number;
}

/**
 * The nearest restaurant other than `excludeId` that can serve this point this way now (issue 19: offered when
 * an order is turned down): for delivery, one whose radius reaches it; for collection, one within 10 miles;
 * open now or later today (catering: one that caters). Null when there is none.
 */
export async function nearestOtherRestaurant(
  db: DbOrTx,
  query: {
    excludeId: string;
    point: { lat: number; lon: number };
    fulfillmentType: FulfillmentType;
    catering: boolean;
    now: Date;
  },
): Promise<Alternative | null> {
  const found = (await listRestaurants(db))
    .filter((row) => row.id !== query.excludeId)
    .map((row) => ({ restaurant: row, miles: milesBetween(query.point, row) }))
    .filter(({ restaurant, miles }) => reaches(restaurant, miles, query.fulfillmentType))
    .filter(({ restaurant }) =>
      query.catering
        ? restaurant.offersCatering && query.fulfillmentType !== 'eat_in'
        : isOpenNowOrLaterToday(restaurant.openingHours, query.now),
    )
    .sort((a, b) => a.miles - b.miles);
  return found[0] ?? null;
}

function reaches(row: RestaurantRow, miles: number, fulfillmentType: FulfillmentType): boolean {
  if (fulfillmentType === 'delivery') return row.offersDelivery && miles <= row.deliveryRadiusMiles;
  const offered = fulfillmentType === 'pickup' ? row.offersPickup : row.offersEatIn;
  return offered && miles <= COLLECTION_SEARCH_MILES;
}
