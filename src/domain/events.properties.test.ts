import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { londonClock } from './calendar';
import {
  daysBeforeInstant,
  dietaryTotals,
  EVENT_ALLERGEN_IDS,
  EVENT_DIET_IDS,
  refundFor,
  refundTermsAt,
  seatProblems,
  seatsLeft,
  type RefundScale,
  type TemplateFacts,
} from './events';

// Properties of events' rules (issue 22 part 7): a slot is never sold past its capacity whatever the order of
// requests, the refund scale's steps keep the event's London clock time across BST and GMT, and the terms only
// ever get worse as the event comes closer.

const template: TemplateFacts = { title: 'Supper club', childPrice: 1500, maxGuests: 12 };
/** Any quarter hour from 06:00 to 22:45, London time, on any day of 2026–2028 (both clock changes a year). */
const eventStart = fc
  .record({
    day: fc.integer({ min: 0, max: 3 * 365 }),
    quarter: fc.integer({ min: 24, max: 91 }),
  })
  .map(({ day, quarter }) => {
    const date = new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
    const hours = Math.floor(quarter / 4);
    const minutes = (quarter % 4) * 15;
    // The instant London shows that wall time (hours 06–22 always exist, whatever the clocks do).
    const guess = new Date(
      `${date}T${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:00Z`,
    );
    const offset = londonClock(guess).hours - hours;
    return new Date(guess.getTime() - ((offset + 24) % 24) * 3_600_000);
  });

const scale: fc.Arbitrary<RefundScale> = fc
  .uniqueArray(
    fc.record({
      daysBefore: fc.integer({ min: 0, max: 60 }),
      percent: fc.integer({ min: 0, max: 100 }),
      as: fc.constantFrom('card' as const, 'credit' as const),
    }),
    { minLength: 1, maxLength: 4, selector: (step) => step.daysBefore },
  )
  .map((steps) => ({ steps, bookingClosesHours: 2 }));

describe('capacity', () => {
  test('property: however requests arrive, the seats granted never pass the capacity, and a refusal means it would', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.array(
          fc.record({ adults: fc.integer({ min: 0, max: 6 }), children: fc.integer({ min: 0, max: 6 }) }),
          {
            maxLength: 60,
          },
        ),
        (capacity, requests) => {
          const startsAt = new Date('2026-12-12T19:00:00Z');
          const now = new Date('2026-11-18T10:00:00Z');
          let taken = 0;
          for (const wanted of requests) {
            const problems = seatProblems(
              { startsAt, capacity, taken, cancelled: false },
              template,
              wanted,
              now,
              2,
            );
            const count = wanted.adults + wanted.children;
            const full = problems.some((problem) => problem.code === 'EVENT_SLOT_FULL');
            // Full exactly when the guests are otherwise fine and more than the seats left.
            if (count > 0 && count <= template.maxGuests)
              expect(full).toBe(count > seatsLeft(capacity, taken));
            if (problems.length === 0) taken += count;
            expect(taken).toBeLessThanOrEqual(capacity);
          }
        },
      ),
    );
  });

  test('property: seats left is never negative and never more than the capacity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 1000 }), (capacity, taken) => {
        const left = seatsLeft(capacity, taken);
        expect(left).toBeGreaterThanOrEqual(0);
        expect(left).toBeLessThanOrEqual(capacity);
        expect(left).toBe(Math.max(0, capacity - taken));
      }),
    );
  });
});

describe('the refund scale across BST and GMT', () => {
  test('property: a step ends at the event’s own London clock time, exactly N London dates before', () => {
    fc.assert(
      fc.property(eventStart, fc.integer({ min: 0, max: 90 }), (start, days) => {
        const end = daysBeforeInstant(start, days);
        const at = londonClock(start);
        const then = londonClock(end);
        expect([then.hours, then.minutes]).toEqual([at.hours, at.minutes]);
        const dates = (Date.parse(at.date) - Date.parse(then.date)) / 86_400_000;
        expect(dates).toBe(days);
        // Never more than an hour away from N × 24 hours: the clocks move by one hour at most.
        expect(Math.abs(start.getTime() - end.getTime() - days * 86_400_000)).toBeLessThanOrEqual(3_600_000);
      }),
    );
  });

  test('property: as the event comes closer the terms never get better, and once closed stay closed', () => {
    fc.assert(
      fc.property(
        eventStart,
        scale,
        fc.array(fc.integer({ min: 0, max: 70 * 24 }), { maxLength: 30 }),
        (start, s, hours) => {
          const moments = hours
            .map((h) => new Date(start.getTime() - h * 3_600_000))
            .sort((a, b) => a.getTime() - b.getTime());
          let lastDays = Number.POSITIVE_INFINITY;
          let closed = false;
          for (const now of moments) {
            const terms = refundTermsAt(start, now, s);
            const back = refundFor(10_000, terms);
            // The step in force is the one with the most days still ahead; later moments reach fewer-day steps.
            if (closed) expect(terms.changesAllowed).toBe(false);
            if (!terms.changesAllowed) closed = true;
            if (terms.until) expect(now.getTime()).toBeLessThan(terms.until.getTime());
            expect(now.getTime() < terms.changesCloseAt.getTime()).toBe(terms.changesAllowed);
            expect(back.amount).toBeGreaterThanOrEqual(0);
            expect(back.amount).toBeLessThanOrEqual(10_000);
            // Days before only go down, so the step in force only moves to a later one.
            const days = terms.step?.daysBefore ?? -1;
            expect(days).toBeLessThanOrEqual(lastDays);
            lastDays = days;
          }
        },
      ),
    );
  });

  test('property: what comes back is a whole number of pence, never more than was taken off', () => {
    fc.assert(
      fc.property(eventStart, scale, fc.integer({ min: 0, max: 1_000_000 }), (start, s, amount) => {
        const terms = refundTermsAt(start, new Date(start.getTime() - 30 * 86_400_000), s);
        const back = refundFor(amount, terms);
        expect(Number.isInteger(back.amount)).toBe(true);
        expect(back.amount).toBeLessThanOrEqual(amount);
        expect(back.as === 'none').toBe(back.amount === 0);
      }),
    );
  });
});

describe('dietary totals', () => {
  test('property: each count is at most the guests, and the counts add up to each guest’s distinct needs', () => {
    const guest = fc.record({
      allergens: fc.array(fc.constantFrom(...EVENT_ALLERGEN_IDS), { maxLength: 5 }),
      diets: fc.array(fc.constantFrom(...EVENT_DIET_IDS), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(guest, { maxLength: 20 }), (guests) => {
        const totals = dietaryTotals(guests);
        for (const total of totals) expect(total.count).toBeLessThanOrEqual(guests.length);
        const sum = totals.reduce((s, total) => s + total.count, 0);
        expect(sum).toBe(guests.reduce((s, g) => s + new Set([...g.allergens, ...g.diets]).size, 0));
      }),
    );
  });
});
