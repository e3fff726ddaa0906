import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers } from '../../db/schema/customers';

// What other areas read and write of a customer's row (issue 20, part 2: the customers table is this
// area's alone). The locks keep the one lock order of docs/architecture.md ("The money path"): a caller
// takes the customer after the payments and before the orders and plans.

/** Locks the customer's row (`for update`); false when there is no such customer. */
export async function lockCustomer(tx: DbOrTx, customerId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  return Boolean(row);
}

/** Locks the customer's row and gives their store credit (pence); null when there is no such customer. */
export async function lockCustomerCredit(tx: DbOrTx, customerId: string): Promise<number | null> {
  const [row] = await tx
    .select({ storeCredits: customers.storeCredits })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  return row?.storeCredits ?? null;
}

/** Locks several customers' rows, in id order (two batches never wait on each other), with their credit. */
export async function lockCustomersCredit(
  tx: DbOrTx,
  customerIds: readonly string[],
): Promise<Map<string, number>> {
  const rows = await tx
    .select({ id: customers.id, storeCredits: customers.storeCredits })
    .from(customers)
    .where(inArray(customers.id, [...customerIds]))
    .orderBy(asc(customers.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row.storeCredits]));
}

/** Who to write to: the customer's email and first name, or null when there is no such customer. */
export async function customerContact(
  db: DbOrTx,
  customerId: string,
): Promise<{ email: string; firstName: string } | null> {
  const [row] = await db
    .select({ email: customers.email, firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row ?? null;
}

/** Who to write to, for several customers at once: id → their id, email and first name. */
export async function customerContacts(
  db: DbOrTx,
  customerIds: readonly string[],
): Promise<Map<string, { id: string; email: string; firstName: string }>> {
  const rows = await db
    .select({ id: customers.id, email: customers.email, firstName: customers.firstName })
    .from(customers)
    .where(inArray(customers.id, [...customerIds]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The customer's store credit now (pence), or null when there is no such customer. */
export async function storeCreditOf(db: DbOrTx, customerId: string): Promise<number | null> {
  const [row] = await db
    .select({ balance: customers.storeCredits })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.balance ?? null;
}

/** Adds `amount` pence to the customer's store credit: the new balance, or null when there is no such customer. */
export async function addStoreCredit(db: DbOrTx, customerId: string, amount: number): Promise<number | null> {
  const [row] = await db
    .update(customers)
    .set({ storeCredits: sql`${customers.storeCredits} + ${amount}`, updatedAt: sql`now()` })
    .where(eq(customers.id, customerId))
    .returning({ balance: customers.storeCredits });
  return row?.balance ?? null;
}

/**
 * Takes `amount` pence of the customer's store credit in one conditional UPDATE (`… where store_credits ≥
 * amount`, so two takes racing cannot go below zero): the new balance, or null when the credit is short or
 * there is no such customer (nothing is taken). Only the credit area's ledger moves credit.
 */
export async function takeStoreCredit(
  db: DbOrTx,
  customerId: string,
  amount: number,
): Promise<number | null> {
  const [row] = await db
    .update(customers)
    .set({ storeCredits: sql`${customers.storeCredits} - ${amount}`, updatedAt: sql`now()` })
    .where(sql`${customers.id} = ${customerId} and ${customers.storeCredits} >= ${amount}`)
    .returning({ balance: customers.storeCredits });
  return row?.balance ?? null;
}

/** The ids of the customer with this email (none or one), as a subquery for another area's query. */
export function customerIdsWithEmail(db: DbOrTx, email: string) {
  return db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.email, email), eq(customers.guest, false)));
}

/** Which of these customers are guests at a table (decision 28): their cards are not kept once they paid. */
export async function guestsAmong(db: DbOrTx, customerIds: readonly string[]): Promise<Set<string>> {
  if (customerIds.length === 0) return new Set();
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(inArray(customers.id, [...new Set(customerIds)]), eq(customers.guest, true)));
  return new Set(rows.map((row) => row.id));
}
