import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '../../shared/router';
import type { ScheduleWeek } from '../../../contracts/subscriptions';
import { isIsoDate } from '../../../domain/calendar';
import { weekLabel } from '../../../domain/menu-weeks';
import { usePlanChanged } from '../../app/use-plan-changed';
import { DeliveryDayPicker } from '../../features/delivery/delivery-day-picker';
import { useShopClock } from '../../features/subscriptions/countdown';
import { dayLabel } from '../../features/subscriptions/plan-text';
import { subscriptionQueries, subscriptionsApi } from '../../features/subscriptions/subscriptions.queries';
import { weekActionProblem } from '../../features/subscriptions/week-card';
import { isApiError } from '../../shared/api/client';
import { FormError, SubmitButton } from '../../shared/forms/fields';
import { useForm } from '../../shared/forms/use-form';
import { checked } from '../../shared/forms/validate';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { showToast } from '../../shared/ui/toast';
import { usePageMeta } from '../../shared/use-page-meta';
import { useWeekDays } from './use-week-days';

// /schedule/{scheduleWeekId}/change-delivery-date (spec §2): another day of the same week for this one box,
// among the days the courier delivers to the plan's address, until the week's cutoff. The plan's usual
// day is changed in Plan settings.

function DayForm({ week, zip }: { week: ScheduleWeek; zip: string }) {
  const navigate = useNavigate();
  const onChanged = usePlanChanged();
  const now = useShopClock();
  const days = useWeekDays(week, zip);
  const offered = days.data?.dates ?? [];
  const form = useForm({
    initial: () => ({ date: week.deliveryDate as string | null }),
    check: ({ date }) =>
      checked(offered.some((d) => d.date === date) ? {} : { date: 'Choose a delivery day' }, date!),
    onSubmit: async (date) => {
      if (date !== week.deliveryDate) {
        await subscriptionsApi.updateWeek(week.id, { deliveryDate: date });
        await onChanged();
        showToast(`Your box now arrives ${dayLabel(date)}`);
      }
      await navigate('/account/upcoming-orders');
    },
    failure: (error) => weekActionProblem(error, 'change the day'),
  });
  return (
    <form {...form.props}>
      <FormError message={form.formError} />
      <DeliveryDayPicker
        legend="Delivery day"
        hint={`Now ${dayLabel(week.deliveryDate)}. The price may change with the day’s delivery fee.`}
        days={days}
        selected={form.values.date}
        onSelect={(date) => form.set({ date })}
        disabled={form.busy}
        now={now}
        error={form.errors.date}
        empty="There are no other days left this week for your address."
      />
      <div className="button-row">
        <SubmitButton busy={form.busy} busyLabel="Saving…" disabled={days.isPending}>
          {form.values.date && form.values.date !== week.deliveryDate
            ? `Deliver on ${dayLabel(form.values.date)}`
            : 'Keep this day'}
        </SubmitButton>
        <Link to="/account/upcoming-orders" className="button button--secondary">
          Cancel
        </Link>
      </div>
      <p className="field__hint">
        To change the day for every box, go to{' '}
        <Link to="/account/pasta-plan#plan-schedule-heading">Plan settings</Link>.
      </p>
    </form>
  );
}

export function ChangeDatePage() {
  const { weekId = '' } = useParams();
  const week = useQuery(subscriptionQueries.week(weekId));
  const plan = useQuery({
    ...subscriptionQueries.detail(week.data?.subscriptionId ?? ''),
    enabled: week.data !== undefined,
  });
  const now = useShopClock();
  const title =
    week.data && isIsoDate(week.data.startDate)
      ? `Change the day for the week of ${weekLabel(week.data.startDate)}`
      : 'Change the delivery day';
  usePageMeta(title);
  let body;
  if (week.isPending || (week.data && plan.isPending)) body = <Spinner label="Loading your week" />;
  else if (week.isError || plan.isError) {
    const missing = isApiError(week.error, 'NOT_FOUND');
    body = (
      <LoadFailed
        message={missing ? 'We can’t find that week in your plan.' : 'We couldn’t load this week just now.'}
        onRetry={missing ? undefined : () => Promise.all([week.refetch(), plan.refetch()])}
      />
    );
  } else if (!week.data.editable || new Date(week.data.cutoffAt).getTime() <= now.getTime()) {
    body = (
      <p className="notice notice--warning">
        This box’s day is set: its changes closed at 12 noon on the Friday before its week, or it was paid at
        checkout.
      </p>
    );
  } else {
    body = <DayForm week={week.data} zip={plan.data?.shippingAddress?.zip ?? ''} />;
  }
  return (
    <div className="page page--narrow plan-page">
      <p>
        <Link to="/account/upcoming-orders">← Your pasta plan</Link>
      </p>
      <h1>{title}</h1>
      {body}
    </div>
  );
}
