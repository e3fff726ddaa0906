import { useQuery } from '@tanstack/react-query';
import type { ScheduleWeek } from '../../../contracts/subscriptions';
import { PLAN_DELIVERY_DAYS } from '../../../domain/plans';
import type { DeliveryDaysQuery } from '../../features/delivery/delivery-day-picker';
import { deliveryQueries } from '../../features/delivery/delivery.queries';
import { weekDayChoices } from '../../features/subscriptions/week-days';

/**
 * The days a plan's box can move to, for the delivery-day picker: its week's delivery days on which the
 * courier comes to `zip` (the postcode's weekdays from POST /delivery_dates; the dates themselves are the
 * week's, not the checkout's 21-day window).
 */
export function useWeekDays(
  week: Pick<ScheduleWeek, 'startDate' | 'cutoffAt'>,
  zip: string,
): DeliveryDaysQuery {
  const postcode = useQuery({
    ...deliveryQueries.dates(zip, week.startDate, [], 'plan'),
    enabled: zip !== '',
  });
  const weekdays = zip === '' ? [...PLAN_DELIVERY_DAYS] : postcode.data?.deliveryDays;
  return {
    isPending: zip !== '' && postcode.isPending,
    isError: postcode.isError,
    error: postcode.error,
    refetch: postcode.refetch,
    data: weekdays
      ? {
          dates: weekDayChoices(week, weekdays) as NonNullable<DeliveryDaysQuery['data']>['dates'],
          postcode: zip,
          deliveryDays: weekdays,
          lastDate: '',
        }
      : undefined,
  };
}
