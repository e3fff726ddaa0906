import { useId } from 'react';
import type { FeedbackBody } from '../../../contracts/ratings';
import { FEEDBACK_REASONS, MAX_FEEDBACK_NOTES, MAX_NPS, MIN_NPS } from '../../../domain/ratings';
import { isApiError } from '../../shared/api/client';
import { FormError, SelectField, SubmitButton, TextAreaField } from '../../shared/forms/fields';
import { failureMessage, useForm } from '../../shared/forms/use-form';
import { randomId } from '../../shared/random-id';
import { checkFeedback } from './rating-checks';
import { ratingsApi, type OrderFeedback } from './ratings.queries';
import './ratings.css';

// The one question after a delivery (issue 23 part 2; spec §3 Order feedback): how likely the customer is to
// recommend Sfoglia, 0–10, why (a fixed list) and anything else. Asked once an order: answered, it shows what
// they gave.

const reasonLabel = (id: string | null) => FEEDBACK_REASONS.find((reason) => reason.id === id)?.label ?? null;

/** What the customer answered. */
export function FeedbackGiven({ feedback }: { feedback: OrderFeedback }) {
  const reason = reasonLabel(feedback.reason);
  return (
    <div className="rating-given" role="status">
      <p>
        You told us you’re <strong>{feedback.npsRating} out of 10</strong> likely to recommend us
        {reason ? ` (${reason.toLowerCase()})` : ''}. Thank you.
      </p>
      {feedback.notes ? <blockquote>{feedback.notes}</blockquote> : null}
    </div>
  );
}

interface Values {
  npsRating: number | null;
  reason: string;
  notes: string;
}

/** The question, sent once; `onAnswered` with the answer (or after the shop says it was already given). */
export function NpsQuestion({
  orderId,
  ratingKey,
  onAnswered,
  headingLevel = 2,
}: {
  orderId: string;
  /** The email link's key, for a customer not signed in. */
  ratingKey: string | null;
  onAnswered: (feedback: OrderFeedback | null) => void;
  headingLevel?: 2 | 3;
}) {
  const id = useId();
  const form = useForm<Values, FeedbackBody>({
    initial: { npsRating: null, reason: '', notes: '' },
    check: (values) => checkFeedback(values, ratingKey),
    onSubmit: async (body) => onAnswered(await ratingsApi.feedback(orderId, body, randomId())),
    failure: (error) => {
      if (isApiError(error, 'FEEDBACK_ALREADY_GIVEN')) {
        onAnswered(null);
        return null;
      }
      return failureMessage(error);
    },
  });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const scoreError = form.errors.npsRating
    ? 'Choose a score from 0 to 10: 0 is not at all likely, 10 extremely likely'
    : undefined;
  return (
    <form className="nps-form" {...form.props} aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`}>One question</Heading>
      <fieldset
        className="nps"
        aria-describedby={`${id}-ends${scoreError ? ` ${id}-error` : ''}`}
        data-invalid={scoreError ? true : undefined}
        disabled={form.busy}
      >
        <legend>How likely are you to recommend Sfoglia to a friend?</legend>
        <div className="nps__scale">
          {Array.from({ length: MAX_NPS - MIN_NPS + 1 }, (_, index) => {
            const score = MIN_NPS + index;
            const on = form.values.npsRating === score;
            return (
              <label key={score} className={`nps__score${on ? ' nps__score--on' : ''}`}>
                <input
                  type="radio"
                  name={`${id}-score`}
                  value={score}
                  checked={on}
                  onChange={() => form.set({ npsRating: score })}
                  aria-invalid={scoreError ? true : undefined}
                />
                {score}
              </label>
            );
          })}
        </div>
        <p id={`${id}-ends`} className="nps__ends">
          <span>0: not at all likely</span>
          <span>10: extremely likely</span>
        </p>
        {scoreError ? (
          <p id={`${id}-error`} className="field__error">
            {scoreError}
          </p>
        ) : null}
      </fieldset>
      <SelectField label="What matters most in your score? (optional)" {...form.field('reason')}>
        <option value="">Choose a reason</option>
        {FEEDBACK_REASONS.map((reason) => (
          <option key={reason.id} value={reason.id}>
            {reason.label}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Anything else you’d like us to know? (optional)"
        rows={3}
        maxLength={MAX_FEEDBACK_NOTES}
        {...form.field('notes')}
      />
      <FormError message={form.formError} />
      <SubmitButton busy={form.busy} busyLabel="Sending…" variant="secondary">
        Send answer
      </SubmitButton>
    </form>
  );
}
