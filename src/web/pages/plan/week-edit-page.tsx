import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from '../../shared/router';
import type { ScheduleWeek } from '../../../contracts/subscriptions';
import { isIsoDate } from '../../../domain/calendar';
import { weekLabel } from '../../../domain/menu-weeks';
import { usePlanChanged } from '../../app/use-plan-changed';
import { BoxVoucherForm } from '../../features/subscriptions/box-voucher-form';
import { useShopClock } from '../../features/subscriptions/countdown';
import { PlanHistory } from '../../features/subscriptions/plan-history';
import { dayLabel } from '../../features/subscriptions/plan-text';
import { subscriptionQueries, subscriptionsApi } from '../../features/subscriptions/subscriptions.queries';
import { WeekCard, weekActionProblem } from '../../features/subscriptions/week-card';
import { isApiError } from '../../shared/api/client';
import { customerQueries } from '../../shared/customer.queries';
import { randomId } from '../../shared/random-id';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { showToast } from '../../shared/ui/toast';
import { usePageMeta } from '../../shared/use-page-meta';

// /schedule/{scheduleWeekId}/edit (spec §2 Login-required order screens): one week of the plan, to skip or
// unskip, choose its dishes or leave them to the chef, move its day, put a code on its box; and what was
// changed about it. With ?action=skip&token=… (the reminder email's one-tap link) it skips the week at
// once, signed in or not, and offers to undo.

const weekName = (week: Pick<ScheduleWeek, 'startDate'>) =>
  isIsoDate(week.startDate) ? `the week of ${weekLabel(week.startDate)}` : 'this week';

