import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loyaltyRewards, referrals } from '../../db/schema/after-order';

// The rewards area's tables (decision 30): referrals (a friend who joined from a customer's link, and what
// came of it) and loyalty rewards (a plan's block of paid boxes and the code it brought).

export type ReferralRow = typeof referrals.$inferSelect;
export type LoyaltyRewardRow = typeof loyaltyRewards.$inferSelect;

/** Records a referral; null when the friend was referred already (one referral per friend). */
export async function insertReferral(
  tx: DbOrTx,
  values: typeof referrals.$inferInsert,
): Promise<ReferralRow | null> {
  const [row] = await tx
    .insert(referrals)
    .values(values)
    .onConflictDoNothing({ target: referrals.friendId })
    .returning();
  return row ?? null;
}

/** The referral that brought this customer, if one did. */
export async function referralOfFriend(db: DbOrTx, friendId: string): Promise<ReferralRow | null> {
  const [row] = await db.select().from(referrals).where(eq(referrals.friendId, friendId)).limit(1);
  return row ?? null;
}

/** The friends who joined from this customer's link, the latest first. */
export function referralsOfReferrer(db: DbOrTx, referrerId: string): Promise<ReferralRow[]> {
  return db
    .select()
    .from(referrals)
    .where(eq(referrals.referrerId, referrerId))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(200);
}

/** Locks one referral if it is still pending (null when it was settled, or another worker holds it). */
export async function lockPendingReferral(tx: DbOrTx, id: string): Promise<ReferralRow | null> {
  const [row] = await tx
    .select()
    .from(referrals)
    .where(and(eq(referrals.id, id), eq(referrals.state, 'pending')))
    .for('update', { skipLocked: true });
  return row ?? null;
}

/** The pending referrals' ids, the oldest first (each is then settled in a transaction of its own). */
export async function pendingReferralIds(db: DbOrTx, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(eq(referrals.state, 'pending'))
    .orderBy(asc(referrals.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The first paid orders of the referrals already rewarded (from any referrer): one reward per household. */
export async function rewardedReferralOrderIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ orderId: referrals.orderId })
    .from(referrals)
    .where(and(eq(referrals.state, 'rewarded'), isNotNull(referrals.orderId)));
  return rows.map((row) => row.orderId!);
}

/**
 * Settles one referral at a time, to the transaction's end: a referral is compared with those already
 * rewarded, so two friends of one household settling at once must not both find none.
 */
export async function lockReferralSettling(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sfoglia:referral-settlement'))`);
}

export async function settleReferral(
  tx: DbOrTx,
  id: string,
  outcome:
    | { state: 'rewarded'; orderId: string | null; rewardAmount: number; at: Date }
    | { state: 'refused'; orderId: string | null; problem: string; at: Date },
): Promise<void> {
  await tx
    .update(referrals)
    .set({
      state: outcome.state,
      orderId: outcome.orderId,
      settledAt: outcome.at,
      ...(outcome.state === 'rewarded'
        ? { rewardAmount: outcome.rewardAmount, problem: null }
        : { problem: outcome.problem }),
    })
    .where(and(eq(referrals.id, id), eq(referrals.state, 'pending')));
}

/** Records a plan's reward for a block; false when that block has its reward already (another worker). */
export async function insertLoyaltyReward(
  tx: DbOrTx,
  values: typeof loyaltyRewards.$inferInsert,
): Promise<boolean> {
  const made = await tx
    .insert(loyaltyRewards)
    .values(values)
    .onConflictDoNothing({ target: [loyaltyRewards.subscriptionId, loyaltyRewards.block] })
    .returning({ id: loyaltyRewards.id });
  return made.length > 0;
}

/** How many rewards each plan has (its highest block), by plan id. */
export async function loyaltyBlocksOfPlans(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({
      subscriptionId: loyaltyRewards.subscriptionId,
      blocks: sql<number>`max(${loyaltyRewards.block})::int`,
    })
    .from(loyaltyRewards)
    .groupBy(loyaltyRewards.subscriptionId);
  return new Map(rows.map((row) => [row.subscriptionId, row.blocks]));
}

/** These plans' rewards, in block order. */
export function loyaltyRewardsOfPlans(
  db: DbOrTx,
  subscriptionIds: readonly string[],
): Promise<LoyaltyRewardRow[]> {
  if (subscriptionIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(loyaltyRewards)
    .where(inArray(loyaltyRewards.subscriptionId, [...subscriptionIds]))
    .orderBy(asc(loyaltyRewards.subscriptionId), asc(loyaltyRewards.block));
}
