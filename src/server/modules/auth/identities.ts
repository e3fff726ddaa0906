import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customerIdentities } from '../../db/schema/auth';
import { findCustomerById, type CustomerRow } from '../customers';

// The accounts a sign-in provider (Google, Facebook, Apple) vouches for: provider and subject → customer.

type Provider = 'google' | 'facebook' | 'apple';

/** The customer this provider's subject signs in as, or null. */
export async function findIdentity(
  db: DbOrTx,
  provider: Provider,
  subject: string,
): Promise<CustomerRow | null> {
  const [row] = await db
    .select({ customerId: customerIdentities.customerId })
    .from(customerIdentities)
    .where(sql`${customerIdentities.provider} = ${provider} and ${customerIdentities.subject} = ${subject}`)
    .limit(1);
  return row ? findCustomerById(db, row.customerId) : null;
}

/** Remembers that this provider's subject is the customer (once: a second link changes nothing). */
export async function linkIdentity(
  db: DbOrTx,
  values: { provider: Provider; subject: string; customerId: string; email: string | null },
): Promise<void> {
  await db.insert(customerIdentities).values(values).onConflictDoNothing();
}
