import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { TAB_LIFECYCLE, type TabState } from '../../../domain/tabs';
import { assertMove } from '../../../domain/lifecycles';
import type { DbOrTx } from '../../db/client';
import { dineInBillParts, dineInRounds, dineInTabMembers, dineInTabs } from '../../db/schema/dine-in';
import { recordStateChange, type Mover } from '../orders';

// Dine-in's own rows (decision 28): tabs, who is on them, their rounds and the parts of a split bill. A tab is
// locked after its checkouts and their payments (the money path's one lock order), so a kind's hook, called
// by payments with the checkout locked, may lock it.

export type TabRow = typeof dineInTabs.$inferSelect;
export type MemberRow = typeof dineInTabMembers.$inferSelect;
export type RoundRow = typeof dineInRounds.$inferSelect;
export type PartRow = typeof dineInBillParts.$inferSelect;

/** Tabs that are not over: a holder has one at most. */
export const LIVE_TAB_STATES: readonly TabState[] = ['opening', 'open', 'settling', 'closing'];

export async function insertTab(tx: DbOrTx, values: typeof dineInTabs.$inferInsert): Promise<TabRow> {
  const [row] = await tx.insert(dineInTabs).values(values).returning();
  return row!;
}

export async function readTab(db: DbOrTx, id: string): Promise<TabRow | null> {
  const [row] = await db.select().from(dineInTabs).where(eq(dineInTabs.id, id));
  return row ?? null;
}

export async function lockTab(tx: DbOrTx, id: string): Promise<TabRow | null> {
  const [row] = await tx.select().from(dineInTabs).where(eq(dineInTabs.id, id)).for('update');
  return row ?? null;
}

/** The tab a checkout is the money of (a hook's way in), locked. */
export async function lockTabOfCheckout(tx: DbOrTx, checkoutId: string): Promise<TabRow | null> {
  const [row] = await tx.select().from(dineInTabs).where(eq(dineInTabs.checkoutId, checkoutId)).for('update');
  return row ?? null;
}

export async function tabByJoinToken(db: DbOrTx, token: string): Promise<TabRow | null> {
  const [row] = await db.select().from(dineInTabs).where(eq(dineInTabs.joinToken, token));
  return row ?? null;
}

/** The holder's tab that is not over, if any. */
export async function liveTabOfHolder(db: DbOrTx, holderId: string): Promise<TabRow | null> {
  const [row] = await db
    .select()
    .from(dineInTabs)
    .where(and(eq(dineInTabs.holderId, holderId), inArray(dineInTabs.state, [...LIVE_TAB_STATES])));
  return row ?? null;
}

/** The newest tab a customer is on (holder or member): a live one first. */
export async function latestTabOf(db: DbOrTx, customerId: string): Promise<TabRow | null> {
  const [row] = await db
    .select({ tab: dineInTabs })
    .from(dineInTabMembers)
    .innerJoin(dineInTabs, eq(dineInTabs.id, dineInTabMembers.tabId))
    .where(and(eq(dineInTabMembers.customerId, customerId), sql`${dineInTabs.state} <> 'abandoned'`))
    .orderBy(
      sql`case when ${dineInTabs.state} in ('opening', 'open', 'settling', 'closing') then 0 else 1 end`,
      desc(dineInTabs.openedAt),
    )
    .limit(1);
  return row?.tab ?? null;
}

/** The tabs of a restaurant that are not over, oldest first (the floor). */
export function liveTabsOf(db: DbOrTx, restaurantId: string): Promise<TabRow[]> {
  return db
    .select()
    .from(dineInTabs)
    .where(
      and(
        eq(dineInTabs.restaurantId, restaurantId),
        inArray(dineInTabs.state, ['open', 'settling', 'closing']),
      ),
    )
    .orderBy(asc(dineInTabs.openedAt));
}

/** Tabs whose clock ran out, or whose capture waits (the `tabs-close` job), oldest first. */
export function dueTabs(db: DbOrTx, now: Date, limit = 50): Promise<TabRow[]> {
  return db
    .select()
    .from(dineInTabs)
    .where(
      sql`(${dineInTabs.state} in ('open', 'settling') and ${dineInTabs.autoCloseAt} <= ${now}) or ${dineInTabs.state} = 'closing'`,
    )
    .orderBy(asc(dineInTabs.autoCloseAt))
    .limit(limit);
}

/**
 * Moves a locked tab along its lifecycle with its changes, counting the change (its screens see the version
 * move) and recording who and why.
 */
export async function moveTab(
  tx: DbOrTx,
  tab: TabRow,
  to: TabState,
  changes: Partial<Omit<typeof dineInTabs.$inferInsert, 'id' | 'state' | 'version'>>,
  by: Mover,
): Promise<TabRow> {
  if (tab.state !== to) assertMove(TAB_LIFECYCLE, tab.state, to);
  const [row] = await tx
    .update(dineInTabs)
    .set({ ...changes, state: to, version: sql`${dineInTabs.version} + 1`, updatedAt: by.at })
    .where(eq(dineInTabs.id, tab.id))
    .returning();
  if (tab.state !== to) await recordStateChange(tx, 'tab', tab.id, tab.state, to, by);
  return row!;
}

