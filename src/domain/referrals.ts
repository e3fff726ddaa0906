import { addDays, dayMonth, type IsoDate } from './calendar';
import { formatPenceShort } from './money';
import type { OrderState } from './orders';

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
  householdReferred: 'No reward for this referral: this household has already joined through a referral.',
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

/** A saved card or PayPal account as a household sees it (no fingerprint here: brand and last four digits). */
export function householdCard(method: {
  type: 'CreditCard' | 'PaypalAccount';
  brand: string | null;
  last4: string | null;
  email: string | null;
}): string | null {
  if (method.type === 'PaypalAccount') return method.email ? `paypal:${householdEmail(method.email)}` : null;
  if (!method.last4) return null;
  return `card:${(method.brand ?? 'card').trim().toLowerCase()}|${method.last4}`;
}

/**
 * The same, from how a receipt names a card that has since been deleted ("Visa ending 4242",
 * "PayPal (ana@example.com)"; domain/receipt.ts paidWithLabel); null for anything else.
 */
export function householdCardFromLabel(label: string | null): string | null {
  if (!label) return null;
  const card = /^(.+) ending (\d{4})$/.exec(label.trim());
  if (card) return householdCard({ type: 'CreditCard', brand: card[1]!, last4: card[2]!, email: null });
  const paypal = /^PayPal \((.+@.+)\)$/.exec(label.trim());
  if (paypal) return householdCard({ type: 'PaypalAccount', brand: null, last4: null, email: paypal[1]! });
  return null;
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

/** Whether the two share a card or a known address (an unknown one, null, is never shared). */
function shares(a: HouseholdFacts, b: HouseholdFacts): 'card' | 'address' | null {
  const cards = new Set(a.cards);
  if (b.cards.some((card) => cards.has(card))) return 'card';
  const addresses = new Set(a.addresses.filter((x): x is string => x !== null));
  if (b.addresses.some((address) => address !== null && addresses.has(address))) return 'address';
  return null;
}

/**
 * When the friend's first order is paid: whether the referrer earns the reward. Refused when the order
 * shares a card or an address with the referrer's account, or with the first paid order of a referral
 * already rewarded (from any referrer: `rewardedBefore`, those orders' cards and addresses together). One
 * reward per new household.
 */
export function referralRewardProblem(
  referrer: HouseholdFacts,
  friendOrder: HouseholdFacts,
  rewardedBefore: HouseholdFacts = { cards: [], addresses: [] },
): string | null {
  const withReferrer = shares(referrer, friendOrder);
  if (withReferrer === 'card') return REFERRAL_MESSAGES.sameCard;
  if (withReferrer === 'address') return REFERRAL_MESSAGES.sameAddress;
  if (shares(rewardedBefore, friendOrder)) return REFERRAL_MESSAGES.householdReferred;
  return null;
}

/** A whole number from `min` to `max`, or the fallback. */
function whole(value: unknown, min: number, max: number, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
    ? value
    : fallback;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * The referral terms an operator set (setting `referral_terms`: amounts in pence up to £500, days up to a
 * year); each field anything else is its default.
 */
export function referralTermsFrom(value: unknown): ReferralTerms {
  const d = REFERRAL_DEFAULTS;
  return {
    friendDiscount: whole(field(value, 'friendDiscount'), 1, 50_000, d.friendDiscount),
    friendMinimumSpend: whole(field(value, 'friendMinimumSpend'), 0, 50_000, d.friendMinimumSpend),
    referrerCredit: whole(field(value, 'referrerCredit'), 0, 50_000, d.referrerCredit),
    friendCodeDays: whole(field(value, 'friendCodeDays'), 1, 365, d.friendCodeDays),
  };
}

/** The plan loyalty terms an operator set (setting `loyalty_terms`), each field defaulted the same way. */
export function loyaltyTermsFrom(value: unknown): LoyaltyTerms {
  const d = LOYALTY_DEFAULTS;
  return {
    every: whole(field(value, 'every'), 1, 52, d.every),
    discount: whole(field(value, 'discount'), 1, 50_000, d.discount),
    codeDays: whole(field(value, 'codeDays'), 1, 365, d.codeDays),
  };
}

/**
 * A customer's first name as another customer reads it (the friend on a referral link, the referrer beside a
 * friend): a name that reads as a name, else "A friend". Names are typed by whoever fills in a form; one
 * carrying a web address or markup must not reach someone else in our words.
 */
export function displayName(firstName: string | null | undefined): string {
  const name = (firstName ?? '').replace(/\s+/g, ' ').trim();
  const nameLike = /^\p{L}[\p{L}\p{M}'’. -]{0,39}$/u.test(name) && !/\.\p{L}{2}/u.test(name);
  return nameLike ? name : 'A friend';
}

/** "Sam has given you £10 off your first order of £30 or more": what the friend reads on the link. */
export function friendOfferText(referrerName: string, terms: ReferralTerms): string {
  const who = displayName(referrerName);
  const minimum =
    terms.friendMinimumSpend > 0 ? ` of ${formatPenceShort(terms.friendMinimumSpend)} or more` : '';
  return `${who} has given you ${formatPenceShort(terms.friendDiscount)} off your first order${minimum}`;
}

/** The last day (London) a code made `today` can still be used. */
export function codeEndDate(today: IsoDate, days: number): IsoDate {
  return addDays(today, days);
}

/** A date as the emails and the rewards page write it: "17 Jan 2027". */
export function longDateLabel(date: IsoDate): string {
  const { day, month, year } = dayMonth(date);
  return `${day} ${month} ${year}`;
}

/** Letters and digits nobody misreads (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * A personal code: the prefix and six characters of CODE_ALPHABET chosen by `random` (numbers in [0, 1)):
 * "WELCOME-7K3PQ2".
 */
export function personalCode(prefix: string, random: () => number): string {
  let tail = '';
  for (let i = 0; i < 6; i++) {
    tail += CODE_ALPHABET[Math.min(CODE_ALPHABET.length - 1, Math.floor(random() * CODE_ALPHABET.length))];
  }
  return `${prefix}-${tail}`;
}

export type ReferralState = 'pending' | 'rewarded' | 'refused';

/** How a friend's referral stands, as the referrer reads it beside the friend's name. */
export function referralStateLabel(
  referral: { state: ReferralState; rewardAmount: number | null; problem: string | null },
  terms: ReferralTerms,
): string {
  if (referral.state === 'rewarded') {
    return `${formatPenceShort(referral.rewardAmount ?? terms.referrerCredit)} credit added`;
  }
  if (referral.state === 'refused') return referral.problem ?? 'No reward for this referral';
  return 'Joined: waiting for their first order';
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

/** States of an order that was paid for and not given back: what counts as a paid order or a paid box. */
export const PAID_ORDER_STATES = [
  'paid',
  'submitted',
  'accepted',
  'packed',
  'shipped',
  'ready_for_pickup',
  'delivered',
] as const satisfies readonly OrderState[];

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

/** The loyalty offer in one sentence. */
export function loyaltyTermsText(terms: LoyaltyTerms): string {
  return (
    `Every ${terms.every} paid boxes of your pasta plan bring ${formatPenceShort(terms.discount)} off a ` +
    `box. Each reward code lasts ${terms.codeDays} days.`
  );
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
