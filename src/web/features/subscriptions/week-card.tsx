import { useState } from 'react';
import { Link } from '../../shared/router';
import type { ScheduleWeek } from '../../../contracts/subscriptions';
import { weekLabel } from '../../../domain/menu-weeks';
import { isIsoDate } from '../../../domain/calendar';
import { formatPence } from '../../../domain/money';
import { isApiError, isRefusal, NetworkError } from '../../shared/api/client';
import { randomId } from '../../shared/random-id';
import { showToast } from '../../shared/ui/toast';
import { cutoffCountdown } from './countdown';
import { dayLabel } from './plan-text';
import { subscriptionsApi } from './subscriptions.queries';
import './subscriptions.css';
import { pictureSources } from '../../../domain/pictures';

// One coming week of a plan (issue 12 part 3, "Your pasta plan"): its day, its dishes with their pictures,
// what it costs, how long it stays open, and what can still be done: skip or unskip, choose the dishes,
// change the day; past its cutoff, its state; without a menu yet, say so.

/** What a week's action failing says, and what to do. */
export function weekActionProblem(error: unknown, doing: string): string {
  if (isApiError(error, 'TOKEN_INVALID')) return 'This link has expired. Sign in to change your plan.';
  if (isRefusal(error) || error instanceof NetworkError) return error.message;
  return `We couldn’t ${doing} just now. Please try again in a moment.`;
}

/** Skip or unskip a week: busy while it goes, its problem if it fails. */
export function useSkip(week: Pick<ScheduleWeek, 'id' | 'startDate'>, onChanged: () => Promise<unknown>) {
  const [busy, setBusy] = useState<'skip' | 'unskip' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (action: 'skip' | 'unskip') => {
    if (busy) return;
    setBusy(action);
    setProblem(null);
    try {
      await (action === 'skip'
        ? subscriptionsApi.skip(week.id, randomId())
        : subscriptionsApi.unskip(week.id, randomId()));
      await onChanged();
      const what = isIsoDate(week.startDate) ? `the week of ${weekLabel(week.startDate)}` : 'the week';
      showToast(action === 'skip' ? `Skipped ${what}: no box, no charge` : `Your box for ${what} is back on`);
    } catch (error) {
      setProblem(weekActionProblem(error, action === 'skip' ? 'skip this week' : 'unskip this week'));
    } finally {
      setBusy(null);
    }
  };
  return { busy, problem, run };
}

