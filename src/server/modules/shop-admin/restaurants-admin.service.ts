import type { RestaurantAdminBody, RestaurantAdminView } from '../../../contracts/back-office-shop';
import { DomainError, FieldErrors } from '../../../domain/errors';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { CatalogueChanges } from '../menu';
import {
  activeRestaurants,
  changeRestaurant,
  restaurantForChange,
  type RestaurantRow,
  type RestaurantSettings,
} from '../restaurants';
import { recordChange } from '../staff';
import { shopActor } from './actor';
import { restaurantProblems } from './restaurant-rules';

// The restaurants in the back office (issue 25 part 3): each one's hours, delivery radius, fees, minimum
// spends, slot capacity, what it offers and its tables. A change is audited in its transaction; the public
// restaurant reads (GET /restaurants/{id}, its slots) use it at once, and the pages kept are forgotten.

const RESTAURANT_NOT_FOUND = 'We couldn’t find that restaurant: reload the list.';

export function restaurantView(row: RestaurantRow): RestaurantAdminView {
  return {
    id: row.id,
    name: row.name,
    site: row.site,
    openingHours: row.openingHours.map((day) => day.map(({ opens, closes }) => ({ opens, closes }))),
    prepMinutes: row.prepMinutes,
    deliveryRadiusMiles: row.deliveryRadiusMiles,
    deliveryFee: row.deliveryFee,
    freeDeliveryFrom: row.freeDeliveryFrom,
    minimumSpend: row.minimumSpend,
    slotCapacity: row.slotCapacity,
    offersDelivery: row.offersDelivery,
    offersPickup: row.offersPickup,
    offersEatIn: row.offersEatIn,
    offersCatering: row.offersCatering,
    cateringMinimumSpend: row.cateringMinimumSpend,
    cateringLeadHours: row.cateringLeadHours,
    tableCount: row.tableCount,
    hasTableNumbers: row.hasTableNumbers,
    tableNumberPrompt: row.tableNumberPrompt,
    openTabCheckouts: row.openTabCheckouts,
  };
}

function settingsOf(body: RestaurantAdminBody): RestaurantSettings {
  return {
    ...body,
    openingHours: body.openingHours.map((day) => day.map(({ opens, closes }) => ({ opens, closes }))),
    tableNumberPrompt: body.tableNumberPrompt?.trim() ? body.tableNumberPrompt.trim() : null,
  };
}

export class RestaurantsAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly changes: CatalogueChanges,
  ) {}

  async list(customerId: string): Promise<RestaurantAdminView[]> {
    await shopActor(this.db, customerId);
    return (await activeRestaurants(this.db)).map(restaurantView);
  }

  async change(customerId: string, id: string, body: RestaurantAdminBody): Promise<RestaurantAdminView> {
    const actor = await shopActor(this.db, customerId);
    const view = await this.db.transaction(async (tx) => {
      const before = await restaurantForChange(tx, id);
      if (!before) throw new DomainError('RESTAURANT_NOT_FOUND', RESTAURANT_NOT_FOUND);
      const problems = restaurantProblems(body);
      if (problems.length > 0) throw new FieldErrors(problems);
      const after = restaurantView(await changeRestaurant(tx, id, settingsOf(body)));
      await recordChange(tx, {
        actorId: actor.customerId,
        actorEmail: actor.email,
        action: 'restaurant.update',
        subjectType: 'restaurant',
        subjectId: id,
        before: restaurantView(before),
        after,
        at: this.clock.now(),
      });
      return after;
    });
    this.changes.changed();
    return view;
  }
}