/** Changes a locked tab without moving it (a round added, a limit raised): its version moves. */
export function touchTab(
  tx: DbOrTx,
  tab: TabRow,
  changes: Partial<Omit<typeof dineInTabs.$inferInsert, 'id' | 'state' | 'version'>>,
  at: Date,
): Promise<TabRow> {
  return moveTab(tx, tab, tab.state, changes, { actor: 'tab', at });
}

// ---- Members ----------------------------------------------------------------------------------------------

export async function addMember(
  tx: DbOrTx,
  values: { tabId: string; customerId: string; name: string; joinedAt: Date },
): Promise<void> {
  await tx.insert(dineInTabMembers).values(values).onConflictDoNothing();
}

export function membersOf(db: DbOrTx, tabId: string): Promise<MemberRow[]> {
  return membersOfTabs(db, [tabId]);
}

/** The members of several tabs (the floor's), in the order they joined. */
export function membersOfTabs(db: DbOrTx, tabIds: readonly string[]): Promise<MemberRow[]> {
  return db
    .select()
    .from(dineInTabMembers)
    .where(inArray(dineInTabMembers.tabId, [...tabIds]))
    .orderBy(asc(dineInTabMembers.joinedAt));
}

export async function isMember(db: DbOrTx, tabId: string, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ tabId: dineInTabMembers.tabId })
    .from(dineInTabMembers)
    .where(and(eq(dineInTabMembers.tabId, tabId), eq(dineInTabMembers.customerId, customerId)));
  return row !== undefined;
}

// ---- Rounds -----------------------------------------------------------------------------------------------

export async function insertRound(tx: DbOrTx, values: typeof dineInRounds.$inferInsert): Promise<void> {
  await tx.insert(dineInRounds).values(values);
}

export function roundsOf(db: DbOrTx, tabId: string): Promise<RoundRow[]> {
  return roundsOfTabs(db, [tabId]);
}

export function roundsOfTabs(db: DbOrTx, tabIds: readonly string[]): Promise<RoundRow[]> {
  return db
    .select()
    .from(dineInRounds)
    .where(inArray(dineInRounds.tabId, [...tabIds]))
    .orderBy(asc(dineInRounds.number));
}

/** The number the next round of a locked tab takes. */
export async function nextRoundNumber(tx: DbOrTx, tabId: string): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number>`coalesce(max(${dineInRounds.number}), 0)` })
    .from(dineInRounds)
    .where(eq(dineInRounds.tabId, tabId));
  return Number(row?.last ?? 0) + 1;
}

// ---- Bill parts -------------------------------------------------------------------------------------------

export function partsOf(db: DbOrTx, tabId: string): Promise<PartRow[]> {
  return partsOfTabs(db, [tabId]);
}

export function partsOfTabs(db: DbOrTx, tabIds: readonly string[]): Promise<PartRow[]> {
  return db
    .select()
    .from(dineInBillParts)
    .where(inArray(dineInBillParts.tabId, [...tabIds]))
    .orderBy(asc(dineInBillParts.position));
}

export async function readPart(db: DbOrTx, partId: string): Promise<PartRow | null> {
  const [row] = await db.select().from(dineInBillParts).where(eq(dineInBillParts.id, partId));
  return row ?? null;
}

/** The part a share's checkout pays (a share kind's hook's way in). */
export async function partOfCheckout(db: DbOrTx, checkoutId: string): Promise<PartRow | null> {
  const [row] = await db.select().from(dineInBillParts).where(eq(dineInBillParts.checkoutId, checkoutId));
  return row ?? null;
}

export async function replaceParts(
  tx: DbOrTx,
  tabId: string,
  parts: readonly Omit<typeof dineInBillParts.$inferInsert, 'tabId'>[],
): Promise<void> {
  await tx.delete(dineInBillParts).where(eq(dineInBillParts.tabId, tabId));
  if (parts.length > 0) await tx.insert(dineInBillParts).values(parts.map((part) => ({ ...part, tabId })));
}

export async function updatePart(
  tx: DbOrTx,
  partId: string,
  changes: Partial<Omit<typeof dineInBillParts.$inferInsert, 'id' | 'tabId'>>,
): Promise<PartRow> {
  const [row] = await tx
    .update(dineInBillParts)
    .set(changes)
    .where(eq(dineInBillParts.id, partId))
    .returning();
  return row!;
}

/** The tab a round's order belongs to. */
export async function tabOfRound(db: DbOrTx, orderId: string): Promise<TabRow | null> {
  const [row] = await db
    .select({ tab: dineInTabs })
    .from(dineInRounds)
    .innerJoin(dineInTabs, eq(dineInTabs.id, dineInRounds.tabId))
    .where(eq(dineInRounds.orderId, orderId));
  return row?.tab ?? null;
}
