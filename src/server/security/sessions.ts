import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { sessions } from '../db/schema/auth';

/** Ends every session of a customer but, optionally, one (a password change keeps the device it came from). */
export async function endCustomerSessions(db: DbOrTx, customerId: string, except?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      except
        ? and(eq(sessions.customerId, customerId), ne(sessions.id, except))
        : eq(sessions.customerId, customerId),
    );
}