export function WeekDishes({ week, label }: { week: ScheduleWeek; label: string }) {
  return (
    <ul className="week-dishes" aria-label={label}>
      {week.lines.map((line, index) => (
        <li key={`${line.productVariantId ?? line.title}-${index}`} className="week-dish">
          {line.imageUrl ? (
            <img
              {...pictureSources(line.imageUrl, 64)}
              alt=""
              width={64}
              height={48}
              loading="lazy"
              decoding="async"
            />
          ) : (
            <span className="week-dish__blank" aria-hidden="true" />
          )}
          <span className="week-dish__text">
            <span className="week-dish__title">
              {line.quantity > 1 ? `${line.quantity} × ` : ''}
              {line.title}
            </span>
            <span className="week-dish__meta">
              {line.variantTitle && line.variantTitle !== 'Default Title' ? `${line.variantTitle} · ` : ''}
              {formatPence(line.total)}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** "£28.49 with free delivery", "£28.49 (£1.99 delivery, £10.00 off with 10EXTRA)". */
export function weekPrice(week: ScheduleWeek): string {
  const parts = [
    week.shippingPrice === 0 ? 'free delivery' : `${formatPence(week.shippingPrice)} delivery`,
    week.discount > 0
      ? `${formatPence(week.discount)} off${week.voucherCode ? ` with ${week.voucherCode}` : ''}`
      : null,
  ].filter(Boolean);
  return `${formatPence(week.total)} (${parts.join(', ')})`;
}

export function WeekCard({
  week,
  now,
  onChanged,
  headingLevel = 3,
  showDetailLink = true,
}: {
  week: ScheduleWeek;
  /** The shop's clock, for the countdown. */
  now: Date;
  onChanged: () => Promise<unknown>;
  headingLevel?: 2 | 3;
  showDetailLink?: boolean;
}) {
  const skip = useSkip(week, onChanged);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `week-${week.id}`;
  const skipped = week.state === 'skipped';
  const countdown = cutoffCountdown(new Date(week.cutoffAt), now);
  const open = week.editable && countdown.open;
  const hasDishes = !skipped && week.lines.length > 0;
  const failed = week.orderState === 'payment_pending' || week.orderState === 'not_authorized';
  const when = dayLabel(week.deliveryDate);
  return (
    <article
      className={`week-card ${skipped ? 'week-card--skipped' : ''}`}
      aria-labelledby={headingId}
      aria-busy={skip.busy !== null}
    >
      <header className="week-card__header">
        <div>
          <p className="week-card__week">
            Week of {isIsoDate(week.startDate) ? weekLabel(week.startDate) : week.startDate}
          </p>
          <Heading id={headingId} className="week-card__day">
            {when}
          </Heading>
        </div>
        <span className={`order-state ${failed ? 'order-state--failed' : ''}`}>{week.label}</span>
      </header>

      {open ? (
        <p className="week-card__countdown">{countdown.text}</p>
      ) : week.editable ? null : week.orderId && week.addressEditable ? (
        <p className="week-card__countdown week-card__countdown--closed">
          Its dishes and day are set. You can still change the address and delivery note.
        </p>
      ) : null}

      {skipped ? (
        <p className="week-card__note">No box this week, and nothing to pay.</p>
      ) : !week.menuAvailable && week.lines.length === 0 ? (
        <p className="week-card__note">
          This week’s menu isn’t out yet.{' '}
          {open ? 'The chef will pick your dishes when it is, or you can choose them then.' : ''}
        </p>
      ) : null}

      {hasDishes ? (
        <>
          <WeekDishes
            week={week}
            label={`${week.lines.reduce((n, l) => n + l.quantity, 0)} dishes for ${when}`}
          />
          <p className="week-card__price">
            <strong>{weekPrice(week)}</strong>
            {open ? (
              <span className="week-card__who">
                {week.recipesChosen ? 'Dishes chosen by you' : 'Dishes picked by the chef'}
              </span>
            ) : null}
          </p>
        </>
      ) : null}

      {skip.problem ? (
        <p className="notice notice--error" role="alert">
          {skip.problem}
        </p>
      ) : null}

      <div className="button-row week-card__actions">
        {open && !skipped && week.menuAvailable ? (
          <Link to={`/schedule/${week.id}/choose-recipes`} className="button button--primary button--small">
            Choose recipes<span className="visually-hidden"> for {when}</span>
          </Link>
        ) : null}
        {open && !skipped ? (
          <Link
            to={`/schedule/${week.id}/change-delivery-date`}
            className="button button--secondary button--small"
          >
            Change day<span className="visually-hidden"> of the box for {when}</span>
          </Link>
        ) : null}
        {open ? (
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={skip.busy !== null}
            aria-busy={skip.busy !== null}
            onClick={() => void skip.run(skipped ? 'unskip' : 'skip')}
          >
            {skip.busy === 'skip'
              ? 'Skipping…'
              : skip.busy === 'unskip'
                ? 'Unskipping…'
                : skipped
                  ? 'Unskip this week'
                  : 'Skip this week'}
            <span className="visually-hidden"> ({when})</span>
          </button>
        ) : null}
        {!week.editable && week.orderId && week.addressEditable ? (
          <Link to={`/order/${week.orderId}/edit`} className="button button--secondary button--small">
            Change address or note<span className="visually-hidden"> for {when}</span>
          </Link>
        ) : null}
        {failed && week.orderId ? (
          <Link to={`/payment/${week.orderId}`} className="button button--primary button--small">
            Pay now<span className="visually-hidden"> for the box of {when}</span>
          </Link>
        ) : null}
        {showDetailLink && week.orderId && !week.editable ? (
          <Link to={`/order/${week.orderId}`} className="link-button week-card__more">
            See the order<span className="visually-hidden"> for {when}</span>
          </Link>
        ) : showDetailLink && open ? (
          <Link to={`/schedule/${week.id}/edit`} className="link-button week-card__more">
            More about this week<span className="visually-hidden"> ({when})</span>
          </Link>
        ) : null}
      </div>
    </article>
  );
}
