import { formatPenceShort } from './money';

// Referrals and plan loyalty (issue 23 part 3, decision 30). A customer's referral link carries their
// referral token; a friend who signs up from it gets a welcome discount on their first order, and the
// referrer gets credit once that first order is paid. One reward per new household: the friend may not be
// the referrer (the same email, card or address), and may not have ordered before. Pure rules.

export const REFERRAL_DEFAULTS = {
  /** The friend's welcome discount on their first order (pence). */
  friendDiscount: 1000,
  /** The friend's first order must come to at least this before the discount (pence). */
  friendMinimumSpend: 3000,
  /** The referrer's credit when the friend's first order is paid (pence). */
  referrerCredit: 1000,
  /** Days the friend's welcome code lasts from sign-up. */
  friendCodeDays: 60,
};
export type ReferralTerms = typeof REFERRAL_DEFAULTS;

/** Why a referral does not apply, as the friend or the referrer reads it. */
export const REFERRAL_MESSAGES = {
  ownLink: 'This is your own referral link: share it with friends and you’ll both get a reward.',
  existingCustomer:
    'Referral offers are for new customers, and you’ve ordered with us before. Have a look at your offers instead.',
  alreadyReferred: 'You’ve already joined through a friend’s link: your welcome offer is in your account.',
  sameEmail: 'This referral can’t be used: it comes from the same email as the account that shared it.',
  sameCard: 'No reward for this referral: the order was paid with a card already on the referrer’s account.',
  sameAddress: 'No reward for this referral: the order goes to an address already on the referrer’s account.',
  linkUnknown: 'We don’t recognise that referral link. Check it was copied in full.',
} as const;

/**
 * An email as a household sees it: lower-cased, a "+tag" dropped, and for Gmail the dots too
 * ("A.Lex+pasta@gmail.com" is "alex@gmail.com").
 */
export function householdEmail(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  const withoutTag = local.split('+')[0]!;
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  return `${gmail ? withoutTag.replaceAll('.', '') : withoutTag}@${gmail ? 'gmail.com' : domain}`;
}

/** An address as a household: the postcode without spaces and the first line's letters and digits. */
export function householdAddress(address: { address1?: string | null; zip?: string | null }): string | null {
  const zip = (address.zip ?? '').replace(/\s+/g, '').toUpperCase();
  const line = (address.address1 ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
  if (!zip || !line) return null;
  return `${zip}|${line}`;
}

export interface ReferralParties {
  referrer: { id: string; email: string };
  friend: { id: string; email: string; hasPaidOrder: boolean; alreadyReferred: boolean };
}

/** At sign-up (or when a signed-in customer opens a link): whether the friend can take the welcome offer. */
export function referralSignUpProblem({ referrer, friend }: ReferralParties): string | null {
  if (referrer.id === friend.id) return REFERRAL_MESSAGES.ownLink;
  if (friend.alreadyReferred) return REFERRAL_MESSAGES.alreadyReferred;
  if (friend.hasPaidOrder) return REFERRAL_MESSAGES.existingCustomer;
  if (householdEmail(referrer.email) === householdEmail(friend.email)) return REFERRAL_MESSAGES.sameEmail;
  return null;
}

export interface HouseholdFacts {
  /** Card fingerprints (processor's, or brand+last4+expiry where there is none) saved by or paid with. */
  cards: readonly string[];
  /** householdAddress() of every address they have saved or ordered to. */
  addresses: readonly (string | null)[];
}

/**
 * When the friend's first order is paid: whether the referrer earns the reward. Refused when the order
 * shares a card or an address with the referrer's account (one reward per new household).
 */
export function referralRewardProblem(referrer: HouseholdFacts, friendOrder: HouseholdFacts): string | null {
  const cards = new Set(referrer.cards);
  if (friendOrder.cards.some((card) => cards.has(card))) return REFERRAL_MESSAGES.sameCard;
  const addresses = new Set(referrer.addresses.filter((a): a is string => a !== null));
  if (friendOrder.addresses.some((address) => address !== null && addresses.has(address))) {
    return REFERRAL_MESSAGES.sameAddress;
  }
  return null;
}

/** "Give £10, get £10": the headline of the referral block. */
export function referralHeadline(terms: ReferralTerms): string {
  return `Give ${formatPenceShort(terms.friendDiscount)}, get ${formatPenceShort(terms.referrerCredit)}`;
}

/** The whole offer in one sentence. */
export function referralTermsText(terms: ReferralTerms): string {
  return (
    `Friends get ${formatPenceShort(terms.friendDiscount)} off their first order of ` +
    `${formatPenceShort(terms.friendMinimumSpend)} or more. You get ${formatPenceShort(terms.referrerCredit)} ` +
    `of credit when it’s paid. One reward per new household.`
  );
}

// ---- Plan loyalty -------------------------------------------------------------------------------------------

export const LOYALTY_DEFAULTS = {
  /** Every this many paid plan boxes bring a reward. */
  every: 5,
  /** The reward: pence off the next box. */
  discount: 1000,
  /** Days the reward's code lasts. */
  codeDays: 90,
};
export type LoyaltyTerms = typeof LOYALTY_DEFAULTS;

/**
 * Which paid weeks complete a reward: the paid weeks in delivery order, cut into blocks of `every`. Returns
 * each complete block (1-based) with its weeks; a block not yet complete is not returned.
 */
export function loyaltyBlocks<T>(paidWeeks: readonly T[], every: number): { block: number; weeks: T[] }[] {
  if (!Number.isInteger(every) || every < 1)
    throw new RangeError(`A loyalty block is at least 1, not ${every}`);
  const blocks: { block: number; weeks: T[] }[] = [];
  for (let start = 0; start + every <= paidWeeks.length; start += every) {
    blocks.push({ block: start / every + 1, weeks: paidWeeks.slice(start, start + every) });
  }
  return blocks;
}

/** How far the plan is to its next reward: "2 of 5 paid boxes", with what is left. */
export function loyaltyProgress(
  paidCount: number,
  every: number,
): { done: number; left: number; text: string } {
  const done = paidCount % every;
  const left = every - done;
  return {
    done,
    left,
    text: `${done} of ${every} paid boxes: ${left} more to your next reward`,
  };
}
