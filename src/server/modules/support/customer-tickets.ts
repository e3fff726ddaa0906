import type { DbOrTx } from '../../db/client';
import { ownedBy, ticketsOwnedBy } from './support.repo';

// A customer's support tickets as the back office lists them beside the customer (issue 25 part 4).

export interface CustomerTicket {
  id: string;
  reference: string;
  topic: string;
  state: string;
  orderId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The customer's tickets (and a visitor's asked from their confirmed address), latest activity first. */
export async function ticketsOfCustomer(
  db: DbOrTx,
  customerId: string,
  confirmedEmail: string | null,
  limit = 50,
): Promise<CustomerTicket[]> {
  const rows = await ticketsOwnedBy(db, ownedBy(customerId, confirmedEmail), limit);
  return rows.map(({ id, reference, topic, state, orderId, createdAt, updatedAt }) => ({
    id,
    reference,
    topic,
    state,
    orderId,
    createdAt,
    updatedAt,
  }));
}
