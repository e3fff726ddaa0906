// Ratings and feedback (issue 23 parts 1 and 2, decision 30): stars for a takeaway order and for each
// recipe-kit dish a customer received, and the Net Promoter question asked once after a delivery. Pure rules:
// what a valid rating is, how a dish's ratings sum up, when a rating can still be changed, and what NPS
// makes of the answers.

export const MIN_STARS = 1;
export const MAX_STARS = 5;
/** A comment is a few sentences; longer is refused (not cut). */
export const MAX_RATING_COMMENT = 1000;
/** Ratings at or below this reach the restaurant's staff. */
export const LOW_RATING_MAX = 2;
/** How long after it was first given a rating can be changed (PUT /ratings/{id}, or a dish's again). */
export const RATING_EDIT_HOURS = 7 * 24;
/** How long after the delivery an order or dish may still be rated. */
export const RATING_OPEN_DAYS = 60;

export function isStars(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= MIN_STARS && (value as number) <= MAX_STARS;
}

export function isLowRating(stars: number): boolean {
  return stars <= LOW_RATING_MAX;
}

/** The last moment a rating given at `ratedAt` can be changed. */
export function ratingEditableUntil(ratedAt: Date, hours = RATING_EDIT_HOURS): Date {
  return new Date(ratedAt.getTime() + hours * 3_600_000);
}

export function ratingChangeable(ratedAt: Date, now: Date, hours = RATING_EDIT_HOURS): boolean {
  return now.getTime() <= ratingEditableUntil(ratedAt, hours).getTime();
}

/** Whether something received at `receivedAt` can still be rated (first time). */
export function ratingOpen(receivedAt: Date, now: Date, days = RATING_OPEN_DAYS): boolean {
  return now.getTime() - receivedAt.getTime() <= days * 86_400_000;
}

export interface RatingSummary {
  /** The mean to one decimal place, half up (4.55 → 4.6); null with no ratings. */
  average: number | null;
  count: number;
  /** How many of each star, index 0 is one star. */
  histogram: [number, number, number, number, number];
}

/** What a dish's ratings add up to. Every input must be whole stars 1–5. */
export function summariseRatings(stars: readonly number[]): RatingSummary {
  const histogram: RatingSummary['histogram'] = [0, 0, 0, 0, 0];
  let total = 0;
  for (const value of stars) {
    if (!isStars(value)) throw new RangeError(`A rating is 1–5 whole stars, not ${value}`);
    histogram[value - 1]! += 1;
    total += value;
  }
  if (stars.length === 0) return { average: null, count: 0, histogram };
  // Whole-number arithmetic: tenths, rounded half up, so 4.55 is 4.6 whatever floating point makes of it.
  const tenths = Math.floor((total * 20 + stars.length) / (2 * stars.length));
  return { average: tenths / 10, count: stars.length, histogram };
}

/** From the database's sums: the same rounding as summariseRatings. */
export function averageOf(total: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.floor((total * 20 + count) / (2 * count)) / 10;
}

/** "4.6 from 128 ratings", "5.0 from 1 rating", or "No ratings yet". */
export function ratingSummaryText(summary: Pick<RatingSummary, 'average' | 'count'>): string {
  if (summary.average === null || summary.count === 0) return 'No ratings yet';
  return `${summary.average.toFixed(1)} from ${summary.count} rating${summary.count === 1 ? '' : 's'}`;
}

/** "4 stars out of 5" for a screen reader; "1 star out of 5". */
export function starsLabel(stars: number): string {
  return `${stars} star${stars === 1 ? '' : 's'} out of ${MAX_STARS}`;
}

// ---- Feedback (NPS) -----------------------------------------------------------------------------------------

export const MIN_NPS = 0;
export const MAX_NPS = 10;
export const MAX_FEEDBACK_NOTES = 2000;

