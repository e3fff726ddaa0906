import type { Order } from '../../../contracts/orders';
import type { OrderLine, OrderLineSource } from '../../../domain/basket-summary';
import type { IsoDate } from '../../../domain/calendar';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { checkouts } from '../../db/schema/checkout';
import type { OrderAddress } from '../../../domain/address';
import { orderLineItems, orders } from '../../db/schema/orders';
import { recordOrdersMade, recordStateChange, type CheckoutRow, type Mover } from './state-changes';

// Every order kind places its orders the same way (issue 10): a checkout that groups them, then each order
// with its lines, title, SKU and unit price copied at the moment of purchase (style §8), each recorded as
// made. A preview of the same drafts has the same shape, with no ids.

export type OrderSource = (typeof orders.$inferInsert)['source'];

/**
 * A line as placed: the domain's order line (title, SKU and unit price copied), without the stock figure. A
 * takeaway line names no catalogue variant (its dish is on the takeaway menu).
 */
export type OrderLineDraft = Omit<OrderLine, 'quantityAvailable' | 'productVariantId'> & {
  productVariantId: number | null;
  /** An event booking's seats and add-ons name their slot (spec §3 Line item eventSlotId). */
  eventSlotId?: string | null;
};

/** An order as placed; `W` is a recipe kit's menu week (a takeaway has none: null). */
export interface OrderDraft<W extends IsoDate | null = IsoDate> {
  mealWeek: W;
  /** Spec §3 Order `type`: ShopifyOrder unless given (a takeaway is a DeliverectOrder, a restaurant's). */
  type?: string;
  deliveryDate: IsoDate;
  deliveryNote: string | null;
  shippingAddress: OrderAddress;
  billingAddress: OrderAddress | null;
  giftRecipient?: { name: string; email: string | null; message: string | null } | null;
  voucherId: string | null;
  voucherCode: string | null;
  subtotal: number;
  discount: number;
  shippingPrice: number;
  /** A one-off box's fee, within shippingPrice (0 when absent). */
  oneOffFee?: number;
  /** A tip chosen at a table, within the total (0 when absent). */
  tip?: number;
  total: number;
  lines: readonly OrderLineDraft[];
}

export interface CheckoutDraft {
  customerId: string;
  kind: CheckoutRow['kind'];
  basketId: string | null;
  basketVersion: Date | null;
  voucherId: string | null;
  subscriptionId: string | null;
  total: number;
}

/** Opens a checkout and places its orders; returns the checkout and each order's id, in the drafts' order. */
export async function placeOrders(
  tx: DbOrTx,
  draft: CheckoutDraft,
  drafts: readonly OrderDraft<IsoDate | null>[],
  source: OrderSource,
  by: Mover,
): Promise<{ checkout: CheckoutRow; orderIds: string[] }> {
  const [checkout] = await tx
    .insert(checkouts)
    .values({ ...draft, updatedAt: by.at })
    .returning();
  await recordStateChange(tx, 'checkout', checkout!.id, null, 'open', by);
  const orderIds = await insertOrders(tx, checkout!, drafts, source, by);
  return { checkout: checkout!, orderIds };
}

/**
 * Adds orders to an open checkout (a table's tab takes a round at a time, decision 28), its total growing by
 * theirs; the caller holds the checkout's lock. Returns each order's id, in the drafts' order.
 */
export async function addOrders(
  tx: DbOrTx,
  checkout: CheckoutRow,
  drafts: readonly OrderDraft<IsoDate | null>[],
  source: OrderSource,
  by: Mover,
): Promise<{ checkout: CheckoutRow; orderIds: string[] }> {
  if (checkout.state !== 'open')
    throw new Error(`Checkout ${checkout.id} is ${checkout.state}: no orders added`);
  const added = drafts.reduce((sum, order) => sum + order.total, 0);
  const [grown] = await tx
    .update(checkouts)
    .set({ total: sql`${checkouts.total} + ${added}`, updatedAt: by.at })
    .where(eq(checkouts.id, checkout.id))
    .returning();
  const orderIds = await insertOrders(tx, grown!, drafts, source, by);
  return { checkout: grown!, orderIds };
}

async function insertOrders(
  tx: DbOrTx,
  checkout: CheckoutRow,
  drafts: readonly OrderDraft<IsoDate | null>[],
  source: OrderSource,
  by: Mover,
): Promise<string[]> {
  const orderIds: string[] = [];
  for (const order of drafts) {
    const [row] = await tx
      .insert(orders)
      .values({
        customerId: checkout.customerId,
        checkoutId: checkout.id,
        subscriptionId: checkout.subscriptionId,
        source,
        ...(order.type ? { type: order.type } : {}),
        mealWeek: order.mealWeek,
        deliveryDate: order.deliveryDate,
        deliveryNote: order.deliveryNote,
        shippingAddress: order.shippingAddress,
        billingAddress: order.billingAddress,
        giftRecipient: order.giftRecipient ?? null,
        voucherId: order.voucherId,
        subtotal: order.subtotal,
        totalDiscounts: order.discount,
        shippingPrice: order.shippingPrice,
        oneOffFee: order.oneOffFee ?? 0,
        tip: order.tip ?? 0,
        total: order.total,
        // On the shop's clock, as the checkout is: a pinned demo's orders are placed when it says.
        createdAt: by.at,
        updatedAt: by.at,
      })
      .returning({ id: orders.id, state: orders.state });
    await recordOrdersMade(tx, [row!], by);
    orderIds.push(row!.id);
    await tx
      .insert(orderLineItems)
      .values(order.lines.map((line, position) => lineRow(line, row!.id, position)));
  }
  return orderIds;
}

