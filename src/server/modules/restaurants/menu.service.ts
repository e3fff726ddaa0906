import type { MenuQuery } from '../../../contracts/restaurants';
import { DomainError } from '../../../domain/errors';
import { snoozeUntil, type SnoozeOption } from '../../../domain/kitchen';
import type { FulfillmentType } from '../../../domain/restaurant-hours';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { inRequestTransaction } from '../../db/request-transaction';
import { allergenProfileOf } from '../customers';
import { menuResources, type MenuContext } from './menu-view';
import {
  activeSnoozes,
  readCatalogue,
  setBusyMinutes,
  snoozeProduct,
  unsnoozeProduct,
  type Catalogue,
  type RestaurantRow,
} from './restaurants.repo';
import { requireRestaurant } from './restaurants.service';
import { assertOffers } from './slots';

// The takeaway menu of a restaurant (spec §7 restaurants/{id}/menu and snoozed_products; issue 13 part 1):
// the catalogue every restaurant cooks, with what this kitchen has snoozed and, for a signed-in customer,
// what conflicts with their allergen profile. Snoozes and busy mode are the kitchen's to set (part 3).

/**
 * The catalogue changes only when an operator (or the seed) changes it, and it is read on every menu call:
 * each server process keeps it for ten seconds (decision 19's table). Snoozes are read fresh every time.
 */
export function cachedCatalogue(db: DbOrTx, ttlMs = 10_000) {
  let cached: { at: number; catalogue: Promise<Catalogue>; settled: boolean } | null = null;
  return {
    get(): Promise<Catalogue> {
      // In a request's transaction (decision 26) a read in flight outside it would wait for it on the
      // embedded database: read in it, unless the cache holds the catalogue already.
      const inside = inRequestTransaction();
      if (cached && Date.now() - cached.at <= ttlMs && (cached.settled || !inside)) return cached.catalogue;
      if (inside) return readCatalogue(db);
      const entry = { at: Date.now(), catalogue: readCatalogue(db), settled: false };
      cached = entry;
      entry.catalogue.then(
        () => {
          entry.settled = true;
        },
        () => {
          if (cached === entry) cached = null;
        },
      );
      return entry.catalogue;
    },
    /** The back office changed the catalogue: the next read reads it again (issue 25 part 2). */
    forget(): void {
      cached = null;
    },
  };
}
export type CatalogueCache = ReturnType<typeof cachedCatalogue>;

export async function menuContext(
  db: DbOrTx,
  restaurant: RestaurantRow,
  choice: { fulfillmentType: FulfillmentType; catering: boolean; customerId: string | null },
  now: Date,
): Promise<MenuContext> {
  const [snoozes, profile] = await Promise.all([
    activeSnoozes(db, restaurant.id, now),
    choice.customerId ? allergenProfileOf(db, choice.customerId) : Promise.resolve(null),
  ]);
  return { restaurant, fulfillmentType: choice.fulfillmentType, catering: choice.catering, snoozes, profile };
}

export class TakeawayMenuService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly catalogue: CatalogueCache,
  ) {}

  async menu(id: string, query: MenuQuery, customerId: string | null) {
    const restaurant = await requireRestaurant(this.db, id);
    const catering = query.catering ?? false;
    assertOffers(restaurant, { fulfillmentType: query.fulfillmentType, catering });
    const [catalogue, context] = await Promise.all([
      this.catalogue.get(),
      menuContext(
        this.db,
        restaurant,
        { fulfillmentType: query.fulfillmentType, catering, customerId },
        this.clock.now(),
      ),
    ]);
    return {
      ...menuResources(catalogue, context),
      meta: {
        restaurantId: restaurant.id,
        fulfillmentType: query.fulfillmentType,
        catering,
        minimumSpend: catering ? restaurant.cateringMinimumSpend : restaurant.minimumSpend,
        leadTimeHours: catering ? restaurant.cateringLeadHours : 0,
        allergenProfile: context.profile ? [...context.profile] : null,
      },
    };
  }

  /** What the kitchen has snoozed, until when (spec §7 snoozed_products). */
  async snoozed(id: string) {
    const restaurant = await requireRestaurant(this.db, id);
    const [catalogue, snoozes] = await Promise.all([
      this.catalogue.get(),
      activeSnoozes(this.db, restaurant.id, this.clock.now()),
    ]);
    return [...snoozes.entries()]
      .sort(([a], [b]) => a - b)
      .map(([productId, until]) => ({
        id: String(productId),
        productId: String(productId),
        title: catalogue.products.get(productId)?.title ?? '',
        until: until.toISOString(),
      }));
  }

  /** The kitchen has run out of a product: it leaves the menu for an hour or until tomorrow. */
  async snooze(restaurantId: string, productId: number, duration: SnoozeOption, by: string) {
    const catalogue = await this.catalogue.get();
    if (!catalogue.products.has(productId)) {
      throw new DomainError('NOT_FOUND', 'We couldn’t find that product on the menu');
    }
    const now = this.clock.now();
    await snoozeProduct(this.db, { restaurantId, productId, until: snoozeUntil(duration, now), by, at: now });
    return this.snoozed(restaurantId);
  }

  async unsnooze(restaurantId: string, productId: number) {
    if (!(await unsnoozeProduct(this.db, restaurantId, productId))) {
      throw new DomainError('NOT_FOUND', 'That product isn’t snoozed');
    }
    return this.snoozed(restaurantId);
  }

  /** Busy mode: minutes added to every estimate and to the first slot on offer (0 turns it off). */
  async setBusy(restaurantId: string, minutes: number) {
    const row = await setBusyMinutes(this.db, restaurantId, minutes, this.clock.now());
    if (!row) throw new DomainError('RESTAURANT_NOT_FOUND', 'We couldn’t find that restaurant');
    return row;
  }
}
