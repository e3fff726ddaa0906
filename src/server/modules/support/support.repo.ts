import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TicketState } from '../../../domain/support';
import type { DbOrTx } from '../../db/client';
import { supportMessages, supportTickets } from '../../db/schema/after-order';

// The support area's tables (issue 23 part 5): tickets and their conversations. Only this area reads them.

export type TicketRow = typeof supportTickets.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;

/** Makes a ticket unless its reference is taken (then null: the caller draws another). */
export async function insertTicket(
  tx: DbOrTx,
  values: Omit<typeof supportTickets.$inferInsert, 'id'>,
): Promise<TicketRow | null> {
  const [row] = await tx
    .insert(supportTickets)
    .values(values)
    .onConflictDoNothing({ target: supportTickets.reference })
    .returning();
  return row ?? null;
}

/**
 * Adds a message to a ticket (held by the caller's lock), written at `at` or just after the ticket's last
 * message, whichever is later: a conversation reads in the order it was written even when the shop's clock
 * stands still (tests) or two messages share a millisecond.
 */
export async function insertMessage(
  tx: DbOrTx,
  values: { ticketId: string; author: MessageRow['author']; staffId: string | null; body: string; at: Date },
): Promise<MessageRow> {
  const after = sql`(select max(${supportMessages.createdAt}) + interval '1 millisecond'
    from ${supportMessages} where ${supportMessages.ticketId} = ${values.ticketId})`;
  const [row] = await tx
    .insert(supportMessages)
    .values({
      ticketId: values.ticketId,
      author: values.author,
      staffId: values.staffId,
      body: values.body,
      createdAt: sql`greatest(${values.at.toISOString()}::timestamptz, ${after})`,
    })
    .returning();
  return row!;
}

export async function ticketById(db: DbOrTx, id: string): Promise<TicketRow | null> {
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id));
  return row ?? null;
}

/** Locks a ticket's row (`for update`): one change to a conversation at a time. */
export async function lockTicket(tx: DbOrTx, id: string): Promise<TicketRow | null> {
  const [row] = await tx.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
  return row ?? null;
}

export async function updateTicket(
  tx: DbOrTx,
  id: string,
  values: Partial<Pick<TicketRow, 'state' | 'updatedAt' | 'customerId'>>,
): Promise<TicketRow> {
  const [row] = await tx.update(supportTickets).set(values).where(eq(supportTickets.id, id)).returning();
  return row!;
}

/**
 * Whose tickets a customer reads: their own, and a visitor's asked from their address once it is confirmed
 * theirs (the answer went to that inbox anyway).
 */
export function ownedBy(customerId: string, confirmedEmail: string | null): SQL {
  const own = eq(supportTickets.customerId, customerId);
  return confirmedEmail
    ? or(own, and(isNull(supportTickets.customerId), eq(supportTickets.email, confirmedEmail)))!
    : own;
}

/** A customer's tickets (see ownedBy), the latest activity first. */
export async function ticketsOwnedBy(db: DbOrTx, owner: SQL, limit: number): Promise<TicketRow[]> {
  return db
    .select()
    .from(supportTickets)
    .where(owner)
    .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.createdAt))
    .limit(limit);
}

export async function ownedTicket(db: DbOrTx, owner: SQL, id: string): Promise<TicketRow | null> {
  const [row] = await db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.id, id), owner));
  return row ?? null;
}

/** The inbox: tickets in these states, the latest activity first. */
export async function ticketsIn(
  db: DbOrTx,
  states: readonly TicketState[],
  limit: number,
): Promise<TicketRow[]> {
  return db
    .select()
    .from(supportTickets)
    .where(inArray(supportTickets.state, [...states]))
    .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.createdAt))
    .limit(limit);
}

export async function ticketCounts(db: DbOrTx): Promise<Record<TicketState, number>> {
  const rows = await db
    .select({ state: supportTickets.state, count: count() })
    .from(supportTickets)
    .groupBy(supportTickets.state);
  const counts: Record<TicketState, number> = { open: 0, answered: 0, closed: 0 };
  for (const row of rows) counts[row.state] = Number(row.count);
  return counts;
}

/** The tickets' conversations, each in the order written. */
export async function messagesOf(
  db: DbOrTx,
  ticketIds: readonly string[],
): Promise<Map<string, MessageRow[]>> {
  const byTicket = new Map<string, MessageRow[]>();
  if (ticketIds.length === 0) return byTicket;
  const rows = await db
    .select()
    .from(supportMessages)
    .where(inArray(supportMessages.ticketId, [...ticketIds]))
    .orderBy(asc(supportMessages.createdAt));
  for (const row of rows) {
    const list = byTicket.get(row.ticketId) ?? [];
    list.push(row);
    byTicket.set(row.ticketId, list);
  }
  return byTicket;
}
