import { DomainError } from '../../../domain/errors';
import type { IsoDate } from '../../../domain/calendar';
import type { DbOrTx } from '../../db/client';
import { takeStock, type WeekMenuDish } from '../menu';
import { moveOrdersOfCheckouts, orderLinesOf, type Mover, type OrderRow } from '../orders';
import type { ShopRules } from '../shop';
import { redeemVoucher } from '../vouchers';
import { recordPlanEvent, type ScheduleWeekRow, type SubscriptionRow } from './plan-store';
import { chefPicks, priceBox, rewriteBox, type BoxChoice, type PricedBox } from './week-boxes';
import { boxVoucher } from './week-changes';

// Boxes at their week's cutoff (issue 12 part 2; decision 22 and its addendum): priced again with the menu's
// prices now, a dish that runs short replaced by the chef's pick of what is in stock, its voucher redeemed
// (billed without it when it no longer applies), and `billed`. A batch of boxes (one or many) is closed in
// ONE transaction whose caller holds, in the money path's order, the boxes' checkouts (id order), their
// plans (id order), their weeks and the boxes. Then, as the transaction's last writes: the stock of every
// dish for the whole batch (one conditional update per dish, variants in id order: `takeStock`), then the
// vouchers. Most boxes change nothing and cost no statement of their own: their lines are read, and they
// are moved to `billed`, with the rest of the batch.

export interface BoxAtCutoff {
  plan: SubscriptionRow;
  week: ScheduleWeekRow;
  box: OrderRow;
}

export interface CutoffContext {
  rules: ShopRules;
  today: string;
  by: Mover;
  /** Each week's menu (by its Monday) with its stock as last read: a batch may take at most that. */
  menus: ReadonlyMap<string, readonly WeekMenuDish[]>;
}

/** Each variant on the menus with the stock read (the least, when two reads disagree). */
function stockOf(menus: Iterable<readonly WeekMenuDish[]>): Map<number, number> {
  const stock = new Map<number, number>();
  for (const menu of menus) {
    for (const v of menu.flatMap((dish) => dish.variants)) {
      stock.set(v.variantId, Math.min(stock.get(v.variantId) ?? Infinity, v.quantityAvailable));
    }
  }
  return stock;
}

/**
 * The dishes to send: those of the box still on the menu and in what is left of the stock after the boxes
 * before it in the batch (`stock` is run down here), and for the rest the chef's pick of what is in stock
 * (never a dish already in the box). Names what was replaced.
 */
