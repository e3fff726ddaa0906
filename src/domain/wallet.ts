// One wallet (issue 23 part 4, decision 30): every credit a customer holds, whatever gave it, is a lot with
// where it came from, how much of it is left and when it expires. Spending takes from the lot that expires
// first (lots that never expire last, oldest first among equals); a lot past its date is taken off the
// balance by the expiry job, after an email two weeks before. Pure rules; the ledger and the lots are the
// credit module's.

import { addDays, daysBetween, londonDate, londonInstant, type IsoDate } from './calendar';

/** Where credit comes from: the ledger's `reason` of the movement that added it. */
export const CREDIT_SOURCES = [
  'credit_voucher',
  'referral',
  'late_delivery',
  'refund',
  'event_change',
  'payment_failed',
  'goodwill',
  'loyalty',
  'legacy',
] as const;
export type CreditSource = (typeof CREDIT_SOURCES)[number];

/** What the customer reads beside each source in their history. */
export const CREDIT_SOURCE_LABELS: Record<CreditSource, string> = {
  credit_voucher: 'Credit code',
  referral: 'Referral reward',
  late_delivery: 'Late delivery',
  refund: 'Refund as credit',
  event_change: 'Event booking change',
  payment_failed: 'Returned from a payment',
  goodwill: 'From our team',
  loyalty: 'Plan reward',
  legacy: 'Credit',
};

/**
 * How many days credit from each source lasts (null: it never expires). Money the customer paid (a refund
 * they took as credit, an event change, credit coming back from a failed payment) is theirs and never
 * expires; what the shop gave is kept for a year, a late-delivery apology for six months.
 */
export type CreditExpiryPolicy = Record<CreditSource, number | null>;

export const DEFAULT_CREDIT_EXPIRY: CreditExpiryPolicy = {
  credit_voucher: 365,
  referral: 365,
  late_delivery: 180,
  refund: null,
  event_change: null,
  payment_failed: null,
  goodwill: 365,
  loyalty: 365,
  legacy: null,
};

/** The email about credit running out goes this many days before. */
export const EXPIRY_REMINDER_DAYS = 14;

export function isCreditSource(value: string): value is CreditSource {
  return (CREDIT_SOURCES as readonly string[]).includes(value);
}

/**
 * The ledger reasons that add credit, as the wallet's sources: the reasons the shop already wrote before
 * lots existed keep their words in the ledger (an event change's credit is `event_refund`).
 */
const REASON_SOURCES: Readonly<Record<string, CreditSource>> = {
  event_refund: 'event_change',
};

/** A ledger reason as a source: anything the wallet does not know is credit that never expires. */
export function creditSourceOf(reason: string): CreditSource {
  return REASON_SOURCES[reason] ?? (isCreditSource(reason) ? reason : 'legacy');
}

/**
 * When credit from `source` granted at `grantedAt` expires (null: never): at the end of the London day
 * `days` days after the grant, so credit that "expires on 12 December" can be spent all that day.
 */
export function creditExpiresAt(
  source: CreditSource,
  grantedAt: Date,
  policy: CreditExpiryPolicy = DEFAULT_CREDIT_EXPIRY,
): Date | null {
  const days = policy[source];
  if (days === null || days === undefined) return null;
  return londonInstant(addDays(londonDate(grantedAt), days + 1), 0);
}

/** The last London day credit expiring at `expiresAt` can be spent ("expires on 12 December"). */
export function lastDayOf(expiresAt: Date): IsoDate {
  return londonDate(new Date(expiresAt.getTime() - 1));
}

/** Whole London days from `now` to the last day of credit expiring at `expiresAt` (0: its last day is today). */
export function daysLeft(expiresAt: Date, now: Date): number {
  return daysBetween(londonDate(now), lastDayOf(expiresAt));
}

/** "today", "tomorrow", "in 12 days": when credit with `days` London days left expires. */
export function daysLeftWords(days: number): string {
  if (days <= 0) return 'today';
  if (days === 1) return 'tomorrow';
  return `in ${days} days`;
}

/** "expires today", "expires tomorrow", "expires in 12 days" for credit with `days` London days left. */
export function daysLeftLabel(days: number): string {
  return `expires ${daysLeftWords(days)}`;
}

/** "expires today", "expires tomorrow", "expires in 12 days". */
export function expiresInLabel(expiresAt: Date, now: Date): string {
  return daysLeftLabel(daysLeft(expiresAt, now));
}

