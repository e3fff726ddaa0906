import { expect, test } from 'vitest';
import { weekDayChoices } from './week-days';

test('a week’s delivery days for the postcode, beyond the 21-day window too, each closing at the cutoff', () => {
  const days = weekDayChoices({ startDate: '2027-01-11', cutoffAt: '2027-01-08T12:00:00.000Z' }, [1, 3, 5]);
  expect(days).toEqual([
    {
      date: '2027-01-11',
      weekday: 'Monday',
      label: 'Mon 11 Jan',
      mealWeek: '2027-01-11',
      orderBy: '2027-01-08T12:00:00.000Z',
    },
    {
      date: '2027-01-13',
      weekday: 'Wednesday',
      label: 'Wed 13 Jan',
      mealWeek: '2027-01-11',
      orderBy: '2027-01-08T12:00:00.000Z',
    },
    {
      date: '2027-01-15',
      weekday: 'Friday',
      label: 'Fri 15 Jan',
      mealWeek: '2027-01-11',
      orderBy: '2027-01-08T12:00:00.000Z',
    },
  ]);
});

test('the kitchen’s closed days are never offered (Christmas week)', () => {
  const days = weekDayChoices(
    { startDate: '2026-12-21', cutoffAt: '2026-12-18T12:00:00.000Z' },
    [1, 2, 3, 4, 5, 6],
  );
  expect(days.map((d) => d.date)).toEqual(['2026-12-21', '2026-12-22', '2026-12-23', '2026-12-24']);
});
