import { expect, test } from 'vitest';
import type { ScheduleWeek } from '../../../contracts/subscriptions';
import { fitBasketIntoPlan } from './basket-into-plan';

const now = new Date('2026-11-18T10:00:00Z');
const week = (startDate: string, patch: Partial<ScheduleWeek> = {}): ScheduleWeek =>
  ({
    id: `w-${startDate}`,
    startDate,
    cutoffAt: '2026-11-27T12:00:00.000Z',
    editable: true,
    state: 'active',
    orderId: `o-${startDate}`,
    ...patch,
  }) as ScheduleWeek;
const basket = (mealWeek: string) => ({ mealWeek, itemCount: 2, subtotal: 1800 });

test('a basket week goes into the active plan’s open box for that week, a skipped one too', () => {
  const fits = fitBasketIntoPlan(
    [basket('2026-11-30'), basket('2026-12-07')],
    { state: 'active' },
    [week('2026-11-30'), week('2026-12-07', { state: 'skipped', cutoffAt: '2026-12-04T12:00:00.000Z' })],
    now,
  );
  expect(fits.map((f) => f.fits)).toEqual([true, true]);
});

test('weeks without a box, closed or paid at checkout stay in the basket, saying why', () => {
  const fits = fitBasketIntoPlan(
    [basket('2026-11-23'), basket('2026-11-30'), basket('2026-12-14')],
    { state: 'active' },
    [week('2026-11-23', { editable: false }), week('2026-11-30', { cutoffAt: '2026-11-18T09:00:00.000Z' })],
    now,
  );
  expect(fits.map((f) => (f.fits ? 'fits' : f.why))).toEqual([
    'that week’s box is already set',
    'that week’s box is already set',
    'your plan has no box that week',
  ]);
});

test('a paused or failed plan takes nothing, and says why', () => {
  for (const [state, why] of [
    ['paused', /paused/],
    ['failed', /on hold/],
  ] as const) {
    const [fit] = fitBasketIntoPlan([basket('2026-11-30')], { state }, [week('2026-11-30')], now);
    expect(fit!.fits).toBe(false);
    expect(fit!.fits ? '' : fit!.why).toMatch(why);
  }
});
