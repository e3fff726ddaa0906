// The rewards area's public face (issue 23 part 3, decision 30): referral links and the welcome they give,
// the referrer's reward once the friend's first order is paid, plan loyalty's reward codes, and the blocks
// of the account's rewards page. Store credit itself is the credit area's; codes are the vouchers area's.

export { ReferralsService } from './referrals.service';
export { ReferralSettlement } from './referral-settlement';
export { LoyaltyService, loyaltyOfWeeks, planRewardVouchers } from './loyalty';
export { RewardBlocksService } from './reward-blocks';
export { rewardRoutes } from './rewards.routes';
export { rewardDevRoutes } from './dev.routes';