/** Why the customer scored as they did (spec §3 Order feedback: reason). */
export const FEEDBACK_REASONS = [
  { id: 'taste', label: 'Taste and quality' },
  { id: 'value', label: 'Value for money' },
  { id: 'delivery', label: 'Delivery' },
  { id: 'packaging', label: 'Packaging' },
  { id: 'portions', label: 'Portion size' },
  { id: 'choice', label: 'Choice of dishes' },
  { id: 'service', label: 'Customer service' },
  { id: 'other', label: 'Something else' },
] as const;
export type FeedbackReason = (typeof FEEDBACK_REASONS)[number]['id'];
export const FEEDBACK_REASON_IDS = FEEDBACK_REASONS.map((reason) => reason.id) as [
  FeedbackReason,
  ...FeedbackReason[],
];

export function isNpsRating(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= MIN_NPS && (value as number) <= MAX_NPS;
}

export type NpsCategory = 'promoter' | 'passive' | 'detractor';

/** 9–10 promote, 7–8 are passive, 0–6 detract (the standard Net Promoter bands). */
export function npsCategory(score: number): NpsCategory {
  if (!isNpsRating(score)) throw new RangeError(`An NPS answer is 0–10, not ${score}`);
  if (score >= 9) return 'promoter';
  if (score >= 7) return 'passive';
  return 'detractor';
}

/**
 * The Net Promoter Score of a set of answers: the percentage of promoters minus the percentage of
 * detractors, rounded to a whole number (−100 … 100); null with no answers.
 */
export function netPromoterScore(scores: readonly number[]): number | null {
  if (scores.length === 0) return null;
  let promoters = 0;
  let detractors = 0;
  for (const score of scores) {
    const category = npsCategory(score);
    if (category === 'promoter') promoters += 1;
    else if (category === 'detractor') detractors += 1;
  }
  return Math.round(((promoters - detractors) * 100) / scores.length);
}

// ---- What can be rated, and when it is asked for ------------------------------------------------------------

/**
 * The orders a customer rates (decision 30): a restaurant's takeaway or catering order, and a recipe-kit box
 * they received (a plan's, a one-off's, the first one's). A gift box is the recipient's (the buyer never had
 * it); a table's rounds and an event's seats are had at the restaurant and are not asked about here.
 */
export const RATED_SOURCES = ['takeaway', 'catering', 'recipe_kit', 'one_off', 'subscription'] as const;
export type RatedSource = (typeof RATED_SOURCES)[number];

export function isRatedSource(source: string): source is RatedSource {
  return (RATED_SOURCES as readonly string[]).includes(source);
}

/** A restaurant's order (its staff hear of a low rating); otherwise a recipe-kit box, rated dish by dish. */
export function isRestaurantSource(source: string): boolean {
  return source === 'takeaway' || source === 'catering';
}

/**
 * How long after the delivery the email asking for a rating goes: a takeaway is eaten at once; a box's
 * dishes are cooked over the next days, so it is asked about two days later.
 */
export const ASK_AFTER_HOURS: Record<'restaurant' | 'box', number> = { restaurant: 0, box: 48 };
/** An order delivered longer ago than this is never asked (after downtime, or on the first run). */
export const ASK_WITHIN_DAYS = 7;

/** When the email asking about an order delivered at `deliveredAt` is due. */
export function askDueAt(source: string, deliveredAt: Date): Date {
  const hours = isRestaurantSource(source) ? ASK_AFTER_HOURS.restaurant : ASK_AFTER_HOURS.box;
  return new Date(deliveredAt.getTime() + hours * 3_600_000);
}

/** Whether the ask about an order delivered at `deliveredAt` is due at `now` and not yet stale. */
export function askDue(source: string, deliveredAt: Date, now: Date): boolean {
  const due = askDueAt(source, deliveredAt).getTime();
  return now.getTime() >= due && now.getTime() - due <= ASK_WITHIN_DAYS * 86_400_000;
}

/** "Loved it" … "Not good": what each star means, on the rating screens and in the email. */
export const STAR_WORDS = ['Not good', 'Could be better', 'Good', 'Really good', 'Loved it'] as const;

export function starWords(stars: number): string {
  if (!isStars(stars)) throw new RangeError(`A rating is 1–5 whole stars, not ${stars}`);
  return STAR_WORDS[stars - 1]!;
}
