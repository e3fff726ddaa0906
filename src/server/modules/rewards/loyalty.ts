import type { CustomerVoucher, LoyaltyReward } from '../../../contracts/rewards';
import { londonDate, type IsoDate } from '../../../domain/calendar';
import { formatPenceShort } from '../../../domain/money';
import { codeEndDate, longDateLabel, loyaltyBlocks } from '../../../domain/referrals';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { enqueueEmail } from '../../integrations/email';
import { loyaltyReward } from '../../integrations/email/referral-templates';
import { customerContacts } from '../customers';
import { paidOrderCountsOfPlans } from '../orders';
import type { ShopRulesCache } from '../shop';
import { createPersonalVoucher, personalVouchersOf } from '../vouchers';
import {
  insertLoyaltyReward,
  loyaltyBlocksOfPlans,
  loyaltyRewardsOfPlans,
  type LoyaltyRewardRow,
} from './rewards.repo';

// Plan loyalty (decision 30): every `every` paid boxes of a plan (settings `loyalty_terms`, five by default),
// counted in delivery order, bring a personal code worth `discount` off a box for `codeDays`. A recurring
// job makes each block's reward once (a unique index on plan and block: a second worker's attempt rolls its
// code back), and emails the customer. The schedule week whose box completed a block shows the reward
// (`loyalty: { weekIds, voucherId }`), and the plan lists its codes (its customer vouchers).

/** A plan's paid boxes in delivery order, and whose plan it is (read from the subscriptions area). */
export interface PaidPlanBoxes {
  customerId: string;
  boxes: { weekId: string; orderId: string; deliveryDate: string }[];
}

/** What loyalty reads of plans: given by the composition root (the subscriptions area reads rewards). */
export interface PlanReads {
  paidPlanBoxes(db: DbOrTx, subscriptionIds: readonly string[]): Promise<Map<string, PaidPlanBoxes>>;
  plansOfCustomer(db: DbOrTx, customerId: string): Promise<{ id: string; name: string; state: string }[]>;
}

/** Thrown to roll a reward's code back when another worker made that block's reward first. */
class RewardTaken extends Error {}

export class LoyaltyService {
  constructor(
    private readonly db: Db,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    private readonly plans: PlanReads,
  ) {}

  /** Makes the rewards every plan has earned and not had; how many were made. */
  async award(): Promise<number> {
    const { every } = (await this.rules.get()).loyalty;
    const [paid, given] = await Promise.all([paidOrderCountsOfPlans(this.db), loyaltyBlocksOfPlans(this.db)]);
    // Paid orders bound paid boxes from above: only plans that may have a block to reward are read.
    const candidates = [...paid]
      .filter(([planId, count]) => Math.floor(count / every) > (given.get(planId) ?? 0))
      .map(([planId]) => planId);
    let made = 0;
    for (let i = 0; i < candidates.length; i += 50) {
      const boxes = await this.plans.paidPlanBoxes(this.db, candidates.slice(i, i + 50));
      for (const [planId, plan] of boxes) {
        for (const block of loyaltyBlocks(plan.boxes, every)) {
          if (block.block <= (given.get(planId) ?? 0)) continue;
          if (await this.reward(planId, plan.customerId, block.block, block.weeks, every)) made += 1;
        }
      }
    }
    return made;
  }

  /** One block's reward, in a transaction of its own: the code, the reward, the email; false if taken. */
  private async reward(
    subscriptionId: string,
    customerId: string,
    block: number,
    weeks: PaidPlanBoxes['boxes'],
    every: number,
  ): Promise<boolean> {
    const terms = (await this.rules.get()).loyalty;
    const now = this.clock.now();
    const endDate = codeEndDate(londonDate(now), terms.codeDays);
    const boxes = block * every;
    try {
      await this.db.transaction(async (tx) => {
        const voucher = await createPersonalVoucher(tx, {
          customerId,
          prefix: 'PLAN',
          value: terms.discount,
          minimumSpendPerOrder: null,
          singleOrder: true,
          newCustomersOnly: false,
          endDate,
          description: `Plan reward for ${boxes} paid boxes: ${formatPenceShort(terms.discount)} off a box.`,
        });
        const recorded = await insertLoyaltyReward(tx, {
          subscriptionId,
          customerId,
          block,
          weekIds: weeks.map((week) => week.weekId),
          voucherId: voucher.id,
          createdAt: now,
        });
        if (!recorded) throw new RewardTaken();
        const contact = (await customerContacts(tx, [customerId])).get(customerId);
        if (contact) {
          await enqueueEmail(
            tx,
            loyaltyReward({
              to: contact.email,
              firstName: contact.firstName,
              boxes,
              discount: formatPenceShort(terms.discount),
              code: voucher.code,
              endDate: longDateLabel(endDate),
              useLink: `${this.publicUrl}/next-order-voucher?vc=${encodeURIComponent(voucher.code)}`,
              rewardsLink: `${this.publicUrl}/account/rewards`,
            }),
          );
        }
      });
      return true;
    } catch (error) {
      if (error instanceof RewardTaken) return false;
      throw error;
    }
  }
}

/** Rewards with their codes and whether each was used or has expired, in block order. */
export async function rewardViews(
  db: DbOrTx,
  rows: readonly LoyaltyRewardRow[],
  now: Date,
): Promise<(LoyaltyReward & { subscriptionId: string; description: string })[]> {
  const vouchers = await personalVouchersOf(
    db,
    rows.map((row) => row.voucherId),
  );
  const today = londonDate(now);
  return rows.flatMap((row) => {
    const voucher = vouchers.get(row.voucherId);
    if (!voucher) return [];
    return [
      {
        id: row.id,
        subscriptionId: row.subscriptionId,
        block: row.block,
        weekIds: row.weekIds,
        voucherId: row.voucherId,
        code: voucher.code,
        description: voucher.description,
        discount: voucher.value,
        endDate: (voucher.endDate as IsoDate | null) ?? null,
        used: voucher.used,
        expired: !voucher.used && voucher.endDate !== null && voucher.endDate < today,
        earnedAt: row.createdAt.toISOString(),
      },
    ];
  });
}

/**
 * Spec §3 Schedule week loyalty: for each week whose paid box completed a block, the block's weeks and its
 * code (by week id); other weeks are not in the map.
 */
export async function loyaltyOfWeeks(
  db: DbOrTx,
  subscriptionIds: readonly string[],
): Promise<Map<string, { weekIds: string[]; voucherId: string }>> {
  const rows = await loyaltyRewardsOfPlans(db, subscriptionIds);
  return new Map(
    rows
      .filter((row) => row.weekIds.length > 0)
      .map((row) => [row.weekIds.at(-1)!, { weekIds: row.weekIds, voucherId: row.voucherId }]),
  );
}

/** Spec §3 Subscription customer vouchers: each plan's reward codes and whether used, by plan id. */
export async function planRewardVouchers(
  db: DbOrTx,
  subscriptionIds: readonly string[],
  now: Date,
): Promise<Map<string, CustomerVoucher[]>> {
  const views = await rewardViews(db, await loyaltyRewardsOfPlans(db, subscriptionIds), now);
  const out = new Map<string, CustomerVoucher[]>();
  for (const view of views) {
    const list = out.get(view.subscriptionId) ?? [];
    list.push({
      id: view.voucherId,
      code: view.code,
      description: view.description,
      discount: view.discount,
      endDate: view.endDate,
      used: view.used,
      expired: view.expired,
    });
    out.set(view.subscriptionId, list);
  }
  return out;
}
