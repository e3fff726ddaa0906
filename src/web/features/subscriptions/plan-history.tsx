import { useQuery } from '@tanstack/react-query';
import { isIsoDate, londonClock, shortDayLabel, timeLabel } from '../../../domain/calendar';
import { weekLabel } from '../../../domain/menu-weeks';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { subscriptionQueries } from './subscriptions.queries';
import './subscriptions.css';

// The plan's history (issue 12 part 4): every skip, unskip, pause, activation, schedule change and
// cancellation, who made it, when, and which weeks it affects; newest first. `week` keeps one week's.

/** "Wed 18 Nov, 10:05am". */
function whenText(instant: string): string {
  const at = new Date(instant);
  return `${shortDayLabel(londonClock(at).date)}, ${timeLabel(at)}`;
}

export function PlanHistory({
  subscriptionId,
  week,
  headingId,
  limit = 20,
}: {
  subscriptionId: string;
  /** Only what touched this week (its Monday). */
  week?: string;
  headingId: string;
  limit?: number;
}) {
  const history = useQuery(subscriptionQueries.history(subscriptionId));
  if (history.isPending) return <Spinner label="Loading the plan’s history" />;
  if (history.isError) {
    return <LoadFailed message="We couldn’t load the history just now." onRetry={history.refetch} />;
  }
  const events = history.data.filter((event) => !week || event.weeks.includes(week)).slice(0, limit);
  if (events.length === 0) return <p>No changes yet.</p>;
  return (
    <ol className="plan-history" aria-labelledby={headingId}>
      {events.map((event) => (
        <li key={event.id} className="plan-history__item">
          <span className="plan-history__summary">{event.summary}</span>
          <span className="plan-history__meta">
            {event.by} · <time dateTime={event.at}>{whenText(event.at)}</time>
            {!week && event.weeks.length > 0
              ? ` · ${event.weeks.length === 1 ? 'Week' : 'Weeks'} of ${event.weeks
                  .map((start) => (isIsoDate(start) ? weekLabel(start) : start))
                  .join('; ')}`
              : ''}
          </span>
        </li>
      ))}
    </ol>
  );
}
