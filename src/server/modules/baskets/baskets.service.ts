import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  availabilityProblems,
  basketProblems,
  basketTotals,
  type BasketProblem,
  type BasketType,
} from '../../../domain/basket';
import { daysBetween, londonDate, weekdayOf, type IsoDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { offersDoublePortion } from '../../../domain/menu';
import { DELIVERY_WINDOW_DAYS, isWeekOrderable, orderKindOf } from '../../../domain/menu-weeks';
import type {
  AddBasketItemBody,
  Basket,
  BasketMeta,
  DeleteBasketItemsBody,
} from '../../../contracts/baskets';
import type { CreateBasketBody, UpdateBasketBody } from '../../../contracts/basket-bodies';
import { discountCountsTowardsMinimum } from '../../../domain/vouchers';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { basketItems, baskets } from '../../db/schema/baskets';
import { newToken } from '../../security/tokens';
import type { BasketOwner } from '../../security/basket-owner';
import type { ShopRulesCache } from '../shop';
import { loadAppliedVouchers, prepareAppliedVoucher } from '../vouchers';
import {
  createOrFindBasket,
  findItem,
  findOwnedBasket,
  listOwnedBaskets,
  lockOwnedBasket,
  prepareBasketLines,
  prepareBasketWrites,
  readLines,
  ownedBy,
  type BasketRow,
  type BasketWrites,
  type LineRow,
} from './baskets.repo';

import { claimBaskets, makeRoomForKind } from './basket-claims';
import { addRefusal, assertInStock, assertPlanCanTake, isForeignKeyViolation, tooMany } from './basket-rules';
import { metaFor, toBasket, toDomainLines, voucherKind, weekDayOf } from './basket-view';

// Basket use cases (spec §3 Basket, §4 Baskets, §5, §7 Baskets). Each change runs in one transaction that
// locks the basket row, so two tabs or a double click cannot interleave a read-check-write.

/** Spec §5: "Updating a basket when none exists fails with …". Also what another visitor's id gets. */
export const BASKET_GONE = 'Has error and basket is destroyed';

/** A paid checkout's basket is done with (in the payment's transaction; the basket is locked already). */
export async function deleteBasket(tx: DbOrTx, basketId: string | null): Promise<void> {
  if (basketId) await tx.delete(baskets).where(eq(baskets.id, basketId));
}

/** Takes a week's dishes out of a basket (they went into a plan's box); the caller holds the basket's lock. */
export async function removeWeekFromBasket(
  tx: DbOrTx,
  basketId: string,
  mealWeek: string,
  at: Date,
): Promise<void> {
  await tx
    .delete(basketItems)
    .where(and(eq(basketItems.basketId, basketId), eq(basketItems.mealWeek, mealWeek)));
  await tx.update(baskets).set({ updatedAt: at }).where(eq(baskets.id, basketId));
}

export interface BasketView {
  basket: Basket;
  meta: BasketMeta;
}

export class BasketService {
  private readonly basketLines: (basketId: string) => Promise<LineRow[]>;
  private readonly writes: BasketWrites;
  private readonly appliedVoucher: ReturnType<typeof prepareAppliedVoucher>;

  constructor(
    private readonly db: Db,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
  ) {
    this.basketLines = prepareBasketLines(db);
    this.writes = prepareBasketWrites(db);
    this.appliedVoucher = prepareAppliedVoucher(db);
  }

  /**
   * The visitor's baskets in the order they were made: recipe-kit ones as `Basket`s, takeaway ones as their
   * rows (the takeaway basket service shows those).
   */
  async list(
    owner: BasketOwner,
  ): Promise<{ rows: BasketRow[]; baskets: Map<string, Basket>; meta: BasketMeta }> {
    const rules = await this.rules.get();
    const rows = await listOwnedBaskets(this.db, owner);
    const ids = rows.filter((row) => row.type === 'RecipeKitBasket').map((row) => row.id);
    const [lines, vouchers] = await Promise.all([readLines(this.db, ids), loadAppliedVouchers(this.db, ids)]);
    const now = this.clock.now();
    const views = new Map<string, Basket>();
    for (const row of rows) {
      if (row.type !== 'RecipeKitBasket') continue;
      const own = lines.filter((line) => line.basketId === row.id);
      views.set(row.id, toBasket(row, own, rules, now, vouchers.get(row.id) ?? null));
    }
    return { rows, baskets: views, meta: metaFor(rows[0] ?? null, rules) };
  }

  /** The owner's basket row, of either kind, or 404. */
  async find(owner: BasketOwner, id: string): Promise<BasketRow> {
    const row = await findOwnedBasket(this.db, owner, id);
    if (!row) throw new DomainError('BASKET_NOT_FOUND', BASKET_GONE);
    return row;
  }

  /** A recipe-kit basket row as the API shows it. */
  viewOf(row: BasketRow): Promise<BasketView> {
    return this.view(row);
  }

  async get(owner: BasketOwner, id: string): Promise<BasketView> {
    const row = await findOwnedBasket(this.db, owner, id);
    if (!row) throw new DomainError('BASKET_NOT_FOUND', BASKET_GONE);
    return this.view(row);
  }

  /** The basket (its one-off fees are in its total) and the one-off fee a delivery pays. */
  async withOneOffFee(owner: BasketOwner, id: string): Promise<{ basket: Basket; feePerOrder: number }> {
    const [{ basket }, rules] = await Promise.all([this.get(owner, id), this.rules.get()]);
    return { basket, feePerOrder: rules.oneOffFee };
  }

  async create(
    owner: { visitorId: string; customerId: string | null },
    body: CreateBasketBody,
  ): Promise<BasketView & { created: boolean }> {
    const startSubscription = body.startSubscription ?? body.type === 'RecipeKitBasket';
    const { basket, created } = await createOrFindBasket(this.db, {
      visitorId: owner.visitorId,
      customerId: owner.customerId,
      type: body.type,
      startSubscription,
      // A recipe kit that starts no plan is a one-off box, which pays the one-off fee (decision 11).
      oneOffFeeApplicable: body.type === 'RecipeKitBasket' && !startSubscription,
      basketKey: newToken(),
    });
    return { ...(await this.view(basket)), created };
  }

  async update(owner: BasketOwner, id: string, body: UpdateBasketBody): Promise<BasketView> {
    const row = await this.db.transaction(async (tx) => {
      const basket = await findOwnedBasket(tx, owner, id, { lock: true });
      if (!basket) throw new DomainError('BASKET_NOT_FOUND', BASKET_GONE);
      if (body.deliveryDate && weekdayOf(body.deliveryDate as IsoDate) === 0) {
        throw new DomainError('VALIDATION_FAILED', 'We do not deliver on Sundays');
      }
      if (body.deliveryDate) {
        const ahead = daysBetween(londonDate(this.clock.now()), body.deliveryDate as IsoDate);
        if (ahead < 0 || ahead > DELIVERY_WINDOW_DAYS) {
          throw new DomainError(
            'VALIDATION_FAILED',
            `Choose a delivery date from today up to ${DELIVERY_WINDOW_DAYS} days ahead`,
          );
        }
      }
      const changesKind =
        body.startSubscription !== undefined && body.startSubscription !== basket.startSubscription;
      if (changesKind) await makeRoomForKind(tx, owner, basket, body.startSubscription!);
      const [updated] = await tx
        .update(baskets)
        .set({
          ...(body.deliveryDate !== undefined ? { deliveryDate: body.deliveryDate } : {}),
          ...(body.frequency !== undefined ? { frequency: body.frequency } : {}),
          ...(body.deliveryNote !== undefined ? { deliveryNote: body.deliveryNote?.trim() || null } : {}),
          ...(body.startSubscription !== undefined ? { startSubscription: body.startSubscription } : {}),
          // A basket that becomes a one-off box pays its fee, one that starts a plan does not, unless told.
          ...(body.oneOffFeeApplicable !== undefined
            ? { oneOffFeeApplicable: body.oneOffFeeApplicable }
            : changesKind
              ? { oneOffFeeApplicable: !body.startSubscription }
              : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(baskets.id, basket.id))
        .returning();
      if (body.startSubscription === true && !basket.startSubscription) {
        await assertPlanCanTake(tx, basket.id, this.clock.now());
      }
      return updated!;
    });
    return this.view(row);
  }

  async remove(owner: BasketOwner, id: string): Promise<void> {
    const mine = ownedBy(owner);
    const deleted = mine
      ? await this.db
          .delete(baskets)
          .where(and(eq(baskets.id, id), mine))
          .returning({ id: baskets.id })
      : [];
    if (deleted.length === 0) throw new DomainError('BASKET_NOT_FOUND', BASKET_GONE);
  }

  async removeByType(owner: BasketOwner, type: BasketType): Promise<number> {
    const mine = ownedBy(owner);
    if (!mine) return 0;
    const deleted = await this.db
      .delete(baskets)
      .where(and(mine, eq(baskets.type, type)))
      .returning({ id: baskets.id });
    return deleted.length;
  }

  /**
   * Adds to the line for that dish and week (creating it), never above stock, in one statement (see
   * `prepareBasketWrites`: ownership, the dish's facts and stock, and the add). When nothing was added, the
   * facts it answered say why, checked in the order the spec gives them.
   */
  async addItem(owner: BasketOwner, id: string, body: AddBasketItemBody): Promise<BasketView> {
    const now = this.clock.now();
    const mealWeek = body.mealWeek as IsoDate;
    let outcome;
    try {
      outcome = await this.writes.add({
        owner,
        basketId: id,
        variantRef: body.productVariantId,
        mealWeek,
        quantity: body.quantity,
        // A plan's week closes at its cutoff; a one-off box's stays open while one of its days can come next
        // day (docs/decisions/0011).
        planWeekOpen: isWeekOrderable(mealWeek, now, orderKindOf(true)),
        oneOffWeekOpen: isWeekOrderable(mealWeek, now, orderKindOf(false)),
      });
    } catch (error) {
      // The basket was deleted between finding it and adding to it.
      if (isForeignKeyViolation(error)) throw new DomainError('BASKET_NOT_FOUND', BASKET_GONE);
      throw error;
    }
    const { basket, variant, quantity, lines, hasVoucher } = outcome;
    if (!basket) throw new DomainError('BASKET_NOT_FOUND', BASKET_GONE);
    if (basket.type !== 'RecipeKitBasket') {
      throw new DomainError(
        'BASKET_INVALID',
        'This is a takeaway basket: add its dishes with POST /baskets/{id}/takeaway_items',
      );
    }
    const refusal = variant ? addRefusal(variant, mealWeek, now, basket.startSubscription) : null;
    if (!variant || refusal) {
      if (quantity !== null) throw new Error('basket add: the statement added what the menu rules refuse');
      throw refusal ?? new DomainError('PRODUCT_VARIANT_NOT_FOUND', 'That dish is no longer on our menu');
    }
    if (quantity === null) throw tooMany(variant.productTitle, variant.quantityAvailable);
    // The statement gave back the lines as the add left them; the voucher is read only when there is one.
    const [rules, voucher] = await Promise.all([
      this.rules.get(),
      hasVoucher ? this.appliedVoucher(basket.id) : null,
    ]);
    return { basket: toBasket(basket, lines, rules, now, voucher), meta: metaFor(basket, rules) };
  }

  /** Sets a line's quantity; 0 removes it. */
  async updateItem(owner: BasketOwner, id: string, itemId: string, quantity: number): Promise<BasketView> {
    const row = await this.db.transaction(async (tx) => {
      const basket = await lockOwnedBasket(tx, owner, id);
      if (!basket) throw new DomainError('BASKET_NOT_FOUND', BASKET_GONE);
      const item = await findItem(tx, basket.id, itemId);
      if (!item) throw new DomainError('BASKET_ITEM_NOT_FOUND', 'That item is no longer in your basket');
      if (quantity === 0) {
        await tx.delete(basketItems).where(eq(basketItems.id, item.id));
      } else {
        // Lowering a quantity is always allowed, even when stock has since fallen below it.
        if (quantity > item.quantity) {
          if (item.isDouble && !offersDoublePortion(item)) {
            throw new DomainError(
              'PRODUCT_VARIANT_NOT_FOUND',
              `${item.title} comes in one size: add the regular portion`,
            );
          }
          assertInStock(item.title, quantity, item.quantityAvailable);
        }
        await tx
          .update(basketItems)
          .set({ quantity, updatedAt: sql`now()` })
          .where(eq(basketItems.id, item.id));
      }
      return basket;
    });
    return this.view(row);
  }

  async removeItem(owner: BasketOwner, id: string, itemId: string): Promise<BasketView> {
    return this.updateItem(owner, id, itemId, 0);
  }

  /** Removes several lines at once: all of them or, if any is not in this basket, none. */
  async removeItems(owner: BasketOwner, id: string, body: DeleteBasketItemsBody): Promise<BasketView> {
    const ids = [...new Set(body.ids)];
    const row = await this.db.transaction(async (tx) => {
      const basket = await lockOwnedBasket(tx, owner, id);
      if (!basket) throw new DomainError('BASKET_NOT_FOUND', BASKET_GONE);
      const deleted = await tx
        .delete(basketItems)
        .where(and(eq(basketItems.basketId, basket.id), inArray(basketItems.id, ids)))
        .returning({ id: basketItems.id });
      if (deleted.length !== ids.length) {
        // Roll the whole change back: nothing is removed when one id is wrong.
        throw new DomainError('BASKET_ITEM_NOT_FOUND', 'Some of those items are not in your basket');
      }
      return basket;
    });
    return this.view(row);
  }

  /**
   * Week validity (spec §5). `fully` also checks what can change after adding: stock and the cutoff.
   */
  async validate(owner: BasketOwner, id: string, fully: boolean): Promise<BasketProblem[]> {
    const { basket } = await this.get(owner, id);
    const rules = await this.rules.get();
    // Spec §5: the minimums compare the spend before a basket-wide discount, after a product-specific one.
    const discounted =
      !basket.voucher?.state.valid || discountCountsTowardsMinimum(voucherKind(basket.voucher));
    const problems: BasketProblem[] = basketProblems(
      basketTotals(toDomainLines(basket.items, discounted), weekDayOf(basket.deliveryDate), rules),
      rules,
    );
    if (fully) {
      const lines = basket.items.map((item) => ({ ...item, mealWeek: item.mealWeek as IsoDate }));
      problems.push(...availabilityProblems(lines, this.clock.now(), orderKindOf(basket.startSubscription)));
    }
    return problems;
  }

  /** At sign-in, the visitor's baskets join the customer's (basket-claims.ts). */
  claimForCustomer(tx: DbOrTx, visitorId: string, customerId: string): Promise<void> {
    return claimBaskets(tx, visitorId, customerId);
  }

  private async view(row: BasketRow): Promise<BasketView> {
    const [rules, lines, voucher] = await Promise.all([
      this.rules.get(),
      this.basketLines(row.id),
      this.appliedVoucher(row.id),
    ]);
    return { basket: toBasket(row, lines, rules, this.clock.now(), voucher), meta: metaFor(row, rules) };
  }
}
