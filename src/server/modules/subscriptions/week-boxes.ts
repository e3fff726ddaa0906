import { eq } from 'drizzle-orm';
import { basketProblems, basketTotals } from '../../../domain/basket';
import { orderLineFromBasketLine, type OrderLine } from '../../../domain/basket-summary';
import { addWeeks, weekdayOf, type IsoDate } from '../../../domain/calendar';
import { chefSelection, type ChefPick, type DietaryFlags } from '../../../domain/chef-selection';
import { DomainError } from '../../../domain/errors';
import { pence } from '../../../domain/money';
import { MIN_RECIPES } from '../../../domain/plans';
import { applyVoucher, type VoucherTerms } from '../../../domain/vouchers';
import type { DbOrTx } from '../../db/client';
import { scheduleWeeks, subscriptionIngredientPreferences } from '../../db/schema/subscriptions';
import { productIdsOfVariants, weekMenu, type WeekMenuDish } from '../menu';
import {
  orderLinesOf,
  placeOrders,
  planDishVariants,
  rewriteOrder,
  type Mover,
  type OrderDraft,
  type OrderRewrite,
} from '../orders';
import type { ShopRules } from '../shop';
import type { ScheduleWeekRow, SubscriptionRow } from './plan-store';

// A plan's weekly box (issue 12; docs/decisions/0021): the dishes (the chef's selection, or the customer's
// own), priced as the checkout prices a basket's week (the delivery day's fee, the minimum per order, the
// voucher on the box), written as an order of its own in a checkout of kind `plan_week`, and billed at the
// week's cutoff. Until then it is `created` (or `skipped`) and can change; it holds no stock until billed.

export interface BoxChoice {
  variantId: number;
  quantity: number;
}

export interface PricedBox extends OrderRewrite {
  lines: OrderLine[];
}

/** A box's voucher as pricing needs it. */
export type BoxVoucher = VoucherTerms & { id: string };

/**
 * Prices a box from the week's menu. Refuses a dish that is not on the week's menu (PRODUCT_VARIANT_NOT_FOUND)
 * and, when `requireMinimum`, a box under the minimum per order (WEEK_BELOW_MINIMUM). A voucher that does
 * not apply is refused (VOUCHER_INVALID) when `voucherMustApply`, otherwise left off.
 */
export function priceBox(
  menu: readonly WeekMenuDish[],
  choice: readonly BoxChoice[],
  context: {
    weekStart: IsoDate;
    deliveryDate: IsoDate;
    rules: ShopRules;
    voucher: BoxVoucher | null;
    today: string;
    requireMinimum?: boolean;
    voucherMustApply?: boolean;
  },
): PricedBox {
  const variants = new Map(
    menu.flatMap((dish) => dish.variants.map((variant) => [variant.variantId, { dish, variant }] as const)),
  );
  const quantities = new Map<number, number>();
  for (const { variantId, quantity } of choice) {
    if (!variants.has(variantId)) {
      throw new DomainError('PRODUCT_VARIANT_NOT_FOUND', 'That dish is not on this week’s menu', {
        productVariantId: String(variantId),
      });
    }
    quantities.set(variantId, (quantities.get(variantId) ?? 0) + quantity);
  }
  const rows = [...quantities.entries()].map(([variantId, quantity]) => {
    const { dish, variant } = variants.get(variantId)!;
    return {
      key: String(variantId),
      productVariantId: variantId,
      productVariantExtId: variant.extId,
      title: dish.title,
      variantTitle: variant.title,
      sku: variant.sku,
      imageUrl: dish.imageUrl,
      tags: dish.tags,
      price: variant.price,
      quantity,
      quantityAvailable: variant.quantityAvailable,
      isAddon: false,
    };
  });
  let voucher = context.voucher;
  let discounts = new Map<string, number>();
  if (voucher) {
    const applied = applyVoucher(
      [
        {
          mealWeek: context.weekStart,
          lines: rows.map((row) => ({
            key: row.key,
            productVariantId: row.productVariantId,
            unitPrice: row.price,
            quantity: row.quantity,
          })),
        },
      ],
      voucher.type === 'AddonVoucher' ? null : voucher,
      { today: context.today, usageProblem: null, addon: null },
    );
    if (voucher.type === 'AddonVoucher' || !applied.state.valid) {
      if (context.voucherMustApply) {
        throw new DomainError(
          'VOUCHER_INVALID',
          voucher.type === 'AddonVoucher'
            ? 'This code adds a free dish and can only be used at checkout'
            : applied.state.message || 'Voucher invalid',
        );
      }
      voucher = null;
    } else {
      discounts = new Map(
        applied.pricing.weeks.flatMap((week) => week.lines.map((line) => [line.key, line.discount])),
      );
    }
  }
  const totals = basketTotals(
    rows.map((row) => ({
      mealWeek: context.weekStart,
      unitPrice: pence(row.price),
      quantity: row.quantity,
      discount: pence(discounts.get(row.key) ?? 0),
    })),
    weekdayOf(context.deliveryDate),
    context.rules,
  );
  if (context.requireMinimum) {
    const problem = basketProblems(totals, context.rules)[0];
    if (problem) throw new DomainError(problem.code, problem.message);
  }
  const week = totals.weeks[0];
  const lines = rows.map((row) => orderLineFromBasketLine(row, discounts.get(row.key) ?? 0));
  return {
    lines,
    subtotal: week?.lineItemsPrice ?? 0,
    discount: week?.discount ?? 0,
    shippingPrice: week?.price ?? 0,
    total: (week?.subtotal ?? 0) + (week?.price ?? 0),
    voucherId: voucher?.id ?? null,
  };
}

