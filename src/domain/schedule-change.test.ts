import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addDays, addWeeks, weekStartOf, type IsoDate } from './calendar';
import { firstOpenWeek, planDeliveryDate, planWeeks, scheduleHorizon } from './plans';
import { scheduleChange, type PlanWeekNow, type WeekChange } from './schedule-change';

// A plan's new day or rhythm week by week (issue 19 item 7): a week the customer moved keeps its day unless
// they ask otherwise, a paid box keeps the day it was booked for, and every week that changes is listed.

const NOW = new Date('2026-11-18T10:00:00Z');
const week = (start: string, delivery: string, options: Partial<PlanWeekNow> = {}): PlanWeekNow => ({
  id: start,
  startDate: start as IsoDate,
  deliveryDate: delivery as IsoDate,
  originalDeliveryDate: delivery as IsoDate,
  fixed: false,
  ...options,
});

describe('changing the plan’s day', () => {
  // The walk-through of issue 19: weekly on Wednesdays, the first box paid, the week of 14 Dec moved to
  // Saturday 19 December; then the plan's day becomes Thursday.
  const weeks = [
    week('2026-11-23', '2026-11-25', { fixed: true }),
    week('2026-11-30', '2026-12-02'),
    week('2026-12-07', '2026-12-09'),
    week('2026-12-14', '2026-12-19', { originalDeliveryDate: '2026-12-16' as IsoDate }),
    week('2026-12-21', '2026-12-23'),
    week('2026-12-28', '2026-12-30'),
  ];
  const change = (alsoMove: string[] = []) =>
    scheduleChange({
      weeks,
      anchorWeek: '2026-11-23' as IsoDate,
      before: { deliveryDay: 3, frequency: 1 },
      after: { deliveryDay: 4, frequency: 1 },
      now: NOW,
      alsoMove: new Set(alsoMove),
    }).changes;

  test('the moved week keeps Saturday 19 December, the paid box its Wednesday; the others move to Thursday', () => {
    expect(change()).toEqual<WeekChange[]>([
      {
        kind: 'kept',
        weekId: '2026-11-23',
        weekStart: '2026-11-23' as IsoDate,
        date: '2026-11-25' as IsoDate,
        planDate: '2026-11-26' as IsoDate,
        why: 'paid',
      },
      {
        kind: 'moved',
        weekId: '2026-11-30',
        weekStart: '2026-11-30' as IsoDate,
        from: '2026-12-02' as IsoDate,
        to: '2026-12-03' as IsoDate,
      },
      {
        kind: 'moved',
        weekId: '2026-12-07',
        weekStart: '2026-12-07' as IsoDate,
        from: '2026-12-09' as IsoDate,
        to: '2026-12-10' as IsoDate,
      },
      {
        kind: 'kept',
        weekId: '2026-12-14',
        weekStart: '2026-12-14' as IsoDate,
        date: '2026-12-19' as IsoDate,
        planDate: '2026-12-17' as IsoDate,
        why: 'moved_by_you',
      },
      {
        kind: 'moved',
        weekId: '2026-12-21',
        weekStart: '2026-12-21' as IsoDate,
        from: '2026-12-23' as IsoDate,
        to: '2026-12-24' as IsoDate,
      },
      {
        kind: 'moved',
        weekId: '2026-12-28',
        weekStart: '2026-12-28' as IsoDate,
        from: '2026-12-30' as IsoDate,
        to: '2026-12-31' as IsoDate,
      },
    ]);
  });

  test('asked to, the moved week follows the new day too', () => {
    expect(change(['2026-12-14']).find((c) => c.weekStart === '2026-12-14')).toEqual({
      kind: 'moved',
      weekId: '2026-12-14',
      weekStart: '2026-12-14',
      from: '2026-12-19',
      to: '2026-12-17',
    });
  });

  test('a paid box is never moved, even when asked', () => {
    expect(change(['2026-11-23'])[0]).toMatchObject({ kind: 'kept', why: 'paid' });
  });

  test('every 2 weeks: the rhythm restarts at the first open week; weeks off it are dropped, a paid one stays', () => {
    const { anchorWeek, changes } = scheduleChange({
      weeks,
      anchorWeek: '2026-11-23' as IsoDate,
      before: { deliveryDay: 3, frequency: 1 },
      after: { deliveryDay: 3, frequency: 2 },
      now: NOW,
    });
    expect(anchorWeek).toBe('2026-11-23');
    expect(changes.map((c) => [c.kind, c.weekStart])).toEqual([
      ['dropped', '2026-11-30'],
      ['dropped', '2026-12-14'],
      ['dropped', '2026-12-28'],
    ]);
  });
});

