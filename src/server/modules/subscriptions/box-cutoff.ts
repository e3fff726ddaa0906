import { and, asc, eq } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors';
import type { IsoDate } from '../../../domain/calendar';
import type { DbOrTx } from '../../db/client';
import { orderLineItems } from '../../db/schema/orders';
import type { WeekMenuDish } from '../menu';
import { moveCheckoutOrders, type Mover, type OrderRow } from '../orders';
import type { ShopRules } from '../shop';
import { redeemVoucher } from '../vouchers';
import type { ScheduleWeekRow, SubscriptionRow } from './plan-store';
import { chefPicks, priceBox, rewriteBox, type BoxChoice, type PricedBox } from './week-boxes';
import { boxVoucher } from './week-changes';

// A box at its week's cutoff (issue 12 part 2): priced again with the menu's prices now, its dishes' stock
// taken (a dish sold out is replaced by the chef's pick of what is in stock), its voucher redeemed (billed
// without it when it no longer applies), and `billed`. One transaction, with the box's checkout and plan
// locked by the caller; the charge comes after it commits. Most boxes change nothing and cost a handful of
// statements: the lines are rewritten only when the price or the dishes changed.

export interface ClosedBox {
  /** What the customer should know about changes made at the cutoff (in the charged email). */
  notes: string[];
  /**
   * The stock the box takes: the caller takes it (`takeStock`) as the transaction's last statement, so the
   * dishes' rows, which every box of the week updates, are held for as short a time as possible.
   */
  stock: { productVariantId: number; quantity: number; title: string }[];
}

/** Each variant on the menu with the stock the menu read. */
function stockOf(menu: readonly WeekMenuDish[]): Map<number, number> {
  return new Map(
    menu.flatMap((dish) => dish.variants.map((v) => [v.variantId, v.quantityAvailable] as const)),
  );
}

/**
 * The dishes to send: those of the box still on the menu and in stock, and for the rest the chef's pick
 * of what is in stock (never a dish already in the box). Names what was replaced.
 */
async function sendable(
  tx: DbOrTx,
  plan: SubscriptionRow,
  weekStart: IsoDate,
  menu: readonly WeekMenuDish[],
  choice: readonly BoxChoice[],
): Promise<{ choice: BoxChoice[]; replaced: string[] }> {
  const stock = stockOf(menu);
  const titles = new Map(
    menu.flatMap((dish) => dish.variants.map((v) => [v.variantId, dish.title] as const)),
  );
  const kept: BoxChoice[] = [];
  let missing = 0;
  const replaced: string[] = [];
  for (const line of choice) {
    const left = stock.get(line.variantId);
    if (left !== undefined && left >= line.quantity) {
      kept.push(line);
      stock.set(line.variantId, left - line.quantity);
    } else {
      missing += line.quantity;
      replaced.push(titles.get(line.variantId) ?? 'A dish');
    }
  }
  if (missing === 0) return { choice: kept, replaced };
  const keptIds = new Set(kept.map((line) => line.variantId));
  const keptDishes = new Set(
    menu.filter((dish) => dish.variants.some((v) => keptIds.has(v.variantId))).map((d) => d.productId),
  );
  const rest = menu
    .filter((dish) => !keptDishes.has(dish.productId))
    .map((dish) => ({
      ...dish,
      variants: dish.variants.map((v) => ({ ...v, quantityAvailable: stock.get(v.variantId) ?? 0 })),
    }));
  const picks = await chefPicks(tx, plan, weekStart, rest);
  for (const pick of picks) {
    if (missing === 0) break;
    const quantity = Math.min(pick.quantity, missing);
    kept.push({ variantId: pick.variantId, quantity });
    missing -= quantity;
  }
  return { choice: kept, replaced };
}

type StoredLine = { variantId: number | null; price: number; quantity: number; discount: number };

/** Whether pricing again changed nothing of the box's lines (then they are not written again). */
const sameLines = (stored: readonly StoredLine[], priced: PricedBox) =>
  stored.length === priced.lines.length &&
  priced.lines.every((line, i) => {
    const old = stored[i]!;
    return (
      old.variantId === line.productVariantId &&
      old.price === line.price &&
      old.quantity === line.quantity &&
      old.discount === line.discount
    );
  });

/**
 * Closes a box at its cutoff and bills it. Answers null when nothing of it can be sent (every dish sold
 * out and nothing in stock suits the plan): the caller tells the customer and charges nothing. Throws
 * OUT_OF_STOCK when another box took the last portions between reading the menu and taking them: the
 * caller rolls back and tries again with the menu read afresh.
 */
export async function closeBox(
  tx: DbOrTx,
  plan: SubscriptionRow,
  week: ScheduleWeekRow,
  box: OrderRow,
  context: { rules: ShopRules; today: string; by: Mover; menu: readonly WeekMenuDish[] },
): Promise<ClosedBox | null> {
  const weekStart = week.startDate as IsoDate;
  const lines = await linesOf(tx, box.id);
  const current = lines.flatMap((line) =>
    line.variantId === null ? [] : [{ variantId: line.variantId, quantity: line.quantity }],
  );
  const { choice, replaced } = await sendable(tx, plan, weekStart, context.menu, current);
  if (choice.length === 0) return null;
  const notes: string[] = [];
  if (replaced.length > 0) {
    notes.push(
      `${replaced.join(', ')} sold out before we could make your box, so the chef chose ${replaced.length > 1 ? 'replacements' : 'a replacement'} from what is in stock.`,
    );
  }
  const voucher = await boxVoucher(tx, box.voucherId);
  const price = (withVoucher: boolean) =>
    priceBox(context.menu, choice, {
      weekStart,
      deliveryDate: box.deliveryDate as IsoDate,
      rules: context.rules,
      voucher: withVoucher ? voucher : null,
      today: context.today,
    });
  let priced = price(true);
  if (voucher && priced.voucherId) {
    try {
      await tx.transaction((savepoint) =>
        redeemVoucher(savepoint, {
          voucherId: voucher.id,
          customerId: box.customerId,
          checkoutId: box.checkoutId,
          amount: priced.discount,
          today: context.today,
        }),
      );
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'VOUCHER_INVALID') throw error;
      priced = price(false);
    }
  }
  if (voucher && !priced.voucherId) {
    notes.push(`The code ${voucher.code} no longer applies to this box, so it was charged without it.`);
  }
  if (priced.total !== box.total || priced.voucherId !== box.voucherId || !sameLines(lines, priced)) {
    await rewriteBox(tx, box, priced, context.by.at);
  }
  await moveCheckoutOrders(tx, box.checkoutId, 'billed', context.by, ['created']);
  return {
    notes,
    stock: priced.lines.flatMap((line) =>
      line.productVariantId === null
        ? []
        : [{ productVariantId: line.productVariantId, quantity: line.quantity, title: line.title }],
    ),
  };
}

/** The box's lines as they stand (dishes only), in their order. */
async function linesOf(tx: DbOrTx, orderId: string) {
  return tx
    .select({
      variantId: orderLineItems.productVariantId,
      price: orderLineItems.price,
      quantity: orderLineItems.quantity,
      discount: orderLineItems.discount,
    })
    .from(orderLineItems)
    .where(and(eq(orderLineItems.orderId, orderId), eq(orderLineItems.isAddon, false)))
    .orderBy(asc(orderLineItems.position));
}
