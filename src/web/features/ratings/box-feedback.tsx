import { useEffect, useId, useRef, useState } from 'react';
import { ratingCommentSchema, starsSchema } from '../../../contracts/ratings';
import type { Order } from '../../../contracts/orders';
import { londonDate, shortDayLabel } from '../../../domain/calendar';
import { isRestaurantSource, MAX_RATING_COMMENT } from '../../../domain/ratings';
import { isApiError } from '../../shared/api/client';
import { FormError, SubmitButton, TextAreaField } from '../../shared/forms/fields';
import { failureMessage, useForm } from '../../shared/forms/use-form';
import { randomId } from '../../shared/random-id';
import { FeedbackGiven, NpsQuestion } from './nps-question';
import { ratingsApi } from './ratings.queries';
import { StarInput, StarsShown } from './star-input';
import './ratings.css';

// A delivered recipe-kit box on its order page (issue 23 parts 1 and 2; the after-order email links here,
// /order/{id}#rate): rate each dish it brought (stars and an optional comment; changeable for 7 days) and the
// one NPS question, asked once. What was given is shown; `onChanged` has the page read the order again.

type Line = Order['lineItems'][number];

const BOX_SOURCES = ['recipe_kit', 'one_off', 'subscription'];

/** Whether the order page shows the box's rating section. */
export function asksForBoxFeedback(order: Pick<Order, 'source' | 'state'>): boolean {
  return (
    order.state === 'delivered' && BOX_SOURCES.includes(order.source) && !isRestaurantSource(order.source)
  );
}

export function BoxFeedback({ order, onChanged }: { order: Order; onChanged: () => void }) {
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    // The email's link (#rate) lands here once the order has loaded.
    if (window.location.hash === '#rate') section.current?.scrollIntoView({ block: 'start' });
  }, []);
  // One row a dish, however many portions (a line per dish).
  const dishes = order.lineItems.filter((line) => line.productVariantId !== null);
  const rated = dishes.filter((line) => line.productRating).length;
  return (
    <section ref={section} id="rate" className="checkout-card rating-card" aria-labelledby="rate-heading">
      <h2 id="rate-heading">How was it?</h2>
      <p className="field__hint">
        {rated === dishes.length
          ? 'Thank you for rating every dish: your stars help other customers choose.'
          : 'Rate each dish you cooked: your stars show on the menu and help other customers choose. You can change a rating for 7 days.'}
      </p>
      <ul className="dish-ratings">
        {dishes.map((line) => (
          <li key={line.id}>
            <DishRating line={line} onChanged={onChanged} />
          </li>
        ))}
      </ul>
      {order.orderFeedback ? (
        <FeedbackGiven feedback={order.orderFeedback} />
      ) : (
        <NpsQuestion orderId={order.id} ratingKey={null} headingLevel={3} onAnswered={onChanged} />
      )}
    </section>
  );
}

function DishRating({ line, onChanged }: { line: Line; onChanged: () => void }) {
  const given = line.productRating ?? null;
  const [editing, setEditing] = useState(false);
  const titleId = useId();
  if (given && !editing) {
    return (
      <div aria-labelledby={titleId}>
        <p id={titleId} className="dish-ratings__title">
          {line.title}
        </p>
        <p>
          <StarsShown stars={given.rating} />{' '}
          <span className="field__hint">
            {given.changeable
              ? `You can change it until ${shortDayLabel(londonDate(new Date(given.editableUntil)))}.`
              : 'Your rating.'}
          </span>
        </p>
        {given.comment ? <p>“{given.comment}”</p> : null}
        {given.changeable ? (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setEditing(true)}
          >
            Change<span className="visually-hidden"> your rating of {line.title}</span>
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <DishRatingForm
      line={line}
      onSaved={() => {
        setEditing(false);
        onChanged();
      }}
    />
  );
}

interface Values {
  stars: number | null;
  comment: string;
}

function DishRatingForm({ line, onSaved }: { line: Line; onSaved: () => void }) {
  const given = line.productRating ?? null;
  const form = useForm<Values, { rating: number; comment: string }>({
    initial: { stars: given?.rating ?? null, comment: given?.comment ?? '' },
    check: ({ stars, comment }) => {
      const errors: Record<string, string> = {};
      if (!starsSchema.safeParse(stars).success) errors.stars = `Choose from 1 to 5 stars for ${line.title}`;
      const text = ratingCommentSchema.safeParse(comment);
      if (!text.success) errors.comment = `Please keep your comment under ${MAX_RATING_COMMENT} characters`;
      return Object.keys(errors).length > 0 || !text.success
        ? { ok: false, errors }
        : { ok: true, data: { rating: stars!, comment: text.data ?? '' } };
    },
    onSubmit: async ({ rating, comment }) => {
      await ratingsApi.rateDish({ lineItemId: line.id, rating, comment }, randomId());
      onSaved();
    },
    failure: (error) => {
      if (isApiError(error, 'RATING_CLOSED')) onSaved();
      return failureMessage(error);
    },
  });
  return (
    <form {...form.props} aria-label={`Rate ${line.title}`}>
      <StarInput
        legend={line.title}
        value={form.values.stars}
        onChange={(stars) => form.set({ stars })}
        error={form.errors.stars}
        disabled={form.busy}
        size="small"
      />
      <TextAreaField
        label={`A comment on ${line.title} (optional)`}
        rows={2}
        maxLength={MAX_RATING_COMMENT}
        {...form.field('comment')}
      />
      <FormError message={form.formError} />
      <SubmitButton busy={form.busy} busyLabel="Saving…" variant="secondary">
        {given ? 'Save' : 'Save rating'}
      </SubmitButton>
    </form>
  );
}
