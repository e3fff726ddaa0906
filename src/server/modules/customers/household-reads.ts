import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addresses, customers } from '../../db/schema/customers';

// What referrals (the rewards area) read of customers (decision 30): whose referral link a token is, and the
// addresses in a customer's address book, to tell one household from another.

export interface Referrer {
  id: string;
  email: string;
  firstName: string;
  emailConfirmed: boolean;
}

/** The customer whose referral link this is (tokens are upper-case; a guest at a table has none to share). */
export async function customerByReferralToken(db: DbOrTx, token: string): Promise<Referrer | null> {
  const wanted = token.trim().toUpperCase();
  if (wanted.length === 0 || wanted.length > 64) return null;
  const [row] = await db
    .select({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      emailConfirmedAt: customers.emailConfirmedAt,
    })
    .from(customers)
    .where(and(eq(customers.referralToken, wanted), eq(customers.guest, false)))
    .limit(1);
  return row
    ? {
        id: row.id,
        email: row.email,
        firstName: row.firstName,
        emailConfirmed: row.emailConfirmedAt !== null,
      }
    : null;
}

/** The first line and postcode of every address in these customers' address books. */
export async function addressBookLines(
  db: DbOrTx,
  customerIds: readonly string[],
): Promise<{ customerId: string; address1: string | null; zip: string | null }[]> {
  if (customerIds.length === 0) return [];
  return db
    .select({ customerId: addresses.customerId, address1: addresses.address1, zip: addresses.zip })
    .from(addresses)
    .where(inArray(addresses.customerId, [...customerIds]));
}
