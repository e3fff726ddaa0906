import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addresses, customers } from '../../db/schema/customers';

// The back office's search of customers (issue 25 part 4): by email or name (any part of either, case
// ignored) and by a postcode in their address book (spaces and case ignored). Guests at a table are not
// customers to find.

export interface CustomerMatch {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  storeCredits: number;
  emailConfirmedAt: Date | null;
  createdAt: Date;
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchCustomers(
  db: DbOrTx,
  search: { text?: string; postcode?: string },
  limit: number,
): Promise<CustomerMatch[]> {
  const conditions: SQL[] = [eq(customers.guest, false)];
  const text = search.text?.trim();
  if (text) {
    conditions.push(
      or(
        ilike(customers.email, like(text)),
        ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, like(text)),
      )!,
    );
  }
  const postcode = search.postcode?.replace(/\s+/g, '').toUpperCase();
  if (postcode) {
    const owners = db
      .select({ id: addresses.customerId })
      .from(addresses)
      .where(sql`upper(replace(${addresses.zip}, ' ', '')) = ${postcode}`);
    conditions.push(inArray(customers.id, owners));
  }
  return db
    .select({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phone: customers.phone,
      storeCredits: customers.storeCredits,
      emailConfirmedAt: customers.emailConfirmedAt,
      createdAt: customers.createdAt,
    })
    .from(customers)
    .where(and(...conditions))
    .orderBy(asc(customers.email))
    .limit(limit);
}
