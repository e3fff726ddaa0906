import * as z from 'zod/mini';
import { isoDateSchema, penceSchema } from './common';
import { resource } from './envelope';
import { settingsAttributes, type Settings } from './shop';

// Rewards (spec §2 Account rewards; §3 Customer referral token, Schedule week loyalty, Subscription customer
// vouchers; §7 GET /reward_blocks; decision 30): the blocks of /account/rewards in the order it shows them
// (the referral, the offers, the credit, plan loyalty), a referral link as a friend opens it, and the
// welcome a friend takes from it.

export const referralStateSchema = z.enum(['pending', 'rewarded', 'refused']);

/** A friend who joined from the customer's link, and what came of it. */
export const referredFriendSchema = z.object({
  id: z.string(),
  /** The friend's first name ("A friend" when they gave none). */
  name: z.string(),
  joinedAt: z.string(),
  state: referralStateSchema,
  /** "Joined: waiting for their first order", "£10 credit added", or why there is no reward. */
  stateLabel: z.string(),
  /** Why there is no reward (refused only). */
  problem: z.nullable(z.string()),
  rewardAmount: z.nullable(penceSchema),
  settledAt: z.nullable(z.string()),
});
export type ReferredFriend = z.infer<typeof referredFriendSchema>;

/**
 * The customer's own welcome, when they joined from a friend's link: the code and its terms, and how it
 * stands (ready to use, used, expired, or refused with the reason: the same household's email).
 */
export const referralWelcomeSchema = z.object({
  referralId: z.string(),
  referrerName: z.string(),
  /** "Sam has given you £10 off your first order of £30 or more". */
  offer: z.string(),
  state: z.enum(['ready', 'used', 'expired', 'refused']),
  problem: z.nullable(z.string()),
  code: z.nullable(z.string()),
  voucherId: z.nullable(z.string()),
  discount: penceSchema,
  minimumSpend: penceSchema,
  /** The last day it can be used. */
  endDate: z.nullable(isoDateSchema),
});
export type ReferralWelcome = z.infer<typeof referralWelcomeSchema>;

export const referralBlockAttributes = z.object({
  kind: z.literal('referral'),
  /** "Give £10, get £10". */
  headline: z.string(),
  terms: z.string(),
  /** The customer's link: `${publicUrl}/refer/${referralToken}`. */
  link: z.string(),
  token: z.string(),
  /** What a share sends with the link. */
  shareText: z.string(),
  friendDiscount: penceSchema,
  friendMinimumSpend: penceSchema,
  referrerCredit: penceSchema,
  /** Credit is added only to a confirmed account (decision 18): until then the rewards wait. */
  emailConfirmed: z.boolean(),
  counts: z.object({ joined: z.int(), rewarded: z.int(), pending: z.int(), refused: z.int() }),
  /** Credit earned from referrals so far. */
  earned: penceSchema,
  friends: z.array(referredFriendSchema),
  welcome: z.nullable(referralWelcomeSchema),
});

export const offersBlockAttributes = z.object({
  kind: z.literal('offers'),
  /** Offers for this customer now (GET /marketing_offers lists them), and how many they can still use. */
  count: z.int(),
  usable: z.int(),
  customerType: z.enum(['new', 'existing']),
});

export const creditBlockAttributes = z.object({
  kind: z.literal('credit'),
  balance: penceSchema,
});

/** A plan's reward code (spec §3 Subscription customer vouchers; Schedule week loyalty). */
export const loyaltyRewardSchema = z.object({
  id: z.string(),
  /** 1 for the first `every` paid boxes, 2 for the next… */
  block: z.int(),
  /** The schedule weeks whose paid boxes earned it. */
  weekIds: z.array(z.string()),
  voucherId: z.string(),
  code: z.string(),
  discount: penceSchema,
  endDate: z.nullable(isoDateSchema),
  used: z.boolean(),
  expired: z.boolean(),
  earnedAt: z.string(),
});
export type LoyaltyReward = z.infer<typeof loyaltyRewardSchema>;

export const loyaltyBlockAttributes = z.object({
  kind: z.literal('loyalty'),
  every: z.int(),
  discount: penceSchema,
  codeDays: z.int(),
  terms: z.string(),
  plans: z.array(
    z.object({
      subscriptionId: z.string(),
      name: z.string(),
      /** Whether the plan still runs (a cancelled plan keeps what it earned). */
      active: z.boolean(),
      paidBoxes: z.int(),
      /** "3 of 5 paid boxes: 2 more to your next reward". */
      progress: z.object({ done: z.int(), left: z.int(), text: z.string() }),
      rewards: z.array(loyaltyRewardSchema),
    }),
  ),
});