const monday = fc.integer({ min: 0, max: 3 * 52 }).map((n) => addWeeks('2025-01-06' as IsoDate, n));

describe('every week is accounted for', () => {
  test('moved weeks land on the new day, kept ones keep theirs, and the rhythm’s weeks are all there', () => {
    fc.assert(
      fc.property(
        monday,
        fc.integer({ min: 0, max: 6 * 24 * 60 }),
        fc.record({
          beforeDay: fc.integer({ min: 1, max: 6 }),
          afterDay: fc.integer({ min: 1, max: 6 }),
          beforeFrequency: fc.integer({ min: 1, max: 4 }),
          afterFrequency: fc.integer({ min: 1, max: 4 }),
          flags: fc.array(fc.record({ moved: fc.boolean(), fixed: fc.boolean(), also: fc.boolean() }), {
            minLength: 7,
            maxLength: 7,
          }),
        }),
        (monday0, minutes, r) => {
          const now = new Date(new Date(`${monday0}T00:00:00Z`).getTime() + minutes * 60_000);
          const first = firstOpenWeek(now);
          const anchor = weekStartOf(first);
          const existing = planWeeks(anchor, r.beforeFrequency, first, scheduleHorizon(now)).map(
            (start, i) => {
              const flag = r.flags[i % r.flags.length]!;
              const planDate = planDeliveryDate(start, r.beforeDay);
              const moved = flag.moved ? addDays(start, planDate === addDays(start, 5) ? 4 : 5) : planDate;
              return week(start, moved, { originalDeliveryDate: planDate, fixed: flag.fixed });
            },
          );
          const alsoMove = new Set(
            existing.filter((_, i) => r.flags[i % r.flags.length]!.also).map((w) => w.id),
          );
          const { anchorWeek, changes } = scheduleChange({
            weeks: existing,
            anchorWeek: anchor,
            before: { deliveryDay: r.beforeDay, frequency: r.beforeFrequency },
            after: { deliveryDay: r.afterDay, frequency: r.afterFrequency },
            now,
            alsoMove,
          });
          const wanted = planWeeks(anchorWeek, r.afterFrequency, first, scheduleHorizon(now));
          for (const w of existing) {
            const listed = changes.filter((c) => c.weekStart === w.startDate);
            expect(listed.length).toBeLessThanOrEqual(1);
            const c = listed[0];
            const planDate = planDeliveryDate(w.startDate, r.afterDay);
            if (w.fixed) {
              // Paid: never moved nor dropped; listed only when the new day differs.
              expect(c?.kind ?? 'none').toBe(planDate === w.deliveryDate ? 'none' : 'kept');
            } else if (!wanted.includes(w.startDate)) {
              expect(c?.kind).toBe('dropped');
            } else if (planDate === w.deliveryDate) {
              expect(c).toBeUndefined();
            } else if (w.deliveryDate !== w.originalDeliveryDate && !alsoMove.has(w.id)) {
              expect(c).toMatchObject({ kind: 'kept', date: w.deliveryDate, why: 'moved_by_you' });
            } else {
              expect(c).toMatchObject({ kind: 'moved', from: w.deliveryDate, to: planDate });
            }
          }
          // Weeks new to the rhythm are added on the new day; nothing else is listed.
          for (const c of changes.filter((c) => c.kind === 'added')) {
            expect(existing.some((w) => w.startDate === c.weekStart)).toBe(false);
            expect(wanted).toContain(c.weekStart);
            expect(c.date).toBe(planDeliveryDate(c.weekStart, r.afterDay));
          }
          for (const start of wanted) {
            if (!existing.some((w) => w.startDate === start)) {
              expect(changes.some((c) => c.kind === 'added' && c.weekStart === start)).toBe(true);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
