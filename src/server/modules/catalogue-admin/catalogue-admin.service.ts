import type {
  DishBody,
  DishListQuery,
  DishView,
  MenuWeekView,
} from '../../../contracts/back-office-catalogue';
import { addWeeks, currentWeekStart, type IsoDate } from '../../../domain/calendar';
import {
  DECLARATION_MESSAGES,
  declarationOfTags,
  declarationProblem,
  dishTags,
  firstPriceBelowZero,
  isHiddenByTags,
  ownTagsOf,
  PRICE_BELOW_ZERO_MESSAGE,
} from '../../../domain/dish-rules';
import { DomainError } from '../../../domain/errors';
import { isDoubleVariantTitle, plainText } from '../../../domain/menu';
import { menuWeekStarts, orderCutoff, weekLabel } from '../../../domain/menu-weeks';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import {
  attachPicture,
  dishExists,
  insertDish,
  lockCatalogueWrites,
  publishWeek,
  putOnWeek,
  readDishes,
  readWeeks,
  skusHeldElsewhere,
  takeOffWeek,
  updateDish,
  type CatalogueChanges,
  type DishRecord,
} from '../menu';
import { recordChange } from '../staff';
import { picturesFrom } from './pictures';
import { catalogueActor, type CatalogueActor } from './actor';

// The back office's dishes and weekly menus (issue 25 part 2), for owners and managers. Each change is checked
// (a declared allergen list, no price below zero, a week still before its cutoff), made with its audit record
// in one transaction, and then said to whoever keeps a copy of the catalogue, so /menu, the storefront and the
// takeaway menus show it at once.

/** Weeks the back office shows: last week, this week and the eight after it. */
export const BACK_OFFICE_WEEKS_AHEAD = 8;

