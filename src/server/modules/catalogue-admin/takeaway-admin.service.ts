import type { TakeawayItemBody, TakeawayItemView } from '../../../contracts/back-office-catalogue';
import { PRICE_BELOW_ZERO_MESSAGE } from '../../../domain/dish-rules';
import { DomainError } from '../../../domain/errors';
import { snoozeUntil } from '../../../domain/kitchen';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { CatalogueChanges } from '../menu';
import {
  requireRestaurant,
  setSoldOut,
  setTakeawayPrice,
  takeawayItemsAt,
  type TakeawayItemRecord,
} from '../restaurants';
import { recordChange } from '../staff';
import { catalogueActor } from './actor';

// The takeaway menu per restaurant in the back office (issue 25 part 2): an item sold out at one restaurant
// until tomorrow, or back on; its price (one price at every restaurant, as the catalogue holds it). Audited,
// and the takeaway menus show it at once.

const ITEM_NOT_FOUND = 'We couldn’t find that item on the takeaway menu: reload the list.';

const view = (item: TakeawayItemRecord): TakeawayItemView => ({
  ...item,
  id: String(item.id),
  soldOutUntil: item.soldOutUntil?.toISOString() ?? null,
});

export class TakeawayAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly changes: CatalogueChanges,
  ) {}

  private actor(customerId: string) {
    return catalogueActor(this.db, customerId);
  }

  async items(customerId: string, restaurantId: string): Promise<TakeawayItemView[]> {
    await this.actor(customerId);
    await requireRestaurant(this.db, restaurantId);
    return (await takeawayItemsAt(this.db, restaurantId, this.clock.now())).map(view);
  }

  async change(
    customerId: string,
    restaurantId: string,
    itemId: number,
    body: TakeawayItemBody,
  ): Promise<TakeawayItemView> {
    const actor = await this.actor(customerId);
    await requireRestaurant(this.db, restaurantId);
    if (body.pricePence !== undefined && body.pricePence < 0) {
      throw new DomainError('PRICE_BELOW_ZERO', PRICE_BELOW_ZERO_MESSAGE);
    }
    const now = this.clock.now();
    const changed = await this.db.transaction(async (tx) => {
      const find = async () =>
        (await takeawayItemsAt(tx, restaurantId, now)).find((item) => item.id === itemId) ?? null;
      const before = await find();
      if (!before) throw new DomainError('NOT_FOUND', ITEM_NOT_FOUND);
      if (body.pricePence !== undefined) await setTakeawayPrice(tx, itemId, body.pricePence);
      if (body.soldOut !== undefined) {
        await setSoldOut(tx, {
          restaurantId,
          productId: itemId,
          until: body.soldOut ? snoozeUntil('tomorrow', now) : null,
          by: actor.customerId,
          at: now,
        });
      }
      const after = (await find())!;
      await recordChange(tx, {
        actorId: actor.customerId,
        actorEmail: actor.email,
        action: 'takeaway_item.update',
        subjectType: 'takeaway_item',
        subjectId: `${restaurantId}/${itemId}`,
        before: view(before),
        after: view(after),
        at: now,
      });
      return view(after);
    });
    this.changes.changed();
    return changed;
  }
}
