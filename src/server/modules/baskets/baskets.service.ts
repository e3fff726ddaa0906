import { and, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import {
  availabilityProblems,
  basketProblems,
  BASKET_TYPES,
  MAX_LINE_QUANTITY,
  basketTotals,
  type BasketProblem,
  type BasketType,
} from '../../../domain/basket';
import { daysBetween, isIsoDate, londonDate, weekdayOf, type IsoDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { isVisibleOnMenu, offersDoublePortion } from '../../../domain/menu';
import { DELIVERY_WINDOW_DAYS, isWeekOrderable, orderKindOf, weekLabel } from '../../../domain/menu-weeks';
import { pence } from '../../../domain/money';
import type {
  AddBasketItemBody,
  Basket,
  BasketMeta,
  CreateBasketBody,
  DeleteBasketItemsBody,
  UpdateBasketBody,
} from '../../../contracts/baskets';
import { priceBasketItems, summariseBasket, type VoucherOnBasket } from '../../../contracts/basket-summary';
import { discountCountsTowardsMinimum } from '../../../domain/vouchers';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { basketItems, baskets, visitors } from '../../db/schema/baskets';
import { newToken } from '../../http/tokens';
import type { BasketOwner } from '../../http/basket-owner';
import { prepareFindVariant } from '../menu';
import type { ShopRules, ShopRulesCache } from '../shop';
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

// Basket use cases (spec §3 Basket, §4 Baskets, §5, §7 Baskets). Each change runs in one transaction that
// locks the basket row, so two tabs or a double click cannot interleave a read-check-write.

/** Spec §5: "Updating a basket when none exists fails with …". Also what another visitor's id gets. */
export const BASKET_GONE = 'Has error and basket is destroyed';

/** A paid checkout's basket is done with (in the payment's transaction; the basket is locked already). */
export async function deleteBasket(tx: DbOrTx, basketId: string | null): Promise<void> {
  if (basketId) await tx.delete(baskets).where(eq(baskets.id, basketId));
}

export interface BasketView {
  basket: Basket;
  meta: BasketMeta;
}

export class BasketService {
  private readonly basketLines: (basketId: string) => Promise<LineRow[]>;
  private readonly writes: BasketWrites;
  private readonly findVariant: ReturnType<typeof prepareFindVariant>;
  private readonly appliedVoucher: ReturnType<typeof prepareAppliedVoucher>;

  constructor(
    private readonly db: Db,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
  ) {
    this.basketLines = prepareBasketLines(db);
    this.writes = prepareBasketWrites(db);
    this.findVariant = prepareFindVariant(db);
    this.appliedVoucher = prepareAppliedVoucher(db);
  }

  async list(owner: BasketOwner): Promise<{ baskets: Basket[]; meta: BasketMeta }> {
    const rules = await this.rules.get();
    const rows = await listOwnedBaskets(this.db, owner);
    const ids = rows.map((row) => row.id);
    const [lines, vouchers] = await Promise.all([readLines(this.db, ids), loadAppliedVouchers(this.db, ids)]);
    const now = this.clock.now();
    return {
      baskets: rows.map((row) =>
        toBasket(
          row,
          lines.filter((line) => line.basketId === row.id),
          rules,
          now,
          vouchers.get(row.id) ?? null,
        ),
      ),
      meta: metaFor(rows[0] ?? null, rules),
    };
  }

  async get(owner: BasketOwner, id: string): Promise<BasketView> {
    const row = await findOwnedBasket(this.db, owner, id);
    if (!row) throw new DomainError('BASKET_NOT_FOUND', BASKET_GONE);
    return this.view(row);
  }

  async create(
    owner: { visitorId: string; customerId: string | null },
    body: CreateBasketBody,
  ): Promise<BasketView & { created: boolean }> {
    const { basket, created } = await createOrFindBasket(this.db, {
      visitorId: owner.visitorId,
      customerId: owner.customerId,
      type: body.type,
      startSubscription: body.startSubscription ?? body.type === 'RecipeKitBasket',
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
      const [updated] = await tx
        .update(baskets)
        .set({
          ...(body.deliveryDate !== undefined ? { deliveryDate: body.deliveryDate } : {}),
          ...(body.frequency !== undefined ? { frequency: body.frequency } : {}),
          ...(body.deliveryNote !== undefined ? { deliveryNote: body.deliveryNote?.trim() || null } : {}),
          ...(body.startSubscription !== undefined ? { startSubscription: body.startSubscription } : {}),
          ...(body.oneOffFeeApplicable !== undefined
            ? { oneOffFeeApplicable: body.oneOffFeeApplicable }
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
   * Adds to the line for that dish and week (creating it), never above stock. No transaction is needed:
   * the add is one atomic upsert that checks the limit itself, so two tabs or a double click cannot take a
   * line past its stock; a basket deleted in between makes the insert fail its foreign key. The one write
   * is the one commit (the line's own updated_at records it).
   */
  async addItem(owner: BasketOwner, id: string, body: AddBasketItemBody): Promise<BasketView> {
    const now = this.clock.now();
    const mealWeek = body.mealWeek as IsoDate;
    const basket = await this.writes.findOwned(owner, id);
    if (!basket) throw new DomainError('BASKET_NOT_FOUND', BASKET_GONE);
    const variant = await this.findVariant(body.productVariantId, mealWeek);
    // Spec §5: hidden dishes, gift boxes and unlisted bundles are not on the menu, so not orderable here.
    if (!variant || !isOnMenu(variant)) {
      throw new DomainError('PRODUCT_VARIANT_NOT_FOUND', 'That dish is no longer on our menu');
    }
    // Only main dishes come as a double portion; one left in the catalogue for a side or dessert is refused.
    if (variant.isDouble && !offersDoublePortion(variant)) {
      throw new DomainError(
        'PRODUCT_VARIANT_NOT_FOUND',
        `${variant.productTitle} comes in one size: add the regular portion`,
      );
    }
    // A plan's week closes at its cutoff; a one-off box's stays open while one of its days can come next
    // day (docs/decisions/0011).
    if (!isWeekOrderable(mealWeek, now, orderKindOf(basket.startSubscription))) {
      throw new DomainError(
        'WEEK_UNAVAILABLE',
        `Orders for ${weekLabel(mealWeek)} have closed. Please choose a later week.`,
        { mealWeek },
      );
    }
    if (!variant.onWeekMenu) {
      throw new DomainError(
        'WEEK_UNAVAILABLE',
        `${variant.productTitle} is not on the menu for ${weekLabel(mealWeek)}`,
        {
          mealWeek,
        },
      );
    }
    const limit = Math.min(variant.quantityAvailable, MAX_LINE_QUANTITY);
    let line;
    try {
      line = await this.writes.addToLine(
        { basketId: basket.id, productVariantId: variant.id, mealWeek, quantity: body.quantity },
        limit,
      );
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new DomainError('BASKET_NOT_FOUND', BASKET_GONE);
      throw error;
    }
    if (!line) throw tooMany(variant.productTitle, variant.quantityAvailable);
    return this.view(basket);
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

  /**
   * At sign-in, the visitor's baskets join the customer's: this browser's basket of a type keeps its id and
   * takes in the lines of the customer's baskets of that type on other devices (adding quantities, at most
   * 99 a line), which are then deleted; with no basket here, the customer's most recent one moves to this
   * browser. One basket of each type per customer afterwards.
   */
  async claimForCustomer(tx: DbOrTx, visitorId: string, customerId: string): Promise<void> {
    // A basket another customer left in this browser (a shared computer, a session that ran out) stays
    // theirs: it moves off this browser to a holder no cookie carries, and follows them at their next sign-in.
    const [parked] = await tx
      .select({ id: baskets.id })
      .from(baskets)
      .where(
        and(
          eq(baskets.visitorId, visitorId),
          isNotNull(baskets.customerId),
          ne(baskets.customerId, customerId),
        ),
      )
      .limit(1);
    if (parked) {
      const [holder] = await tx
        .insert(visitors)
        .values({ tokenHash: `parked:${newToken()}` })
        .returning({ id: visitors.id });
      await tx
        .update(baskets)
        .set({ visitorId: holder!.id })
        .where(
          and(
            eq(baskets.visitorId, visitorId),
            isNotNull(baskets.customerId),
            ne(baskets.customerId, customerId),
          ),
        );
    }
    const rows = await tx
      .select()
      .from(baskets)
      .where(
        or(
          and(
            eq(baskets.visitorId, visitorId),
            or(isNull(baskets.customerId), eq(baskets.customerId, customerId)),
          ),
          eq(baskets.customerId, customerId),
        ),
      )
      .orderBy(desc(baskets.updatedAt))
      .for('update');
    for (const type of BASKET_TYPES) {
      const ofType = rows.filter((row) => row.type === type);
      if (ofType.length === 0) continue;
      const keep = ofType.find((row) => row.visitorId === visitorId) ?? ofType[0]!;
      const others = ofType.filter((row) => row.id !== keep.id);
      if (others.length > 0) {
        const otherIds = others.map((row) => row.id);
        await tx.execute(sql`
          insert into ${basketItems} (basket_id, product_variant_id, meal_week, quantity)
          select ${keep.id}, product_variant_id, meal_week, least(sum(quantity), ${MAX_LINE_QUANTITY})
          from ${basketItems} where basket_id in ${otherIds}
          group by product_variant_id, meal_week
          on conflict (basket_id, meal_week, product_variant_id)
          do update set quantity = least(${basketItems.quantity} + excluded.quantity, ${MAX_LINE_QUANTITY}),
                        updated_at = now()`);
        await tx.delete(baskets).where(inArray(baskets.id, otherIds));
      }
      await tx
        .update(baskets)
        .set({ visitorId, customerId, updatedAt: sql`now()` })
        .where(eq(baskets.id, keep.id));
    }
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

function isOnMenu(variant: {
  productId: number;
  tags: string[];
  productType: string;
  listedBundle: boolean;
}) {
  const id = String(variant.productId);
  return isVisibleOnMenu(
    { id, tags: variant.tags, productType: variant.productType },
    new Set(variant.listedBundle ? [id] : []),
  );
}

function assertInStock(title: string, quantity: number, available: number) {
  if (quantity > available) throw tooMany(title, available);
}

/** More than we have, or more than one line may hold. */
function tooMany(title: string, available: number): DomainError {
  if (available > MAX_LINE_QUANTITY) {
    return new DomainError(
      'OUT_OF_STOCK',
      `You can have up to ${MAX_LINE_QUANTITY} of ${title} in one delivery`,
      {
        quantityAvailable: MAX_LINE_QUANTITY,
      },
    );
  }
  return new DomainError(
    'OUT_OF_STOCK',
    available === 0 ? `Sorry, ${title} has sold out` : `Sorry, we only have ${available} of ${title} left`,
    { quantityAvailable: available },
  );
}

/**
 * A one-off basket may hold dishes of a week only a one-off box can still reach (next-day delivery); it
 * cannot become a plan's first box then. Refused with the week, so the customer knows what to change.
 */
async function assertPlanCanTake(tx: DbOrTx, basketId: string, now: Date): Promise<void> {
  const weeks = await tx
    .selectDistinct({ mealWeek: basketItems.mealWeek })
    .from(basketItems)
    .where(eq(basketItems.basketId, basketId));
  const closed = weeks
    .map((week) => week.mealWeek as IsoDate)
    .sort()
    .find((week) => !isWeekOrderable(week, now, 'plan'));
  if (closed) {
    throw new DomainError(
      'WEEK_UNAVAILABLE',
      `Plan orders for ${weekLabel(closed)} have closed, so those dishes can only come as a one-off box. ` +
        'Order them as a one-off box, or remove them to start your plan from a later week.',
      { mealWeek: closed },
    );
  }
}

/** PostgreSQL's foreign_key_violation, from either driver. */
function isForeignKeyViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (
    let e: unknown = error;
    e && typeof e === 'object' && !seen.has(e);
    e = (e as { cause?: unknown }).cause
  ) {
    seen.add(e);
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

function weekDayOf(deliveryDate: string | null): number | null {
  return deliveryDate && isIsoDate(deliveryDate) ? weekdayOf(deliveryDate) : null;
}

function toDomainLines(
  items: readonly { mealWeek: string; price: number; quantity: number; discount: number }[],
  withDiscount: boolean,
) {
  return items.map((item) => ({
    mealWeek: item.mealWeek as IsoDate,
    unitPrice: pence(item.price),
    quantity: item.quantity,
    discount: pence(withDiscount ? item.discount : 0),
  }));
}

function voucherKind(voucher: NonNullable<Basket['voucher']>) {
  return {
    type: voucher.type === 'AddonVoucher' ? ('AddonVoucher' as const) : ('DiscountVoucher' as const),
    productVariantIds: voucher.productVariantIds.map(Number),
  };
}

function metaFor(row: BasketRow | null, rules: ShopRules): BasketMeta {
  return {
    minimumSpend: rules.minimumSpend,
    minimumSpendPerOrder: rules.minimumSpendPerOrder,
    // A plan bills weekly, so it needs a card on file even when the first box is paid with credit.
    requestCard: row?.startSubscription ?? false,
  };
}

/**
 * The basket as the API shows it: its items with the voucher's discounts (and an AddonVoucher's free lines),
 * totals, weeks and the voucher with its state.
 */
export function toBasket(
  row: BasketRow,
  lines: readonly LineRow[],
  rules: ShopRules,
  now: Date,
  applied: VoucherOnBasket | null,
): Basket {
  const listed = lines.map((line) => ({
    id: line.id,
    title: line.title,
    variantTitle: line.variantTitle,
    sku: line.sku,
    quantity: line.quantity,
    price: line.pricePence,
    discount: 0,
    total: line.pricePence * line.quantity,
    imageUrl: line.imageUrl,
    isAddon: false,
    isDouble: line.isDouble,
    mealWeek: line.mealWeek,
    tags: line.tags,
    productVariantId: String(line.variantId),
    productVariantExtId: line.variantExtId,
    productId: String(line.productId),
    productExtId: line.productExtId,
    quantityAvailable: line.quantityAvailable,
  }));
  const { items, voucher } = priceBasketItems(listed, applied, londonDate(now));
  return {
    id: row.id,
    type: row.type,
    basketKey: row.basketKey,
    startSubscription: row.startSubscription,
    deliveryDate: row.deliveryDate,
    frequency: row.frequency,
    deliveryNote: row.deliveryNote,
    oneOffFeeApplicable: row.oneOffFeeApplicable,
    voucherCode: applied?.terms.code ?? null,
    voucher,
    ...summariseBasket(
      items,
      row.deliveryDate,
      rules,
      now,
      applied?.terms ?? null,
      orderKindOf(row.startSubscription),
    ),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    items,
  };
}
