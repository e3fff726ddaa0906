import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { bannerText, nextPlanOrderByText } from './banners';

const at = (iso: string) => new Date(iso);
const BANNER = '{order_by}. Free delivery on orders over £40.';

// The banner's deadline across the Friday 12:00 cutoff (London time), in GMT, in BST and in the weeks the
// clocks change (issue 19: "Order by Friday 12 noon for next week's box" was still said after it).
describe('the banner’s order-by text', () => {
  test('GMT: this Friday’s cutoff until 12 noon, then the next Friday’s and its week', () => {
    expect(bannerText(BANNER, at('2026-11-18T10:00:00Z'))).toBe(
      'Order by Friday 20 November at 12 noon for delivery 23 – 28 Nov. Free delivery on orders over £40.',
    );
    expect(nextPlanOrderByText(at('2026-11-20T11:59:59Z'))).toBe(
      'Order by Friday 20 November at 12 noon for delivery 23 – 28 Nov',
    );
    expect(nextPlanOrderByText(at('2026-11-20T12:00:00Z'))).toBe(
      'Order by Friday 27 November at 12 noon for delivery 30 Nov – 5 Dec',
    );
    // The weekend and the Monday after name that next cutoff too.
    for (const now of ['2026-11-21T09:00:00Z', '2026-11-22T23:59:00Z', '2026-11-23T00:00:00Z']) {
      expect(nextPlanOrderByText(at(now)), now).toBe(
        'Order by Friday 27 November at 12 noon for delivery 30 Nov – 5 Dec',
      );
    }
  });

  test('BST: 12 noon in London is 11:00 UTC', () => {
    expect(nextPlanOrderByText(at('2026-06-12T10:59:59Z'))).toBe(
      'Order by Friday 12 June at 12 noon for delivery 15 – 20 Jun',
    );
    expect(nextPlanOrderByText(at('2026-06-12T11:00:00Z'))).toBe(
      'Order by Friday 19 June at 12 noon for delivery 22 – 27 Jun',
    );
  });

  // Clocks go back on Sunday 25 October 2026 (Friday 23rd is BST, Friday 30th GMT) and forward on Sunday
  // 29 March 2026 (Friday 27th is GMT, Friday 3 April BST).
  test.each([
    ['2026-10-23T10:59:00Z', 'Friday 23 October at 12 noon for delivery 26 – 31 Oct'],
    ['2026-10-23T11:00:00Z', 'Friday 30 October at 12 noon for delivery 2 – 7 Nov'],
    ['2026-10-30T11:30:00Z', 'Friday 30 October at 12 noon for delivery 2 – 7 Nov'],
    ['2026-03-27T11:59:00Z', 'Friday 27 March at 12 noon for delivery 30 Mar – 4 Apr'],
    ['2026-04-03T10:59:00Z', 'Friday 3 April at 12 noon for delivery 6 – 11 Apr'],
    ['2026-04-03T11:00:00Z', 'Friday 10 April at 12 noon for delivery 13 – 18 Apr'],
  ])('the weeks the clocks change: at %s, order by %s', (now, expected) => {
    expect(nextPlanOrderByText(at(now))).toBe(`Order by ${expected}`);
  });

  test('a banner without the placeholder is the operator’s words as they are', () => {
    expect(bannerText('Free delivery over £40', at('2026-11-20T13:00:00Z'))).toBe('Free delivery over £40');
  });

  test('at any moment the deadline named is ahead, and the one a week before it has passed', () => {
    const LONDON = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2029, 11, 31) }), (t) => {
        const now = new Date(t);
        const [, day, month] = nextPlanOrderByText(now).match(/^Order by Friday (\d+) (\w+) at 12 noon/)!;
        const year = new Date(t).getUTCFullYear();
        const candidates = [year, year + 1].map((y) => new Date(`${day} ${month} ${y} 12:00:00 UTC`));
        // The Friday named, at 12:00 London: within the next seven days.
        const named = candidates
          .flatMap((c) => [c.getTime() - 3_600_000, c.getTime()])
          .filter(
            (instant) =>
              LONDON.format(instant).endsWith('12:00') && LONDON.format(instant).startsWith('Friday'),
          )
          .find((instant) => instant > t);
        expect(named, new Date(t).toISOString()).toBeDefined();
        // Seven London days: 169 hours across the autumn clock change (a cutoff at 12:00 BST, the next at
        // 12:00 GMT; fast-check found 26 October 2029 12:00 exactly).
        expect(named! - t).toBeLessThanOrEqual(7 * 86_400_000 + 3_600_000);
      }),
      { numRuns: 300, examples: [[Date.UTC(2029, 9, 26, 11)]] },
    );
  });
});
