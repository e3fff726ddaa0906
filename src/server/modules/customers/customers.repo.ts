import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { newToken } from '../../security/tokens';

export type CustomerRow = typeof customers.$inferSelect;

export async function findCustomerById(db: DbOrTx, id: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row ?? null;
}

/** The account with this email (a guest is never found by its email: decision 28). */
export async function findCustomerByEmail(db: DbOrTx, email: string): Promise<CustomerRow | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.email, email.toLowerCase()), eq(customers.guest, false)))
    .limit(1);
  return row ?? null;
}

/**
 * A guest at a restaurant table (decision 28): a customer row of its own for one guest session, with the
 * email the receipt goes to. Never an account: nothing finds it by its email.
 */
export async function createGuestCustomer(
  db: DbOrTx,
  values: { email: string; firstName: string | null },
): Promise<CustomerRow> {
  const [row] = await db
    .insert(customers)
    .values({
      email: values.email.toLowerCase(),
      firstName: values.firstName ?? '',
      guest: true,
      referralToken: newToken(6).toUpperCase(),
    })
    .returning();
  return row!;
}

/**
 * Creates the customer, or finds the one another request created with that email a moment before (two
 * confirmation links, or a first social sign-in, racing): never a duplicate, never a unique-violation error.
 */
export async function createOrFindCustomer(
  db: DbOrTx,
  values: Omit<typeof customers.$inferInsert, 'referralToken' | 'email'> & { email: string },
): Promise<{ customer: CustomerRow; created: boolean }> {
  const email = values.email.toLowerCase();
  const [inserted] = await db
    .insert(customers)
    .values({ ...values, email, referralToken: newToken(6).toUpperCase() })
    .onConflictDoNothing({ target: customers.email, where: sql`not ${customers.guest}` })
    .returning();
  if (inserted) return { customer: inserted, created: true };
  const [existing] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.email, email), eq(customers.guest, false)))
    .limit(1);
  return { customer: existing!, created: false };
}

export async function updateCustomer(
  db: DbOrTx,
  id: string,
  values: Partial<typeof customers.$inferInsert>,
): Promise<CustomerRow> {
  const [row] = await db
    .update(customers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(customers.id, id))
    .returning();
  return row!;
}
