import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  askDue,
  askDueAt,
  averageOf,
  isLowRating,
  isRatedSource,
  isStars,
  netPromoterScore,
  npsCategory,
  ratingChangeable,
  ratingEditableUntil,
  ratingOpen,
  ratingSummaryText,
  starsLabel,
  starWords,
  summariseRatings,
} from './ratings';

// Ratings and feedback (issue 23 parts 1–2; decision 30): what a dish's ratings add up to, NPS, the windows
// for rating and changing a rating, and when the after-order email is due.

const stars = fc.integer({ min: 1, max: 5 });
const ratings = fc.array(stars, { minLength: 1, maxLength: 400 });
const nps = fc.integer({ min: 0, max: 10 });

describe('a dish’s summary', () => {
  test('the average lies within the stars given, in [1, 5], to one decimal; the count is how many', () => {
    fc.assert(
      fc.property(ratings, (list) => {
        const summary = summariseRatings(list);
        expect(summary.count).toBe(list.length);
        expect(summary.average).not.toBeNull();
        const average = summary.average!;
        expect(average).toBeGreaterThanOrEqual(1);
        expect(average).toBeLessThanOrEqual(5);
        expect(average).toBeGreaterThanOrEqual(Math.min(...list));
        expect(average).toBeLessThanOrEqual(Math.max(...list));
        expect(Math.round(average * 10)).toBeCloseTo(average * 10, 9);
        expect(summary.histogram.reduce((a, b) => a + b, 0)).toBe(list.length);
        summary.histogram.forEach((n, i) => expect(n).toBe(list.filter((s) => s === i + 1).length));
      }),
    );
  });

  test('agrees with averageOf from the database’s sums, and is the exact mean rounded half up', () => {
    fc.assert(
      fc.property(ratings, (list) => {
        const total = list.reduce((a, b) => a + b, 0);
        expect(summariseRatings(list).average).toBe(averageOf(total, list.length));
        // Half up, in whole numbers: tenths = floor(mean × 10 + ½).
        const exactTenths = (total * 10) / list.length;
        const tenths = Math.round(averageOf(total, list.length)! * 10);
        expect(tenths - exactTenths).toBeLessThanOrEqual(0.5);
        expect(exactTenths - tenths).toBeLessThan(0.5);
      }),
    );
  });

  test('halves round up, whatever floating point makes of them', () => {
    // 4.55: 91 stars over 20 ratings.
    expect(averageOf(91, 20)).toBe(4.6);
    // 4.45: 89 over 20.
    expect(averageOf(89, 20)).toBe(4.5);
    // 1.05: 21 over 20.
    expect(averageOf(21, 20)).toBe(1.1);
    expect(averageOf(14, 3)).toBe(4.7);
    expect(averageOf(0, 0)).toBeNull();
    expect(summariseRatings([])).toEqual({ average: null, count: 0, histogram: [0, 0, 0, 0, 0] });
  });

  test('only whole stars 1–5 count', () => {
    expect(() => summariseRatings([0])).toThrow(RangeError);
    expect(() => summariseRatings([6])).toThrow(RangeError);
    expect(() => summariseRatings([4.5])).toThrow(RangeError);
    expect([0, 1, 5, 6, 2.5, '3', null].map(isStars)).toEqual([
      false,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  test('in words: "4.6 from 128 ratings"', () => {
    expect(ratingSummaryText({ average: 4.6, count: 128 })).toBe('4.6 from 128 ratings');
    expect(ratingSummaryText({ average: 5, count: 1 })).toBe('5.0 from 1 rating');
    expect(ratingSummaryText({ average: null, count: 0 })).toBe('No ratings yet');
    fc.assert(
      fc.property(ratings, (list) => {
        expect(ratingSummaryText(summariseRatings(list))).toMatch(/^[1-5]\.\d from \d+ ratings?$/);
      }),
    );
    expect(starsLabel(1)).toBe('1 star out of 5');
    expect(starsLabel(4)).toBe('4 stars out of 5');
    expect([1, 2, 3, 4, 5].map(starWords)).toEqual([
      'Not good',
      'Could be better',
      'Good',
      'Really good',
      'Loved it',
    ]);
    expect(() => starWords(0)).toThrow(RangeError);
  });

  test('two stars or fewer are low', () => {
    expect([1, 2, 3, 4, 5].map(isLowRating)).toEqual([true, true, false, false, false]);
  });
});

describe('NPS', () => {
  test('the score lies in [−100, 100], whole, and is promoters’ share less detractors’', () => {
    fc.assert(
      fc.property(fc.array(nps, { minLength: 1, maxLength: 300 }), (list) => {
        const score = netPromoterScore(list)!;
        expect(Number.isInteger(score)).toBe(true);
        expect(score).toBeGreaterThanOrEqual(-100);
        expect(score).toBeLessThanOrEqual(100);
        const promoters = list.filter((s) => s >= 9).length;
        const detractors = list.filter((s) => s <= 6).length;
        expect(Math.abs(score - ((promoters - detractors) * 100) / list.length)).toBeLessThanOrEqual(0.5);
      }),
    );
    expect(netPromoterScore([])).toBeNull();
    expect(netPromoterScore([10, 10])).toBe(100);
    expect(netPromoterScore([0, 6])).toBe(-100);
    expect(netPromoterScore([7, 8])).toBe(0);
    expect(netPromoterScore([10, 9, 0])).toBe(33);
  });

  test('9–10 promote, 7–8 are passive, 0–6 detract; anything else is refused', () => {
    expect(Array.from({ length: 11 }, (_, i) => npsCategory(i))).toEqual([
      ...Array(7).fill('detractor'),
      'passive',
      'passive',
      'promoter',
      'promoter',
    ]);
    fc.assert(
      fc.property(nps, (score) => {
        // Every answer is in exactly one band, and passives never move the score.
        expect(['promoter', 'passive', 'detractor']).toContain(npsCategory(score));
        if (npsCategory(score) === 'passive') expect(netPromoterScore([score])).toBe(0);
      }),
    );
    for (const bad of [-1, 11, 7.5]) expect(() => npsCategory(bad)).toThrow(RangeError);
  });
});

describe('when a rating can be given and changed', () => {
  const given = new Date('2026-11-18T12:00:00Z');

  test('changeable for 7 days after it was given, to the millisecond', () => {
    expect(ratingEditableUntil(given).toISOString()).toBe('2026-11-25T12:00:00.000Z');
    expect(ratingChangeable(given, new Date('2026-11-25T12:00:00.000Z'))).toBe(true);
    expect(ratingChangeable(given, new Date('2026-11-25T12:00:00.001Z'))).toBe(false);
  });

  test('open for 60 days after the order came', () => {
    expect(ratingOpen(given, new Date('2027-01-17T12:00:00Z'))).toBe(true);
    expect(ratingOpen(given, new Date('2027-01-17T12:00:01Z'))).toBe(false);
  });

  test('takeaways and boxes are rated; gifts, tables and events are not', () => {
    expect(
      [
        'takeaway',
        'catering',
        'recipe_kit',
        'one_off',
        'subscription',
        'gift_box',
        'dine_in_tab',
        'event_booking',
      ].map(isRatedSource),
    ).toEqual([true, true, true, true, true, false, false, false]);
  });

  test('the email: a takeaway at once, a box two days on; never more than a week late', () => {
    const delivered = new Date('2026-11-18T19:00:00Z');
    expect(askDueAt('takeaway', delivered)).toEqual(delivered);
    expect(askDueAt('subscription', delivered).toISOString()).toBe('2026-11-20T19:00:00.000Z');
    expect(askDue('takeaway', delivered, delivered)).toBe(true);
    expect(askDue('recipe_kit', delivered, new Date('2026-11-20T18:59:59Z'))).toBe(false);
    expect(askDue('recipe_kit', delivered, new Date('2026-11-20T19:00:00Z'))).toBe(true);
    expect(askDue('recipe_kit', delivered, new Date('2026-11-27T19:00:01Z'))).toBe(false);
    expect(askDue('catering', delivered, new Date('2026-11-25T19:00:00Z'))).toBe(true);
    expect(askDue('catering', delivered, new Date('2026-11-25T19:00:01Z'))).toBe(false);
  });
});
