import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { OrderSource } from '../../../domain/orders';
import { ASK_AFTER_HOURS, ASK_WITHIN_DAYS } from '../../../domain/ratings';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { afterOrderAsks } from '../../db/schema/after-order';
import { enqueueEmail } from '../../integrations/email';
import { boxAsk, takeawayAsk } from '../../integrations/email/after-order-templates';
import { findCustomerById } from '../customers';
import { deliveredOrdersSince, orderLinesOf, type OrderRow } from '../orders';
import { readTakeawayOrder } from '../takeaway';
import { feedbackOf, productRatingsOfLines, ratingOfOrder } from './ratings.repo';

// The one email after a delivery (decision 30; the `after-order-asks` job): a takeaway as soon as it is
// delivered or collected, with five star links to /rate-my-takeaway carrying the order's rating key; a
// recipe-kit box two days after it came (its dishes are cooked over the week), to its order page to rate each
// dish and answer the NPS question. Once an order: its after_order_asks row is written in the transaction
// that queues the email, so two passes at once (several processes) send it once. An order already answered
// (rated, or its dishes rated and the question answered) is marked asked without an email; one delivered more
// than ASK_WITHIN_DAYS before it became due is never asked (after downtime, or on the first run).

const GROUPS: { sources: OrderSource[]; hours: number; restaurant: boolean }[] = [
  { sources: ['takeaway', 'catering'], hours: ASK_AFTER_HOURS.restaurant, restaurant: true },
  { sources: ['recipe_kit', 'one_off', 'subscription'], hours: ASK_AFTER_HOURS.box, restaurant: false },
];

const asked = (orderId: AnyPgColumn) =>
  sql`exists (select 1 from ${afterOrderAsks} where ${afterOrderAsks.orderId} = ${orderId})`;

/** One pass: every delivered order whose ask is due and not yet sent. How many emails were queued. */
export async function askAfterOrders(db: Db, clock: Clock, publicUrl: string, batch = 100): Promise<number> {
  let sent = 0;
  for (const group of GROUPS) {
    const now = clock.now();
    const until = new Date(now.getTime() - group.hours * 3_600_000);
    const since = new Date(until.getTime() - ASK_WITHIN_DAYS * 86_400_000);
    for (;;) {
      const due = await deliveredOrdersSince(db, {
        sources: group.sources,
        since,
        until,
        taken: asked,
        limit: batch,
      });
      for (const { order } of due) {
        if (await askOne(db, clock, publicUrl, order, group.restaurant)) sent += 1;
      }
      if (due.length < batch) break;
    }
  }
  return sent;
}

/** Marks the order asked and queues its email (unless already answered): whether an email was queued. */
function askOne(db: Db, clock: Clock, publicUrl: string, order: OrderRow, restaurant: boolean) {
  return db.transaction(async (tx) => {
    const [ask] = await tx
      .insert(afterOrderAsks)
      .values({ orderId: order.id, sentAt: clock.now() })
      .onConflictDoNothing()
      .returning({ ratingKey: afterOrderAsks.ratingKey });
    if (!ask) return false;
    const customer = await findCustomerById(tx, order.customerId);
    if (!customer) return false;
    if (restaurant) {
      if (await ratingOfOrder(tx, order.id)) return false;
      const takeaway = await readTakeawayOrder(tx, order.id);
      if (!takeaway) return false;
      const base = `${publicUrl}/rate-my-takeaway?order=${order.id}&key=${ask.ratingKey}`;
      await enqueueEmail(
        tx,
        takeawayAsk({
          to: takeaway.takeaway.customerEmail || customer.email,
          firstName: customer.firstName || takeaway.takeaway.customerName,
          number: order.number,
          restaurantName: takeaway.restaurant.name,
          collected: takeaway.takeaway.fulfillmentType !== 'delivery',
          linkOf: (stars) => `${base}&rating=${stars}`,
        }),
      );
      return true;
    }
    const lines = await orderLinesOf(tx, [order.id], { dishesOnly: true });
    const rated = await productRatingsOfLines(
      tx,
      lines.map((line) => line.id),
    );
    if ((await feedbackOf(tx, order.id)) && rated.length >= lines.length) return false;
    await enqueueEmail(
      tx,
      boxAsk({
        to: customer.email,
        firstName: customer.firstName,
        number: order.number,
        dishes: [...new Set(lines.map((line) => line.title))],
        link: `${publicUrl}/order/${order.id}#rate`,
      }),
    );
    return true;
  });
}
