import { displayName, PAID_ORDER_STATES, referralRewardProblem } from '../../../domain/referrals';
import { formatPenceShort } from '../../../domain/money';
import { mayAddCredit } from '../../../domain/email-confirmation';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { enqueueEmail } from '../../integrations/email';
import { referralNotRewarded, referralRewarded } from '../../integrations/email/referral-templates';
import { addCredit } from '../credit';
import { customerContacts, findCustomerById } from '../customers';
import { paidCheckoutsOf, type PaidCheckoutRecord } from '../orders';
import { cardsOfCheckouts } from '../payments';
import type { ShopRulesCache } from '../shop';
import { orderHousehold, referrerHousehold, rewardedHouseholds } from './household';
import {
  lockPendingReferral,
  lockReferralSettling,
  pendingReferralIds,
  settleReferral,
  type ReferralRow,
} from './rewards.repo';

// The referrer's reward (decision 30): when the friend's first order is paid, not before. A recurring job
// looks at pending referrals; each is settled under its row's lock, once: credit for the referrer (its ledger
// row's reference is the referral, which a unique index keeps to one), or refused with the reason when the
// order shares a card or an address with the referrer's household, or with the first paid order of any
// referral rewarded already (one household, several new emails: one reward). Settling takes a lock of its
// own (one referral at a time) so two of one household's referrals cannot both find the other unrewarded.
// The referrer is emailed either way. A
// paid checkout whose orders were all cancelled or whose payment went back does not count: the referral
// waits for one that stands. Credit waits, too, for the referrer to confirm their email (decision 18).

const PAID: ReadonlySet<string> = new Set(PAID_ORDER_STATES);

/** The first paid checkout that still stands (not cancelled, not refunded), if there is one. */
function firstStanding(
  checkouts: readonly PaidCheckoutRecord[],
  refunded: ReadonlyMap<string, { refunded: boolean }>,
): PaidCheckoutRecord | null {
  return (
    checkouts.find(
      (checkout) =>
        !refunded.get(checkout.id)?.refunded && checkout.orders.some((order) => PAID.has(order.state)),
    ) ?? null
  );
}

export class ReferralSettlement {
  constructor(
    private readonly db: Db,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  /** Settles the pending referrals whose friend has paid (the oldest first, `limit` a pass); how many. */
  async settlePending(limit = 100): Promise<number> {
    let settled = 0;
    for (const id of await pendingReferralIds(this.db, limit)) {
      if (await this.settle(id)) settled += 1;
    }
    return settled;
  }

  /** One referral, in a transaction of its own; false while it waits (or another worker holds it). */
  async settle(referralId: string): Promise<boolean> {
    const rules = await this.rules.get();
    return this.db.transaction(async (tx) => {
      const referral = await lockPendingReferral(tx, referralId);
      if (!referral) return false;
      const checkouts = await paidCheckoutsOf(tx, referral.friendId);
      if (checkouts.length === 0) return false;
      const payments = await cardsOfCheckouts(
        tx,
        checkouts.map((checkout) => checkout.id),
      );
      const first = firstStanding(checkouts, payments);
      if (!first) return false;
      const referrer = await findCustomerById(tx, referral.referrerId);
      if (!referrer || !mayAddCredit({ emailConfirmed: referrer.emailConfirmedAt !== null })) return false;
      await lockReferralSettling(tx);
      const problem = referralRewardProblem(
        await referrerHousehold(tx, referral.referrerId),
        await orderHousehold(tx, first, payments.get(first.id)?.cards ?? []),
        await rewardedHouseholds(tx),
      );
      const now = this.clock.now();
      const orderId = first.orders.find((order) => PAID.has(order.state))?.id ?? null;
      const friendName = await this.friendName(tx, referral);
      const rewardsLink = `${this.publicUrl}/account/rewards`;
      if (problem) {
        await settleReferral(tx, referral.id, { state: 'refused', orderId, problem, at: now });
        await enqueueEmail(
          tx,
          referralNotRewarded({
            to: referrer.email,
            firstName: referrer.firstName,
            friendName,
            reason: problem,
            rewardsLink,
          }),
        );
        return true;
      }
      const amount = rules.referrals.referrerCredit;
      await addCredit(tx, {
        customerId: referral.referrerId,
        amount,
        reason: 'referral',
        description: `Referral reward: ${friendName} joined`,
        reference: referral.id,
        at: now,
      });
      await settleReferral(tx, referral.id, { state: 'rewarded', orderId, rewardAmount: amount, at: now });
      await enqueueEmail(
        tx,
        referralRewarded({
          to: referrer.email,
          firstName: referrer.firstName,
          friendName,
          credit: formatPenceShort(amount),
          rewardsLink,
        }),
      );
      return true;
    });
  }

  private async friendName(db: DbOrTx, referral: ReferralRow): Promise<string> {
    const friend = (await customerContacts(db, [referral.friendId])).get(referral.friendId);
    return displayName(friend?.firstName);
  }
}