/** The one-tap skip from the reminder email: it happens on arrival; undo is one more tap. */
function OneTapSkip({ weekId, token }: { weekId: string; token: string }) {
  usePageMeta('Skip a week');
  const signedIn = useQuery(customerQueries.me()).data != null;
  const [state, setState] = useState<
    | { name: 'working'; doing: 'skip' | 'unskip' }
    | { name: 'done'; week: ScheduleWeek }
    | { name: 'failed'; message: string; expired: boolean; doing: 'skip' | 'unskip' }
  >({ name: 'working', doing: 'skip' });
  const started = useRef(false);
  const run = async (doing: 'skip' | 'unskip') => {
    setState({ name: 'working', doing });
    try {
      const week = await (doing === 'skip'
        ? subscriptionsApi.skip(weekId, randomId(), token)
        : subscriptionsApi.unskip(weekId, randomId(), token));
      setState({ name: 'done', week });
    } catch (error) {
      setState({
        name: 'failed',
        doing,
        expired: isApiError(error, 'TOKEN_INVALID', 'NOT_FOUND'),
        message: isApiError(error, 'NOT_FOUND')
          ? 'This link is for another account. Sign out, then open the link again.'
          : weekActionProblem(error, doing === 'skip' ? 'skip the week' : 'bring the box back'),
      });
    }
  };
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run('skip');
    // Once, on arrival: the tap in the email was the customer's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const signIn = `/social-login?returnTo=${encodeURIComponent(`/schedule/${weekId}/edit`)}`;
  return (
    <section className="account-section one-tap" aria-live="polite" aria-busy={state.name === 'working'}>
      {state.name === 'working' ? (
        <>
          <h1>{state.doing === 'skip' ? 'Skipping your week…' : 'Bringing your box back…'}</h1>
          <Spinner label="Working" />
        </>
      ) : state.name === 'failed' ? (
        <>
          <h1>{state.doing === 'skip' ? 'We couldn’t skip the week' : 'We couldn’t bring the box back'}</h1>
          <p className="notice notice--error" role="alert">
            {state.message}
          </p>
          <div className="button-row">
            {state.expired ? null : (
              <button type="button" className="button button--primary" onClick={() => void run(state.doing)}>
                Try again
              </button>
            )}
            <Link to={signedIn ? '/account/upcoming-orders' : signIn} className="button button--secondary">
              {signedIn ? 'Your pasta plan' : 'Sign in to change your plan'}
            </Link>
          </div>
        </>
      ) : state.week.state === 'skipped' ? (
        <>
          <h1>Week skipped</h1>
          <p>No box for {weekName(state.week)}, and nothing to pay for it. We’ve emailed you a receipt.</p>
          <div className="button-row">
            <button type="button" className="button button--secondary" onClick={() => void run('unskip')}>
              Undo: keep my box for {dayLabel(state.week.deliveryDate)}
            </button>
            <Link to={signedIn ? '/account/upcoming-orders' : signIn} className="button button--secondary">
              {signedIn ? 'Your pasta plan' : 'Sign in to see your plan'}
            </Link>
          </div>
        </>
      ) : (
        <>
          <h1>Your box is back on</h1>
          <p>
            Your box for {weekName(state.week)} arrives {dayLabel(state.week.deliveryDate)}.
          </p>
          <div className="button-row">
            <button type="button" className="button button--secondary" onClick={() => void run('skip')}>
              Skip it after all
            </button>
            <Link to={signedIn ? '/account/upcoming-orders' : signIn} className="button button--secondary">
              {signedIn ? 'Your pasta plan' : 'Sign in to see your plan'}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}

function WeekEdit({ weekId }: { weekId: string }) {
  const onChanged = usePlanChanged();
  const now = useShopClock();
  const week = useQuery(subscriptionQueries.week(weekId));
  const [chefBusy, setChefBusy] = useState(false);
  const [chefProblem, setChefProblem] = useState<string | null>(null);
  usePageMeta(
    week.data
      ? `Week of ${isIsoDate(week.data.startDate) ? weekLabel(week.data.startDate) : ''}`
      : 'Your week',
  );
  if (week.isPending) return <Spinner label="Loading your week" />;
  if (week.isError) {
    return (
      <LoadFailed
        message={
          isApiError(week.error, 'NOT_FOUND')
            ? 'We can’t find that week in your plan. See your coming weeks instead.'
            : 'We couldn’t load this week just now.'
        }
        onRetry={isApiError(week.error, 'NOT_FOUND') ? undefined : week.refetch}
      >
        <Link to="/account/upcoming-orders" className="button button--secondary button--small">
          Your pasta plan
        </Link>
      </LoadFailed>
    );
  }
  const data = week.data;
  const open = data.editable && new Date(data.cutoffAt).getTime() > now.getTime();
  const toChef = async () => {
    setChefBusy(true);
    setChefProblem(null);
    try {
      await subscriptionsApi.chefSelections(data.id);
      await onChanged();
      showToast('The chef will pick your dishes for this week');
    } catch (error) {
      setChefProblem(weekActionProblem(error, 'hand this box to the chef'));
    } finally {
      setChefBusy(false);
    }
  };
  return (
    <>
      <h1>Your week</h1>
      <WeekCard week={data} now={now} onChanged={onChanged} headingLevel={2} showDetailLink={false} />
      {open && data.state === 'active' && data.recipesChosen ? (
        <section className="account-section" aria-labelledby="week-chef-heading">
          <h2 id="week-chef-heading">Leave it to the chef</h2>
          <p>
            The chef picks {data.lines.length > 0 ? 'this box’s' : 'your'} dishes from the menu, by your
            plan’s settings.
          </p>
          {chefProblem ? (
            <p className="notice notice--error" role="alert">
              {chefProblem}
            </p>
          ) : null}
          <button
            type="button"
            className="button button--secondary"
            disabled={chefBusy}
            aria-busy={chefBusy}
            onClick={() => void toChef()}
          >
            {chefBusy ? 'Asking the chef…' : 'Let the chef choose'}
          </button>
        </section>
      ) : null}
      {open && data.state === 'active' && data.orderId ? (
        <div className="account-section">
          <BoxVoucherForm
            orderId={data.orderId}
            voucherCode={data.voucherCode}
            discount={data.discount}
            onChanged={onChanged}
          />
        </div>
      ) : null}
      <section className="account-section" aria-labelledby="week-history-heading">
        <h2 id="week-history-heading">Changes to this week</h2>
        <PlanHistory
          subscriptionId={data.subscriptionId}
          week={data.startDate}
          headingId="week-history-heading"
        />
      </section>
    </>
  );
}

export function WeekEditPage() {
  const { weekId = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  const oneTap = params.get('action') === 'skip' && token;
  return (
    <div className="page page--narrow plan-page">
      <p>
        <Link to="/account/upcoming-orders">← Your pasta plan</Link>
      </p>
      {oneTap ? <OneTapSkip weekId={weekId} token={token} /> : <WeekEdit weekId={weekId} />}
    </div>
  );
}
