import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feedbackBody, ratingCommentSchema, starsSchema } from '../../../contracts/ratings';
import { FEEDBACK_REASON_IDS, type FeedbackReason } from '../../../domain/ratings';
import { validate, type Checked } from '../../shared/forms/validate';
import { checkFeedback, checkRating, type FeedbackFields, type RatingFields } from './rating-checks';

// The rating page's forms checked with the contract's schemas; they now check without zod. Each must say
// what it said with the schemas for anything given: the same data, or the same messages by the same fields.

/** The order rating form's check as it was, with the schemas. */
function ratingWithSchemas({ stars, comment }: RatingFields): Checked<{ rating: number; comment: string }> {
  const errors: Record<string, string> = {};
  if (!starsSchema.safeParse(stars).success) errors.stars = 'Choose from 1 to 5 stars';
  const text = ratingCommentSchema.safeParse(comment);
  if (!text.success) errors.comment = 'Please keep your comment under 1000 characters';
  return Object.keys(errors).length > 0 || !text.success
    ? { ok: false, errors }
    : { ok: true, data: { rating: stars!, comment: text.data ?? '' } };
}

/** The NPS form's check as it was: the schema, given what the form gave it. */
const feedbackWithSchema = (values: FeedbackFields, key: string | null) =>
  validate(
    feedbackBody,
    {
      ...(key ? { key } : {}),
      npsRating: values.npsRating ?? undefined,
      reason: values.reason ? (values.reason as FeedbackReason) : null,
      ...(values.notes.trim() ? { notes: values.notes } : {}),
    },
    { npsRating: 'a score' },
  );

/** Text of about `max` characters and round it: spaces, emoji (two UTF-16 units, one character). */
const text = (max: number) =>
  fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.nat({ max: max + 3 }).map((n) => ` ${'😀'.repeat(n)}\n`),
    fc.nat({ max: max + 3 }).map((n) => 'a'.repeat(n)),
    fc.constantFrom('', '   ', '\t'),
  );

const score = fc.oneof(
  fc.constant(null),
  fc.integer({ min: -3, max: 13 }),
  fc.double(),
  fc.constantFrom(Number.NaN, Infinity, 1e20, 2.5, -0),
);

describe('checkRating', () => {
  it('says what the schemas said, for any stars and comment', () => {
    fc.assert(
      fc.property(fc.record({ stars: score, comment: text(1000) }), (values) => {
        expect(checkRating(values)).toStrictEqual(ratingWithSchemas(values));
      }),
      { numRuns: 300 },
    );
  });
});

describe('checkFeedback', () => {
  it('says what the schema said, for any answer and link key', () => {
    fc.assert(
      fc.property(
        fc.record({
          npsRating: score,
          reason: fc.oneof(fc.constantFrom('', 'other', 'nope', ...FEEDBACK_REASON_IDS), fc.string()),
          notes: text(2000),
        }),
        fc.oneof(fc.constant(null), fc.constant(''), text(64), fc.string({ minLength: 10, maxLength: 70 })),
        (values, key) => {
          expect(checkFeedback(values, key)).toStrictEqual(feedbackWithSchema(values, key));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('sends the answer as the API takes it', () => {
    expect(
      checkFeedback({ npsRating: 9, reason: FEEDBACK_REASON_IDS[0], notes: '  Lovely  ' }, 'k'.repeat(16)),
    ).toEqual({
      ok: true,
      data: { key: 'k'.repeat(16), npsRating: 9, reason: FEEDBACK_REASON_IDS[0], notes: 'Lovely' },
    });
    expect(checkFeedback({ npsRating: null, reason: '', notes: '' }, null)).toEqual({
      ok: false,
      errors: { npsRating: 'Enter a score' },
    });
  });
});