export interface CreditLot {
  id: string;
  /** Pence still to spend. */
  remaining: number;
  expiresAt: Date | null;
  createdAt: Date;
}

/** Oldest-expiring first; lots that never expire last; then the oldest granted; then by id (stable). */
export function compareSpendOrder(a: CreditLot, b: CreditLot): number {
  if (a.expiresAt && b.expiresAt) {
    const byExpiry = a.expiresAt.getTime() - b.expiresAt.getTime();
    if (byExpiry !== 0) return byExpiry;
  } else if (a.expiresAt) return -1;
  else if (b.expiresAt) return 1;
  const byAge = a.createdAt.getTime() - b.createdAt.getTime();
  if (byAge !== 0) return byAge;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Which lots a spend of `amount` pence takes from, and how much of each: oldest-expiring first. Lots already
 * expired at `now` are not spent (the expiry job takes them). Throws when the live lots hold less than the
 * amount (the caller checked the balance).
 */
export function allocateSpend(
  lots: readonly CreditLot[],
  amount: number,
  now: Date,
): { lotId: string; take: number }[] {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`Cannot spend ${amount} pence`);
  const takes: { lotId: string; take: number }[] = [];
  let left = amount;
  for (const lot of [...lots].filter((l) => l.remaining > 0).sort(compareSpendOrder)) {
    if (left === 0) break;
    if (lot.expiresAt && lot.expiresAt.getTime() <= now.getTime()) continue;
    const take = Math.min(lot.remaining, left);
    takes.push({ lotId: lot.id, take });
    left -= take;
  }
  if (left > 0) throw new RangeError(`The lots hold ${amount - left} pence, not ${amount}`);
  return takes;
}

/**
 * Credit coming back (a payment that failed after it took credit, a cancelled order paid partly in credit):
 * the lots it was taken from get it back, newest-expiring first (the reverse of the spend), never above
 * what each lot was granted. What none took is returned as `unplaced` (a new lot that never expires). The
 * caller lists lots since expired first (they are given back last) and lets their share expire again.
 */
export function allocateReturn(
  taken: readonly { lotId: string; take: number }[],
  amount: number,
): { back: { lotId: string; give: number }[]; unplaced: number } {
  const back: { lotId: string; give: number }[] = [];
  let left = amount;
  for (const { lotId, take } of [...taken].reverse()) {
    if (left === 0) break;
    const give = Math.min(take, left);
    back.push({ lotId, give });
    left -= give;
  }
  return { back, unplaced: left };
}

/** Lots with credit left that expire within `days` of `now` (and have not yet expired). */
export function expiringWithin<T extends CreditLot>(
  lots: readonly T[],
  now: Date,
  days = EXPIRY_REMINDER_DAYS,
): T[] {
  const horizon = now.getTime() + days * 86_400_000;
  return lots.filter(
    (lot) =>
      lot.remaining > 0 &&
      lot.expiresAt !== null &&
      lot.expiresAt.getTime() > now.getTime() &&
      lot.expiresAt.getTime() <= horizon,
  );
}

/** Lots with credit left whose date has come. */
export function expiredLots<T extends CreditLot>(lots: readonly T[], now: Date): T[] {
  return lots.filter(
    (lot) => lot.remaining > 0 && lot.expiresAt !== null && lot.expiresAt.getTime() <= now.getTime(),
  );
}

/**
 * What expires next: the credit left in the live lots whose last day is the soonest (all lots ending that
 * London day together), or null when nothing that is left expires.
 */
export function nextExpiry(
  lots: readonly CreditLot[],
  now: Date,
): { amount: number; expiresAt: Date; lastDay: IsoDate } | null {
  const live = lots.filter(
    (lot): lot is CreditLot & { expiresAt: Date } =>
      lot.remaining > 0 && lot.expiresAt !== null && lot.expiresAt.getTime() > now.getTime(),
  );
  if (live.length === 0) return null;
  const first = live.reduce((a, b) => (b.expiresAt.getTime() < a.expiresAt.getTime() ? b : a));
  const lastDay = lastDayOf(first.expiresAt);
  const amount = live
    .filter((lot) => lastDayOf(lot.expiresAt) === lastDay)
    .reduce((sum, lot) => sum + lot.remaining, 0);
  return { amount, expiresAt: first.expiresAt, lastDay };
}
