import { MAX_RATING_COMMENT } from '../../../domain/ratings';
import { isApiError } from '../../shared/api/client';
import { FormError, SubmitButton, TextAreaField } from '../../shared/forms/fields';
import { failureMessage, useForm } from '../../shared/forms/use-form';
import { randomId } from '../../shared/random-id';
import { checkRating } from './rating-checks';
import { ratingsApi, type Rating } from './ratings.queries';
import { StarInput } from './star-input';

// An order's stars and comment (issue 23 part 1): given once (POST /ratings), or changed while it may be
// (PUT /ratings/{id}). The stars may come chosen (the email's link, the tracking page's).

interface Values {
  stars: number | null;
  comment: string;
}

export function OrderRatingForm({
  orderId,
  ratingKey,
  initialStars,
  existing,
  onRated,
  onAlreadyRated,
}: {
  orderId: string;
  /** The email link's key, for a customer not signed in. */
  ratingKey: string | null;
  /** Chosen already (the link's `rating`), if any. */
  initialStars: number | null;
  /** The rating to change, if there is one. */
  existing: Rating | null;
  onRated: (rating: Rating) => void;
  /** The shop says it was rated meanwhile (another tab): the page reads the order again. */
  onAlreadyRated: () => void;
}) {
  const form = useForm<Values, { rating: number; comment: string }>({
    initial: { stars: initialStars ?? existing?.rating ?? null, comment: existing?.comment ?? '' },
    check: checkRating,
    onSubmit: async ({ rating, comment }) => {
      const key = ratingKey ? { key: ratingKey } : {};
      onRated(
        existing
          ? await ratingsApi.change(existing.id, { rating, comment, ...key })
          : await ratingsApi.rate({ orderId, rating, comment, ...key }, randomId()),
      );
    },
    failure: (error) => {
      if (isApiError(error, 'ALREADY_RATED', 'RATING_CLOSED')) onAlreadyRated();
      if (isApiError(error, 'ORDER_NOT_FOUND', 'RATING_NOT_FOUND'))
        return 'We couldn’t find this order any more. Open the link from your email again, or sign in.';
      return failureMessage(error);
    },
  });
  return (
    <form
      className="rating-form"
      {...form.props}
      aria-label={existing ? 'Change your rating' : 'Your rating'}
    >
      {/* Sent before the page is live (a phone shows the server's form a moment before its JS runs), the
          browser's own send comes back to this page with its order and stars, not to a page without them. */}
      <input type="hidden" name="order" value={orderId} />
      {ratingKey ? <input type="hidden" name="key" value={ratingKey} /> : null}
      {form.values.stars ? <input type="hidden" name="rating" value={form.values.stars} /> : null}
      <StarInput
        legend={existing ? 'Your rating' : 'How was it?'}
        value={form.values.stars}
        onChange={(stars) => form.set({ stars })}
        error={form.errors.stars}
        disabled={form.busy}
      />
      <TextAreaField
        label="Tell us more (optional)"
        hint="What you loved, or what we could do better. The kitchen reads every comment."
        rows={4}
        maxLength={MAX_RATING_COMMENT}
        {...form.field('comment')}
      />
      <FormError message={form.formError} />
      <SubmitButton busy={form.busy} busyLabel="Sending…" block>
        {existing ? 'Save my new rating' : 'Send my rating'}
      </SubmitButton>
    </form>
  );
}
