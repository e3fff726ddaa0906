import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { creditLotSpends, storeCreditLots, storeCreditTransactions } from '../../db/schema/credit';

// The lots of the one wallet (decision 30) and what each spend took from them. Every lock here is taken
// after the customer's row (the balance UPDATE or `lockCustomerCredit`), and several lots in id order, so
// two movements of one customer's credit never wait on each other the other way round.

export type LotRow = typeof storeCreditLots.$inferSelect;
export type NewLot = typeof storeCreditLots.$inferInsert;

export async function insertLot(tx: DbOrTx, values: NewLot): Promise<LotRow> {
  const [row] = await tx.insert(storeCreditLots).values(values).returning();
  return row!;
}

/** The customer's lots with credit left, locked in id order. */
export function lockLotsOf(tx: DbOrTx, customerId: string): Promise<LotRow[]> {
  return tx
    .select()
    .from(storeCreditLots)
    .where(and(eq(storeCreditLots.customerId, customerId), gt(storeCreditLots.remaining, 0)))
    .orderBy(asc(storeCreditLots.id))
    .for('update');
}

/** These lots, locked in id order. */
export function lockLots(tx: DbOrTx, ids: readonly string[]): Promise<LotRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(storeCreditLots)
    .where(inArray(storeCreditLots.id, [...ids]))
    .orderBy(asc(storeCreditLots.id))
    .for('update');
}

/** Moves each lot's remaining by `delta` pence (negative takes); the lots' check keeps 0 ≤ remaining ≤ amount. */
export async function moveLots(
  tx: DbOrTx,
  moves: readonly { lotId: string; delta: number }[],
): Promise<void> {
  for (const { lotId, delta } of moves) {
    if (delta === 0) continue;
    await tx
      .update(storeCreditLots)
      .set({ remaining: sql`${storeCreditLots.remaining} + ${delta}` })
      .where(eq(storeCreditLots.id, lotId));
  }
}

export async function recordLotSpends(
  tx: DbOrTx,
  transactionId: string,
  takes: readonly { lotId: string; take: number }[],
): Promise<void> {
  if (takes.length === 0) return;
  await tx
    .insert(creditLotSpends)
    .values(takes.map(({ lotId, take }) => ({ transactionId, lotId, amount: take })));
}

/** What the customer's spends with this reason and reference took from each lot (pence per lot). */
export async function spendsOf(
  tx: DbOrTx,
  customerId: string,
  reason: string,
  reference: string,
): Promise<Map<string, number>> {
  const rows = await tx
    .select({ lotId: creditLotSpends.lotId, amount: creditLotSpends.amount })
    .from(creditLotSpends)
    .innerJoin(storeCreditTransactions, eq(storeCreditTransactions.id, creditLotSpends.transactionId))
    .where(
      and(
        eq(storeCreditTransactions.customerId, customerId),
        eq(storeCreditTransactions.reason, reason),
        eq(storeCreditTransactions.reference, reference),
      ),
    );
  const taken = new Map<string, number>();
  for (const { lotId, amount } of rows) taken.set(lotId, (taken.get(lotId) ?? 0) + amount);
  return taken;
}

/** Which of these lots have already expired (their `expired` ledger row is written). */
export async function lotsWithExpiryRow(tx: DbOrTx, lotIds: readonly string[]): Promise<Set<string>> {
  if (lotIds.length === 0) return new Set();
  const rows = await tx
    .select({ reference: storeCreditTransactions.reference })
    .from(storeCreditTransactions)
    .where(
      and(
        eq(storeCreditTransactions.reason, 'expired'),
        inArray(storeCreditTransactions.reference, [...lotIds]),
      ),
    );
  return new Set(rows.flatMap(({ reference }) => (reference ? [reference] : [])));
}

/** Every lot the customer has had (spent, expired or live), oldest first: the history's sources. */
export function lotsOf(db: DbOrTx, customerId: string): Promise<LotRow[]> {
  return db
    .select()
    .from(storeCreditLots)
    .where(eq(storeCreditLots.customerId, customerId))
    .orderBy(asc(storeCreditLots.createdAt), asc(storeCreditLots.id));
}

/** Customers with lots whose date has come and credit left in them (at most `limit`). */
export async function customersWithExpiredLots(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ customerId: storeCreditLots.customerId })
    .from(storeCreditLots)
    .where(
      and(
        gt(storeCreditLots.remaining, 0),
        isNotNull(storeCreditLots.expiresAt),
        lte(storeCreditLots.expiresAt, now),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.customerId);
}

/** The customer's lots due to expire at `now`, locked (id order), skipping any another worker holds. */
export function lockExpiredLotsOf(tx: DbOrTx, customerId: string, now: Date): Promise<LotRow[]> {
  return tx
    .select()
    .from(storeCreditLots)
    .where(
      and(
        eq(storeCreditLots.customerId, customerId),
        gt(storeCreditLots.remaining, 0),
        isNotNull(storeCreditLots.expiresAt),
        lte(storeCreditLots.expiresAt, now),
      ),
    )
    .orderBy(asc(storeCreditLots.id))
    .for('update', { skipLocked: true });
}

const toRemind = (now: Date, horizon: Date) =>
  and(
    gt(storeCreditLots.remaining, 0),
    isNull(storeCreditLots.reminderSentAt),
    gt(storeCreditLots.expiresAt, now),
    lte(storeCreditLots.expiresAt, horizon),
  );

/** Customers with lots expiring after `now` and by `horizon` whose reminder has not gone (at most `limit`). */
export async function customersToRemind(
  db: DbOrTx,
  now: Date,
  horizon: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ customerId: storeCreditLots.customerId })
    .from(storeCreditLots)
    .where(toRemind(now, horizon))
    .limit(limit);
  return rows.map((row) => row.customerId);
}

/** The customer's lots still to remind of, soonest first, locked; skipping any another worker holds. */
export function lockLotsToRemind(
  tx: DbOrTx,
  customerId: string,
  now: Date,
  horizon: Date,
): Promise<LotRow[]> {
  return tx
    .select()
    .from(storeCreditLots)
    .where(and(eq(storeCreditLots.customerId, customerId), toRemind(now, horizon)))
    .orderBy(asc(storeCreditLots.expiresAt), asc(storeCreditLots.id))
    .for('update', { skipLocked: true });
}

export async function markReminded(tx: DbOrTx, lotIds: readonly string[], at: Date): Promise<void> {
  if (lotIds.length === 0) return;
  await tx
    .update(storeCreditLots)
    .set({ reminderSentAt: at })
    .where(inArray(storeCreditLots.id, [...lotIds]));
}