const DISH_NOT_FOUND = 'We couldn’t find that dish. It may have been removed: reload the list.';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text as the catalogue's HTML: a paragraph per blank-line-separated block. */
export function descriptionHtmlOf(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

export function dishView(record: DishRecord): DishView {
  const declaration = declarationOfTags(record.tags);
  return {
    id: String(record.id),
    title: record.title,
    handle: record.handle,
    description: plainText(record.descriptionHtml),
    productType: record.productType,
    tags: ownTagsOf(record.tags),
    allergens: declaration ? [...declaration.contains] : [],
    containsNoAllergens: declaration ? declaration.containsNone : null,
    hidden: isHiddenByTags(record.tags),
    variants: record.variants.map((variant) => ({ ...variant, id: String(variant.id) })),
    picture: record.picture,
    weeks: record.weeks,
    updatedAt: record.updatedAt.toISOString(),
  };
}

export class CatalogueAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly changes: CatalogueChanges,
  ) {}

  /** The caller after the capability check, as the audit log names them. */
  actor(customerId: string): Promise<CatalogueActor> {
    return catalogueActor(this.db, customerId);
  }

  async dishes(customerId: string, query: DishListQuery): Promise<DishView[]> {
    await this.actor(customerId);
    const search = query.search?.trim();
    const views = (await readDishes(this.db, search ? { search } : {})).map(dishView);
    if (query.hidden === 'only') return views.filter((view) => view.hidden);
    if (query.hidden === 'exclude') return views.filter((view) => !view.hidden);
    return views;
  }

  async dish(customerId: string, id: number): Promise<DishView> {
    await this.actor(customerId);
    return dishView(await this.requireDish(this.db, id));
  }

  private async requireDish(db: DbOrTx, id: number): Promise<DishRecord> {
    const [record] = await readDishes(db, { ids: [id] });
    if (!record) throw new DomainError('DISH_NOT_FOUND', DISH_NOT_FOUND);
    return record;
  }

  /** The checks every dish passes before anything is written. */
  private check(body: DishBody) {
    const problem = declarationProblem({ contains: body.allergens, containsNone: body.containsNoAllergens });
    if (problem) throw new DomainError('DISH_ALLERGENS_UNDECLARED', DECLARATION_MESSAGES[problem]);
    const below = firstPriceBelowZero(body.variants);
    if (below !== null) {
      throw new DomainError(
        'PRICE_BELOW_ZERO',
        `${body.variants[below]!.title}: ${PRICE_BELOW_ZERO_MESSAGE}`,
        { variant: below },
      );
    }
    const skus = body.variants.map((variant) => variant.sku);
    const twice = skus.find((sku, index) => skus.indexOf(sku) !== index);
    if (twice) throw new DomainError('SKU_TAKEN', `Two variants have the SKU ${twice}: give each its own.`);
  }

  private fields(body: DishBody, before: DishRecord | null) {
    const keepHtml =
      before && plainText(before.descriptionHtml) === plainText(descriptionHtmlOf(body.description));
    return {
      title: body.title,
      descriptionHtml: keepHtml ? before.descriptionHtml : descriptionHtmlOf(body.description),
      productType: body.productType,
      tags: dishTags(
        body.tags,
        { contains: body.allergens, containsNone: body.containsNoAllergens },
        body.hidden,
      ),
    };
  }

  private variants(body: DishBody) {
    return body.variants.map((variant) => ({
      ...(variant.id !== undefined ? { id: Number(variant.id) } : {}),
      title: variant.title,
      sku: variant.sku,
      pricePence: variant.pricePence,
      stock: variant.stock,
      isDouble: isDoubleVariantTitle(variant.title),
    }));
  }

  private async refuseTakenSkus(tx: DbOrTx, body: DishBody, dishId: number | null) {
    const taken = await skusHeldElsewhere(
      tx,
      body.variants.map((variant) => variant.sku),
      dishId,
    );
    if (taken.length > 0) {
      throw new DomainError('SKU_TAKEN', `The SKU ${taken[0]} belongs to another dish: choose another.`);
    }
  }

  async createDish(customerId: string, body: DishBody): Promise<DishView> {
    const actor = await this.actor(customerId);
    this.check(body);
    if (body.variants.some((variant) => variant.id !== undefined)) {
      throw new DomainError('VALIDATION_FAILED', 'A new dish’s variants are new too: leave out their ids.');
    }
    const view = await this.db.transaction(async (tx) => {
      await lockCatalogueWrites(tx);
      await this.refuseTakenSkus(tx, body, null);
      const now = this.clock.now();
      const id = await insertDish(tx, this.fields(body, null), this.variants(body), now);
      const after = dishView(await this.requireDish(tx, id));
      await recordChange(tx, {
        actorId: actor.customerId,
        actorEmail: actor.email,
        action: 'dish.create',
        subjectType: 'dish',
        subjectId: String(id),
        after,
        at: now,
      });
      return after;
    });
    this.changes.changed();
    return view;
  }

  async updateDish(customerId: string, id: number, body: DishBody): Promise<DishView> {
    const actor = await this.actor(customerId);
    this.check(body);
    const view = await this.db.transaction(async (tx) => {
      await lockCatalogueWrites(tx);
      const before = await this.requireDish(tx, id);
      const own = new Set(before.variants.map((variant) => String(variant.id)));
      const stranger = body.variants.find((variant) => variant.id !== undefined && !own.has(variant.id));
      if (stranger) {
        throw new DomainError(
          'VALIDATION_FAILED',
          `The variant ${stranger.id} isn’t one of this dish’s: reload the dish and try again.`,
        );
      }
      await this.refuseTakenSkus(tx, body, id);
      const now = this.clock.now();
      await updateDish(tx, id, this.fields(body, before), this.variants(body), now);
      const after = dishView(await this.requireDish(tx, id));
      await recordChange(tx, {
        actorId: actor.customerId,
        actorEmail: actor.email,
        action: 'dish.update',
        subjectType: 'dish',
        subjectId: String(id),
        before: dishView(before),
        after,
        at: now,
      });
      return after;
    });
    this.changes.changed();
    return view;
  }

  /** A new picture for the dish, in its sizes; the menu shows it from now on. */
  async uploadPicture(customerId: string, id: number, bytes: Buffer) {
    const actor = await this.actor(customerId);
    await this.requireDish(this.db, id);
    // Decoded and resized before the transaction: nothing is held while sharp works.
    const sizes = await picturesFrom(bytes);
    const stored = await this.db.transaction(async (tx) => {
      await lockCatalogueWrites(tx);
      const before = await this.requireDish(tx, id);
      const now = this.clock.now();
      const made = await attachPicture(tx, id, sizes, before.title, now);
      const after = await this.requireDish(tx, id);
      await recordChange(tx, {
        actorId: actor.customerId,
        actorEmail: actor.email,
        action: 'dish.picture',
        subjectType: 'dish',
        subjectId: String(id),
        before: { picture: before.picture },
        after: { picture: after.picture, sizes: made },
        at: now,
      });
      return made;
    });
    this.changes.changed();
    return stored;
  }

  /** The weeks the back office shows, with whether each is published, its cutoff and its dishes. */
  async weeks(customerId: string): Promise<MenuWeekView[]> {
    await this.actor(customerId);
    const now = this.clock.now();
    return (await readWeeks(this.db, menuWeekStarts(now, BACK_OFFICE_WEEKS_AHEAD))).map((week) =>
      this.weekView(week, now),
    );
  }

  private weekView(week: Awaited<ReturnType<typeof readWeeks>>[number], now: Date): MenuWeekView {
    const cutoff = orderCutoff(week.weekStart);
    return {
      id: week.weekStart,
      weekStart: week.weekStart,
      label: weekLabel(week.weekStart),
      published: week.published,
      cutoff: cutoff.toISOString(),
      open: now.getTime() < cutoff.getTime(),
      dishes: week.dishes.map((dish) => ({
        id: String(dish.id),
        title: dish.title,
        hidden: isHiddenByTags(dish.tags),
      })),
    };
  }

  /** A week still before its cutoff, and not too far ahead to plan (409 after its cutoff). */
  private requireOpenWeek(weekStart: IsoDate, now: Date) {
    const cutoff = orderCutoff(weekStart);
    if (now.getTime() >= cutoff.getTime()) {
      const when = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/London',
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        hour: '2-digit',
        minute: '2-digit',
      }).format(cutoff);
      throw new DomainError(
        'MENU_WEEK_CLOSED',
        `The menu for ${weekLabel(weekStart)} closed at its cutoff, ${when}: it can no longer change. Choose a later week.`,
        { cutoff: cutoff.toISOString() },
      );
    }
    const last = addWeeks(currentWeekStart(now), BACK_OFFICE_WEEKS_AHEAD);
    if (weekStart > last || new Date(`${weekStart}T12:00:00Z`).getUTCDay() !== 1) {
      throw new DomainError('VALIDATION_FAILED', 'Choose a Monday within the next eight weeks.');
    }
  }

  private async changeWeek(
    customerId: string,
    weekStart: IsoDate,
    action: 'menu_week.put' | 'menu_week.take_out' | 'menu_week.publish',
    change: (tx: DbOrTx, now: Date) => Promise<unknown>,
  ): Promise<MenuWeekView> {
    const actor = await this.actor(customerId);
    const now = this.clock.now();
    this.requireOpenWeek(weekStart, now);
    const view = await this.db.transaction(async (tx) => {
      await lockCatalogueWrites(tx);
      const [before] = await readWeeks(tx, [weekStart]);
      const detail = await change(tx, now);
      const [after] = await readWeeks(tx, [weekStart]);
      const shape = (week: typeof before) => ({
        published: week!.published,
        dishes: week!.dishes.map((dish) => dish.id),
      });
      await recordChange(tx, {
        actorId: actor.customerId,
        actorEmail: actor.email,
        action,
        subjectType: 'menu_week',
        subjectId: weekStart,
        before: shape(before),
        after: { ...shape(after), ...(detail && typeof detail === 'object' ? detail : {}) },
        at: now,
      });
      return this.weekView(after!, now);
    });
    this.changes.changed();
    return view;
  }

  async putDishOnWeek(customerId: string, weekStart: IsoDate, dishId: number) {
    return this.changeWeek(customerId, weekStart, 'menu_week.put', async (tx) => {
      if (!(await dishExists(tx, dishId))) throw new DomainError('DISH_NOT_FOUND', DISH_NOT_FOUND);
      await putOnWeek(tx, weekStart, dishId);
      return { dish: dishId };
    });
  }

  async takeDishOffWeek(customerId: string, weekStart: IsoDate, dishId: number) {
    return this.changeWeek(customerId, weekStart, 'menu_week.take_out', async (tx) => {
      await takeOffWeek(tx, weekStart, dishId);
      return { dish: dishId };
    });
  }

  async publishWeek(customerId: string, weekStart: IsoDate) {
    return this.changeWeek(customerId, weekStart, 'menu_week.publish', async (tx, now) => {
      const [week] = await readWeeks(tx, [weekStart]);
      if (week!.published) return null;
      if (week!.dishes.length === 0) {
        throw new DomainError('MENU_WEEK_EMPTY', 'Put at least one dish into the week before publishing it.');
      }
      await publishWeek(tx, weekStart, `<p>Our menu for ${weekLabel(weekStart)}.</p>`, now);
      return null;
    });
  }
}
