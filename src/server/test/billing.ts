import { and, asc, eq, sql } from 'drizzle-orm';
import { outbox } from '../db/schema/email';
import { orders } from '../db/schema/orders';
import { payments } from '../db/schema/payments';
import { sandboxPaymentIntents } from '../db/schema/payments-sandbox';
import { scheduleWeeks } from '../db/schema/subscriptions';
import type { TestApp } from './harness';
import type { PlanCustomer } from './plans';

// What weekly billing's tests read back (issue 12 part 2): the week of 30 November 2026 (cutoff Friday
// 27 November 12:00 GMT, delivered Wednesday 2 December), its box, payments and the processor's charges.

export const WEEK = '2026-11-30';
export const CUTOFF = new Date('2026-11-27T12:00:00Z');

/** The plan's week of 30 November with its box and the box's checkout. */
export async function weekOf(t: TestApp, c: Pick<PlanCustomer, 'subscriptionId'>) {
  const db = t.database.db;
  const [week] = await db
    .select()
    .from(scheduleWeeks)
    .where(and(eq(scheduleWeeks.subscriptionId, c.subscriptionId), eq(scheduleWeeks.startDate, WEEK)));
  const [box] = await db.select().from(orders).where(eq(orders.id, week!.orderId!));
  return { week: week!, box: box! };
}

/** Payments of a checkout, oldest first. */
export const paymentsOf = (t: TestApp, checkoutId: string) =>
  t.database.db
    .select()
    .from(payments)
    .where(eq(payments.checkoutId, checkoutId))
    .orderBy(asc(payments.createdAt));

/** Charges the processor made for a checkout (what the bank would show). */
export async function processorCharges(t: TestApp, checkoutId: string): Promise<number> {
  const rows = await t.database.db
    .select({ id: sandboxPaymentIntents.id })
    .from(sandboxPaymentIntents)
    .where(
      and(
        sql`${sandboxPaymentIntents.metadata}->>'checkoutId' = ${checkoutId}`,
        eq(sandboxPaymentIntents.status, 'succeeded'),
      ),
    );
  return rows.length;
}

export const emailsTo = (t: TestApp, email: string, template: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), sql`${outbox.template} = ${template}`));
