import type { RewardBlock } from '../../../contracts/rewards';
import {
  displayName,
  friendOfferText,
  loyaltyProgress,
  loyaltyTermsText,
  referralHeadline,
  referralStateLabel,
  referralTermsText,
} from '../../../domain/referrals';
import { DomainError } from '../../../domain/errors';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { customerContacts, findCustomerById } from '../customers';
import type { ShopRulesCache } from '../shop';
import { rewardViews, type PlanReads } from './loyalty';
import { welcomeOf } from './referrals.service';
import { loyaltyRewardsOfPlans, referralsOfReferrer } from './rewards.repo';

// GET /reward_blocks (spec §7; decision 30): what /account/rewards shows, in its order: the referral (the
// customer's link, its terms, the friends who joined and how each stands, and their own welcome if a friend's
// link brought them), the offers (summed up: GET /marketing_offers lists them), the credit (its balance: the
// wallet shows the rest), and plan loyalty (each plan's progress to its next reward and the codes earned).

/** What the offers block reads of marketing's offers. */
export interface OffersReader {
  offersFor(customerId: string | null): Promise<{
    customerType: 'new' | 'existing';
    offers: { row: { voucherCode: string | null }; voucher: unknown; problem: string | null }[];
  }>;
}

export class RewardBlocksService {
  constructor(
    private readonly db: Db,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    private readonly plans: PlanReads,
    private readonly marketing: OffersReader,
  ) {}

  async blocks(customerId: string): Promise<RewardBlock[]> {
    const customer = await findCustomerById(this.db, customerId);
    // The session outlived its customer (deleted): the client treats 401 as signed out.
    if (!customer) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue');
    const rules = await this.rules.get();
    const now = this.clock.now();
    const terms = rules.referrals;

    const referrals = await referralsOfReferrer(this.db, customerId);
    const friends = await customerContacts(
      this.db,
      referrals.map((r) => r.friendId),
    );
    const link = `${this.publicUrl}/refer/${customer.referralToken}`;
    const count = (state: string) => referrals.filter((r) => r.state === state).length;
    const referral: RewardBlock = {
      id: 'referral',
      kind: 'referral',
      headline: referralHeadline(terms),
      terms: referralTermsText(terms),
      link,
      token: customer.referralToken,
      shareText: `${friendOfferText(customer.firstName, terms)} at Sfoglia, fresh pasta delivered: ${link}`,
      friendDiscount: terms.friendDiscount,
      friendMinimumSpend: terms.friendMinimumSpend,
      referrerCredit: terms.referrerCredit,
      emailConfirmed: customer.emailConfirmedAt !== null,
      counts: {
        joined: referrals.length,
        rewarded: count('rewarded'),
        pending: count('pending'),
        refused: count('refused'),
      },
      earned: referrals.reduce((sum, r) => sum + (r.state === 'rewarded' ? (r.rewardAmount ?? 0) : 0), 0),
      friends: referrals.map((r) => ({
        id: r.id,
        name: displayName(friends.get(r.friendId)?.firstName),
        joinedAt: r.createdAt.toISOString(),
        state: r.state,
        stateLabel: referralStateLabel(r, terms),
        problem: r.state === 'refused' ? r.problem : null,
        rewardAmount: r.rewardAmount,
        settledAt: r.settledAt?.toISOString() ?? null,
      })),
      welcome: await welcomeOf(this.db, customerId, terms, now),
    };

    const { customerType, offers } = await this.marketing.offersFor(customerId);
    const offersBlock: RewardBlock = {
      id: 'offers',
      kind: 'offers',
      count: offers.length,
      usable: offers.filter((o) => o.row.voucherCode === null || (o.voucher !== null && o.problem === null))
        .length,
      customerType,
    };

    const credit: RewardBlock = { id: 'credit', kind: 'credit', balance: customer.storeCredits };

    const plans = await this.plans.plansOfCustomer(this.db, customerId);
    const planIds = plans.map((plan) => plan.id);
    const [boxes, rewards] = await Promise.all([
      this.plans.paidPlanBoxes(this.db, planIds),
      loyaltyRewardsOfPlans(this.db, planIds).then((rows) => rewardViews(this.db, rows, now)),
    ]);
    const loyalty: RewardBlock = {
      id: 'loyalty',
      kind: 'loyalty',
      ...rules.loyalty,
      terms: loyaltyTermsText(rules.loyalty),
      plans: plans.map((plan) => {
        const paidBoxes = boxes.get(plan.id)?.boxes.length ?? 0;
        return {
          subscriptionId: plan.id,
          name: plan.name,
          active: plan.state !== 'cancelled',
          paidBoxes,
          progress: loyaltyProgress(paidBoxes, rules.loyalty.every),
          rewards: rewards
            .filter((reward) => reward.subscriptionId === plan.id)
            .map(({ subscriptionId: _plan, description: _description, ...reward }) => reward),
        };
      }),
    };
    return [referral, offersBlock, credit, loyalty];
  }
}
