import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentMethods } from '../../db/schema/payments';

// What other areas read of saved payment methods (issue 20, part 2: the table is this area's alone): how a
// card or PayPal account is shown, never its processor's references.

export interface MethodSummary {
  id: string;
  type: 'CreditCard' | 'PaypalAccount';
  brand: string | null;
  last4: string | null;
  email: string | null;
}

/** The payment methods as they are shown, by id (those that exist): one statement. */
export async function paymentMethodsOf(
  db: DbOrTx,
  methodIds: readonly string[],
): Promise<Map<string, MethodSummary>> {
  const ids = [...new Set(methodIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: paymentMethods.id,
      type: paymentMethods.type,
      brand: paymentMethods.brand,
      last4: paymentMethods.last4,
      email: paymentMethods.email,
    })
    .from(paymentMethods)
    .where(inArray(paymentMethods.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}