/** The orders drafts would make, as the API shows orders, before anything is written. */
export function previewOrders(
  drafts: readonly OrderDraft<IsoDate | null>[],
  source: OrderSource,
  now: Date,
): Order[] {
  return drafts.map((order, index) => ({
    id: `preview-${index + 1}`,
    number: 0,
    state: 'created',
    stateLabel: 'Created',
    failedPayment: false,
    payable: true,
    type: order.type ?? 'ShopifyOrder',
    source,
    subscriptionId: null,
    checkoutId: 'preview',
    mealWeek: order.mealWeek,
    deliveryDate: order.deliveryDate,
    deliveryNote: order.deliveryNote,
    shippingAddress: order.shippingAddress,
    // A preview shows where it goes; the billing address is only kept once placed.
    billingAddress: null,
    voucherCode: order.voucherCode,
    gift: order.giftRecipient
      ? {
          recipientName: order.giftRecipient.name,
          recipientEmail: order.giftRecipient.email,
          message: order.giftRecipient.message,
        }
      : null,
    subtotal: order.subtotal,
    discount: order.discount,
    shippingPrice: order.shippingPrice,
    oneOffFee: order.oneOffFee ?? 0,
    tip: order.tip ?? 0,
    total: order.total,
    createdAt: now.toISOString(),
    scheduleWeekId: null,
    editable: false,
    dateEditable: false,
    addressEditable: false,
    lineItems: order.lines.map((line, position) =>
      lineItemView(line, `preview-${index + 1}-${position + 1}`),
    ),
  }));
}

/** A line's fields as placed or stored (a stored line's variant may since have left the catalogue). */
type LineFields = Omit<OrderLineSource, 'productVariantId' | 'productVariantExtId' | 'quantityAvailable'> & {
  productVariantId: number | null;
  productVariantExtId: string | null;
  discount: number;
  total: number;
  eventSlotId?: string | null;
};

/** Exactly the fields a line keeps, whatever else the object carries. */
function copyLine<L extends LineFields>(line: L) {
  const { productVariantId, productVariantExtId, title, variantTitle, sku, imageUrl, tags } = line;
  const { price, quantity, discount, total, isAddon } = line;
  const eventSlotId = line.eventSlotId ?? null;
  return {
    productVariantId,
    productVariantExtId,
    title,
    variantTitle,
    sku,
    imageUrl,
    tags,
    price,
    quantity,
    discount,
    total,
    isAddon,
    eventSlotId,
  };
}

/** A line's row: every field of the draft, copied. */
function lineRow(line: OrderLineDraft, orderId: string, position: number) {
  return { ...copyLine(line), productVariantId: line.productVariantId, orderId, position };
}

/** A line as the API shows it. */
export function lineItemView(line: LineFields, id: string): Order['lineItems'][number] {
  const fields = copyLine(line);
  return {
    id,
    ...fields,
    productVariantId: fields.productVariantId === null ? null : String(fields.productVariantId),
  };
}

/** What repricing an order changes: its lines (all of them, replaced) and its totals. */
export interface OrderRewrite {
  lines: readonly OrderLineDraft[];
  subtotal: number;
  discount: number;
  shippingPrice: number;
  total: number;
  voucherId: string | null;
}

/**
 * An order not yet paid gets new lines and totals (a plan's box whose dishes, day or voucher changed), and its
 * checkout the new total. The caller holds the order's lock and has checked that it may change.
 */
export async function rewriteOrder(
  tx: DbOrTx,
  order: { id: string; checkoutId: string },
  rewrite: OrderRewrite,
  at: Date,
): Promise<void> {
  await tx.delete(orderLineItems).where(eq(orderLineItems.orderId, order.id));
  if (rewrite.lines.length > 0) {
    await tx
      .insert(orderLineItems)
      .values(rewrite.lines.map((line, position) => lineRow(line, order.id, position)));
  }
  await tx
    .update(orders)
    .set({
      subtotal: rewrite.subtotal,
      totalDiscounts: rewrite.discount,
      shippingPrice: rewrite.shippingPrice,
      total: rewrite.total,
      voucherId: rewrite.voucherId,
      updatedAt: at,
    })
    .where(eq(orders.id, order.id));
  const [sum] = await tx
    .select({ total: sql<number>`coalesce(sum(${orders.total}), 0)::int` })
    .from(orders)
    .where(eq(orders.checkoutId, order.checkoutId));
  await tx
    .update(checkouts)
    .set({ total: sum?.total ?? rewrite.total, voucherId: rewrite.voucherId, updatedAt: at })
    .where(eq(checkouts.id, order.checkoutId));
}
