import type { FeedbackBody } from '../../../contracts/ratings';
import {
  FEEDBACK_REASON_IDS,
  isNpsRating,
  isStars,
  MAX_FEEDBACK_NOTES,
  MAX_NPS,
  MAX_RATING_COMMENT,
  MAX_STARS,
  MIN_NPS,
  MIN_STARS,
  type FeedbackReason,
} from '../../../domain/ratings';
import { characters } from '../../shared/forms/characters';
import { checked, type Checked, type FieldErrors } from '../../shared/forms/validate';

// The rating page's forms checked as the API checks them (contracts/ratings.ts: starsSchema,
// ratingCommentSchema, ratingKeySchema, feedbackBody), written out so the page, a public page, loads no zod at
// first (decision 31). rating-checks.test.ts holds each to what the form's check with the schemas said, for
// any input.

/** The email link's key: 16 to 64 characters (ratingKeySchema). */
const KEY_MIN = 16;
const KEY_MAX = 64;

export interface RatingFields {
  stars: number | null;
  comment: string;
}

/** An order's stars and comment (trimmed), or what is wrong with them. */
export function checkRating({ stars, comment }: RatingFields): Checked<{ rating: number; comment: string }> {
  const errors: FieldErrors = {};
  if (!isStars(stars)) errors.stars = `Choose from ${MIN_STARS} to ${MAX_STARS} stars`;
  const text = comment.trim();
  if (characters(text) > MAX_RATING_COMMENT) {
    errors.comment = `Please keep your comment under ${MAX_RATING_COMMENT} characters`;
  }
  return checked(errors, { rating: stars!, comment: text });
}

export interface FeedbackFields {
  npsRating: number | null;
  reason: string;
  notes: string;
}

const isReason = (value: string): value is FeedbackReason =>
  (FEEDBACK_REASON_IDS as readonly string[]).includes(value);

/** The NPS answer as POST /orders/{id}/feedback takes it (`key`: the email link's), or what is wrong. */
export function checkFeedback(values: FeedbackFields, key: string | null): Checked<FeedbackBody> {
  const errors: FieldErrors = {};
  if (key) {
    const length = characters(key);
    if (length < KEY_MIN)
      errors.key = key.trim() ? `Use at least ${KEY_MIN} characters` : 'Fill in this field';
    else if (length > KEY_MAX) errors.key = `Use at most ${KEY_MAX} characters`;
  }
  const { npsRating, reason } = values;
  if (npsRating === null) errors.npsRating = 'Enter a score';
  else if (!isNpsRating(npsRating)) errors.npsRating = `Choose a score from ${MIN_NPS} to ${MAX_NPS}`;
  if (reason && !isReason(reason)) errors.reason = 'Check this field';
  const notes = values.notes.trim();
  if (characters(notes) > MAX_FEEDBACK_NOTES) {
    errors.notes = `Please keep your notes under ${MAX_FEEDBACK_NOTES} characters`;
  }
  return checked(errors, {
    ...(key ? { key } : {}),
    npsRating: npsRating!,
    reason: reason ? (reason as FeedbackReason) : null,
    ...(notes ? { notes } : {}),
  });
}
