import { queryOptions } from '@tanstack/react-query';
import {
  referralLinkModel,
  referralWelcomeModel,
  rewardBlockModel,
  type ReferralLink,
  type RewardBlock,
} from '../../../contracts/rewards';
import { api } from '../../shared/api/client';
import { readMany, readOne } from '../../shared/api/documents';
import { customerQueries } from '../../shared/customer.queries';

// Rewards (spec §7 GET /reward_blocks; decision 30): the blocks of /account/rewards, a referral link as a
// friend opens it, and taking its welcome while signed in.

export const rewardQueries = {
  /** The signed-in customer's blocks (under the customer's keys: signing out drops them). */
  blocks: () =>
    queryOptions({
      queryKey: [...customerQueries.all, 'reward-blocks'] as const,
      queryFn: async ({ signal }): Promise<RewardBlock[]> =>
        readMany(await api('GET', '/reward_blocks', { signal }), rewardBlockModel),
    }),
  /**
   * A referral link, as this visitor or customer (`signedInAs`) reads it: public; signed in, a link that does
   * not apply is a 400 with the reason (no retry).
   */
  link: (token: string, signedInAs: string | null) =>
    queryOptions({
      queryKey: ['referral-links', token.toUpperCase(), signedInAs ?? 'visitor'] as const,
      queryFn: async ({ signal }): Promise<ReferralLink> =>
        readOne(await api('GET', `/referrals/${encodeURIComponent(token)}`, { signal }), referralLinkModel),
      retry: false,
      staleTime: 60_000,
    }),
};

export const rewardsApi = {
  /** POST /referrals/{token}: a signed-in newcomer takes the welcome; its code. */
  takeWelcome: async (token: string) =>
    readOne(await api('POST', `/referrals/${encodeURIComponent(token)}`), referralWelcomeModel),
};
