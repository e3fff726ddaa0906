import { and, asc, count, eq, gte, inArray, lte } from 'drizzle-orm';
import type { PlanBox } from '../../../domain/production-plan';
import type { DbOrTx } from '../../db/client';
import { orderLineItems, orders } from '../../db/schema/orders';

// What the kitchen makes for a delivery day (issue 25 part 5): the paid boxes (recipe kits, one-off boxes,
// gifts and plans' weekly boxes) from paid until shipped, each with its postcode and lines. A box cancelled,
// refunded or not yet paid is not made.

const BOX_SOURCES = ['recipe_kit', 'one_off', 'gift_box', 'subscription'] as const;
const TO_MAKE = ['paid', 'billed', 'submitted', 'accepted', 'packed', 'shipped'] as const;

export async function boxesForDeliveryDay(db: DbOrTx, deliveryDate: string): Promise<PlanBox[]> {
  const rows = await db
    .select({ id: orders.id, number: orders.number, address: orders.shippingAddress })
    .from(orders)
    .where(
      and(
        eq(orders.deliveryDate, deliveryDate),
        inArray(orders.source, [...BOX_SOURCES]),
        inArray(orders.state, [...TO_MAKE]),
      ),
    )
    .orderBy(asc(orders.number));
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      orderId: orderLineItems.orderId,
      title: orderLineItems.title,
      variantTitle: orderLineItems.variantTitle,
      sku: orderLineItems.sku,
      quantity: orderLineItems.quantity,
      tags: orderLineItems.tags,
    })
    .from(orderLineItems)
    .where(
      inArray(
        orderLineItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderLineItems.orderId), asc(orderLineItems.position));
  return rows.map((row) => ({
    number: row.number,
    postcode: row.address.zip ?? '',
    lines: lines.filter((line) => line.orderId === row.id),
  }));
}

/** The delivery days from `from` to `to` with boxes to make, and how many. */
export async function boxDays(
  db: DbOrTx,
  from: string,
  to: string,
): Promise<{ date: string; boxes: number }[]> {
  const rows = await db
    .select({ date: orders.deliveryDate, boxes: count() })
    .from(orders)
    .where(
      and(
        gte(orders.deliveryDate, from),
        lte(orders.deliveryDate, to),
        inArray(orders.source, [...BOX_SOURCES]),
        inArray(orders.state, [...TO_MAKE]),
      ),
    )
    .groupBy(orders.deliveryDate)
    .orderBy(asc(orders.deliveryDate));
  return rows.map((row) => ({ date: row.date, boxes: Number(row.boxes) }));
}