/** The ingredients a plan avoids. */
export async function avoidedIngredients(db: DbOrTx, subscriptionId: string): Promise<string[]> {
  const rows = await db
    .select({ id: subscriptionIngredientPreferences.ingredientId })
    .from(subscriptionIngredientPreferences)
    .where(eq(subscriptionIngredientPreferences.subscriptionId, subscriptionId));
  return rows.map((row) => row.id);
}

/** The dishes of the plan's two boxes before `weekStart`: the chef avoids repeating them. */
async function recentDishes(db: DbOrTx, subscriptionId: string, weekStart: IsoDate): Promise<number[]> {
  const variants = await planDishVariants(db, subscriptionId, addWeeks(weekStart, -2), weekStart);
  return variants.length > 0 ? [...new Set(await productIdsOfVariants(db, variants))] : [];
}

/**
 * What spreads the chef's picks for a plan's week: its customer, its first delivery and the week, all known
 * before the plan is made, so the checkout can say what the next box will cost (issue 19 item 6).
 */
export const chefSeed = (
  plan: Pick<SubscriptionRow, 'customerId' | 'firstDelivery'>,
  weekStart: IsoDate,
): string => `${plan.customerId}:${plan.firstDelivery}:${weekStart}`;

/** The chef's picks for a plan's week from its menu. */
export async function chefPicks(
  db: DbOrTx,
  plan: SubscriptionRow,
  weekStart: IsoDate,
  menu: readonly WeekMenuDish[],
): Promise<ChefPick[]> {
  return chefSelection(menu, {
    dietary: plan.dietary as DietaryFlags,
    avoid: await avoidedIngredients(db, plan.id),
    numberOfRecipes: Math.max(MIN_RECIPES, plan.numberOfRecipes),
    numberOfCocktails: plan.numberOfCocktails,
    recent: await recentDishes(db, plan.id, weekStart),
    seed: chefSeed(plan, weekStart),
  });
}

/** The box as it stands: its lines as choices (to price it again on another day or with a voucher). */
export async function boxChoice(db: DbOrTx, orderId: string): Promise<BoxChoice[]> {
  const rows = await orderLinesOf(db, [orderId], { dishesOnly: true });
  return rows.flatMap((row) =>
    row.productVariantId === null ? [] : [{ variantId: row.productVariantId, quantity: row.quantity }],
  );
}

/**
 * Makes a week's box: the chef's selection priced for the week's day, placed as an order of its own (kind
 * `plan_week`), `skipped` from the start when the week or the plan is not taking boxes. Nothing is made when
 * the week's menu is not published or no dish suits the plan (the week shows that; nothing is charged).
 */
export async function makeBox(
  tx: DbOrTx,
  plan: SubscriptionRow,
  week: ScheduleWeekRow,
  context: { rules: ShopRules; today: string; by: Mover; menu?: readonly WeekMenuDish[] },
): Promise<string | null> {
  const weekStart = week.startDate as IsoDate;
  const menu = context.menu ?? (await weekMenu(tx, weekStart));
  if (menu.length === 0 || !plan.shippingAddress) return null;
  const picks = await chefPicks(tx, plan, weekStart, menu);
  if (picks.length === 0) return null;
  const priced = priceBox(menu, picks, {
    weekStart,
    deliveryDate: week.deliveryDate as IsoDate,
    rules: context.rules,
    voucher: null,
    today: context.today,
  });
  const draft: OrderDraft = {
    mealWeek: weekStart,
    deliveryDate: week.deliveryDate as IsoDate,
    deliveryNote: plan.deliveryNote,
    shippingAddress: plan.shippingAddress,
    billingAddress: plan.billingAddress,
    voucherId: null,
    voucherCode: null,
    subtotal: priced.subtotal,
    discount: priced.discount,
    shippingPrice: priced.shippingPrice,
    total: priced.total,
    lines: priced.lines,
  };
  const { orderIds } = await placeOrders(
    tx,
    {
      customerId: plan.customerId,
      kind: 'plan_week',
      basketId: null,
      basketVersion: null,
      voucherId: null,
      subscriptionId: plan.id,
      total: priced.total,
    },
    [draft],
    'subscription',
    context.by,
  );
  const orderId = orderIds[0]!;
  await tx.update(scheduleWeeks).set({ orderId }).where(eq(scheduleWeeks.id, week.id));
  return orderId;
}

/** Prices a box again (new dishes, day or voucher) and writes it. */
export async function rewriteBox(
  tx: DbOrTx,
  order: { id: string; checkoutId: string },
  priced: PricedBox,
  at: Date,
): Promise<void> {
  await rewriteOrder(tx, order, priced, at);
}