async function sendable(
  tx: DbOrTx,
  plan: SubscriptionRow,
  weekStart: IsoDate,
  menu: readonly WeekMenuDish[],
  choice: readonly BoxChoice[],
  stock: Map<number, number>,
): Promise<{ choice: BoxChoice[]; replaced: string[] }> {
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
    const left = stock.get(pick.variantId) ?? 0;
    const quantity = Math.min(pick.quantity, missing, left);
    if (quantity <= 0) continue;
    kept.push({ variantId: pick.variantId, quantity });
    stock.set(pick.variantId, left - quantity);
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

interface Closing {
  item: BoxAtCutoff;
  menu: readonly WeekMenuDish[];
  lines: StoredLine[];
  priced: PricedBox;
  notes: string[];
}

const changed = (box: OrderRow, lines: readonly StoredLine[], priced: PricedBox) =>
  priced.total !== box.total || priced.voucherId !== box.voucherId || !sameLines(lines, priced);

/**
 * Closes a batch of `created` boxes at their cutoff and bills them. Answers, by week id, `billed` or
 * `unsendable` (every dish sold out and nothing in stock suits the plan: nothing written for that box; the
 * caller tells the customer and charges nothing). Throws OUT_OF_STOCK when a dish no longer has what the
 * menu said (another transaction took it meanwhile): the caller rolls the whole batch back and tries again
 * with the menu read afresh, or one box at a time. Stock never goes below zero: each dish's update is
 * conditional on there being enough for the whole batch.
 */
export async function closeBoxes(
  tx: DbOrTx,
  batch: readonly BoxAtCutoff[],
  context: CutoffContext,
): Promise<Map<string, 'billed' | 'unsendable'>> {
  const result = new Map<string, 'billed' | 'unsendable'>();
  if (batch.length === 0) return result;
  const linesByBox = await linesOf(
    tx,
    batch.map((item) => item.box.id),
  );
  const stock = stockOf(context.menus.values());
  const closing: Closing[] = [];
  for (const item of batch) {
    const weekStart = item.week.startDate as IsoDate;
    const menu = context.menus.get(weekStart) ?? [];
    const lines = linesByBox.get(item.box.id) ?? [];
    const current = lines.flatMap((line) =>
      line.variantId === null ? [] : [{ variantId: line.variantId, quantity: line.quantity }],
    );
    const { choice, replaced } = await sendable(tx, item.plan, weekStart, menu, current, stock);
    if (choice.length === 0) {
      result.set(item.week.id, 'unsendable');
      continue;
    }
    const notes =
      replaced.length > 0
        ? [
            `${replaced.join(', ')} sold out before we could make your box, so the chef chose ${replaced.length > 1 ? 'replacements' : 'a replacement'} from what is in stock.`,
          ]
        : [];
    const priced = priceBox(menu, choice, {
      weekStart,
      deliveryDate: item.box.deliveryDate as IsoDate,
      rules: context.rules,
      voucher: await boxVoucher(tx, item.box.voucherId),
      today: context.today,
    });
    closing.push({ item, menu, lines, priced, notes });
    result.set(item.week.id, 'billed');
  }
  if (closing.length === 0) return result;

  for (const { item, lines, priced } of closing) {
    if (changed(item.box, lines, priced)) await rewriteBox(tx, item.box, priced, context.by.at);
  }
  // `created → billed`, each move recorded: two statements for the batch.
  await moveOrdersOfCheckouts(
    tx,
    closing.map(({ item }) => item.box.checkoutId),
    'created',
    'billed',
    context.by,
  );
  // Last: the dishes' rows, which every box of the week updates, are held only until the commit.
  await takeStock(
    tx,
    closing.flatMap(({ priced }) =>
      priced.lines.flatMap((line) =>
        line.productVariantId === null
          ? []
          : [{ productVariantId: line.productVariantId, quantity: line.quantity, title: line.title }],
      ),
    ),
  );
  // Then the vouchers (after product variants in the lock order).
  for (const closed of closing) {
    if (closed.priced.voucherId) await redeemOrDrop(tx, closed, context);
  }
  for (const { item, notes } of closing) {
    for (const note of notes) {
      await recordPlanEvent(
        tx,
        {
          subscriptionId: item.plan.id,
          action: 'box_changed',
          summary: note,
          weeks: [item.week.startDate],
        },
        context.by,
      );
    }
  }
  return result;
}

/** The box's voucher is redeemed; when it no longer applies the box is priced and billed without it. */
async function redeemOrDrop(tx: DbOrTx, closed: Closing, context: CutoffContext): Promise<void> {
  const { box, week } = closed.item;
  const voucher = await boxVoucher(tx, box.voucherId);
  try {
    await tx.transaction((savepoint) =>
      redeemVoucher(savepoint, {
        voucherId: closed.priced.voucherId!,
        customerId: box.customerId,
        checkoutId: box.checkoutId,
        amount: closed.priced.discount,
        today: context.today,
      }),
    );
    return;
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'VOUCHER_INVALID') throw error;
  }
  const choice = closed.priced.lines.flatMap((line) =>
    line.productVariantId === null ? [] : [{ variantId: line.productVariantId, quantity: line.quantity }],
  );
  const without = priceBox(closed.menu, choice, {
    weekStart: week.startDate as IsoDate,
    deliveryDate: box.deliveryDate as IsoDate,
    rules: context.rules,
    voucher: null,
    today: context.today,
  });
  await rewriteBox(tx, box, without, context.by.at);
  closed.notes.push(
    `The code ${voucher?.code ?? 'on this box'} no longer applies to this box, so it was charged without it.`,
  );
}

/** The boxes' lines as they stand (dishes only), in their order, by box. */
async function linesOf(tx: DbOrTx, orderIds: readonly string[]): Promise<Map<string, StoredLine[]>> {
  const rows = await orderLinesOf(tx, orderIds, { dishesOnly: true });
  const byBox = new Map<string, StoredLine[]>();
  for (const line of rows) {
    const list = byBox.get(line.orderId) ?? [];
    list.push({
      variantId: line.productVariantId,
      price: line.price,
      quantity: line.quantity,
      discount: line.discount,
    });
    byBox.set(line.orderId, list);
  }
  return byBox;
}