// A plain union of blocks each with its own literal `kind` (not discriminatedUnion: that pulls zod's
// discriminated union into the chunk every page's first load shares; decision 30).
export const rewardBlockAttributes = z.union([
  referralBlockAttributes,
  offersBlockAttributes,
  creditBlockAttributes,
  loyaltyBlockAttributes,
]);
export const rewardBlocksDocument = z.object({
  data: z.array(resource('reward_blocks', rewardBlockAttributes)),
});

export const rewardBlockModel = z.union([
  z.extend(referralBlockAttributes, { id: z.string() }),
  z.extend(offersBlockAttributes, { id: z.string() }),
  z.extend(creditBlockAttributes, { id: z.string() }),
  z.extend(loyaltyBlockAttributes, { id: z.string() }),
]);
export type RewardBlock = z.infer<typeof rewardBlockModel>;
export type ReferralBlock = Extract<RewardBlock, { kind: 'referral' }>;
export type OffersBlock = Extract<RewardBlock, { kind: 'offers' }>;
export type CreditBlock = Extract<RewardBlock, { kind: 'credit' }>;
export type LoyaltyBlock = Extract<RewardBlock, { kind: 'loyalty' }>;

/** GET /referrals/{token}: the link as the friend opening it reads it. */
export const referralLinkAttributes = z.object({
  referrerName: z.string(),
  /** "Sam has given you £10 off your first order of £30 or more". */
  offer: z.string(),
  headline: z.string(),
  terms: z.string(),
  friendDiscount: penceSchema,
  friendMinimumSpend: penceSchema,
  friendCodeDays: z.int(),
  /**
   * Opened signed in: it applies (POST takes it; one that does not apply answers 400
   * REFERRAL_NOT_ELIGIBLE with the reason instead). A visitor takes it at sign-up.
   */
  signedIn: z.boolean(),
});
export const referralLinkDocument = z.object({ data: resource('referral_links', referralLinkAttributes) });
export const referralLinkModel = z.extend(referralLinkAttributes, { id: z.string() });
export type ReferralLink = z.infer<typeof referralLinkModel>;

/** POST /referrals/{token}: the welcome taken, with its code. */
export const referralWelcomeDocument = z.object({
  data: resource('referral_welcomes', referralWelcomeSchema),
});
export const referralWelcomeModel = z.extend(referralWelcomeSchema, { id: z.string() });

export const referralTokenParams = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(64)),
});

/** Spec §3 Schedule week: the reward a week's paid box completed (null for any other week). */
export const scheduleWeekLoyaltySchema = z.nullable(
  z.object({ weekIds: z.array(z.string()), voucherId: z.string() }),
);

/** Spec §3 Subscription customer vouchers: the plan's reward codes and whether each was used. */
export const customerVoucherSchema = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  discount: penceSchema,
  endDate: z.nullable(isoDateSchema),
  used: z.boolean(),
  expired: z.boolean(),
});
export type CustomerVoucher = z.infer<typeof customerVoucherSchema>;

/**
 * GET /settings' rewards group (decision 30): what a friend gets off a first order of at least the minimum,
 * the referrer's credit once it is paid, how long the friend's code lasts; every how many paid plan boxes
 * bring a reward code worth how much, for how long; each in words. Apart from the settings' own schema: the
 * web app's first load parses the settings and never reads these (the rewards page has its blocks).
 */
export const rewardSettingsSchema = z.object({
  referral: z.object({
    friendDiscount: penceSchema,
    friendMinimumSpend: penceSchema,
    referrerCredit: penceSchema,
    friendCodeDays: z.int(),
    headline: z.string(),
    terms: z.string(),
  }),
  loyalty: z.object({ every: z.int(), discount: penceSchema, codeDays: z.int(), terms: z.string() }),
});
export const settingsWithRewardsDocument = z.object({
  data: resource('settings', z.extend(settingsAttributes, { rewards: rewardSettingsSchema })),
});
export type SettingsWithRewards = Settings & { rewards: z.infer<typeof rewardSettingsSchema> };
