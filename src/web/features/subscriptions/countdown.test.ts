import { describe, expect, test } from 'vitest';
import { cutoffCountdown, timeLeft, whenLabel } from './countdown';

// The cutoff countdown on each coming week (issue 12 part 3), in London time across GMT and BST.

describe('timeLeft', () => {
  const now = new Date('2026-11-18T10:00:00Z');
  const after = (ms: number) => new Date(now.getTime() + ms);
  const MIN = 60_000;

  test('days and hours, hours and minutes, minutes', () => {
    expect(timeLeft(after((2 * 24 + 3) * 60 * MIN + 59 * MIN), now)).toBe('in 2 days 3 hours');
    expect(timeLeft(after(24 * 60 * MIN), now)).toBe('in 1 day');
    expect(timeLeft(after(5 * 60 * MIN + 12 * MIN), now)).toBe('in 5 hours 12 minutes');
    expect(timeLeft(after(60 * MIN), now)).toBe('in 1 hour');
    expect(timeLeft(after(4 * MIN + 30_000), now)).toBe('in 4 minutes');
    expect(timeLeft(after(20_000), now)).toBe('in less than a minute');
  });

  test('nothing once the moment has passed', () => {
    expect(timeLeft(now, now)).toBeNull();
    expect(timeLeft(after(-1), now)).toBeNull();
  });
});

describe('whenLabel', () => {
  // Friday 20 November 2026, 12:00 GMT.
  const cutoff = new Date('2026-11-20T12:00:00Z');

  test('today, tomorrow, a weekday within the week, a date beyond', () => {
    expect(whenLabel(cutoff, new Date('2026-11-20T08:00:00Z'))).toBe('12 noon today');
    expect(whenLabel(cutoff, new Date('2026-11-19T23:30:00Z'))).toBe('12 noon tomorrow');
    expect(whenLabel(cutoff, new Date('2026-11-18T10:00:00Z'))).toBe('Friday 12 noon');
    expect(whenLabel(cutoff, new Date('2026-11-13T10:00:00Z'))).toBe('Friday 20 November at 12 noon');
  });

  test('London time in summer (BST): the Friday noon cutoff is 11:00 UTC', () => {
    const summer = new Date('2026-06-12T11:00:00Z');
    expect(whenLabel(summer, new Date('2026-06-10T09:00:00Z'))).toBe('Friday 12 noon');
    // Just after midnight in London on the Friday is still Thursday in UTC.
    expect(whenLabel(summer, new Date('2026-06-11T23:30:00Z'))).toBe('12 noon today');
  });
});

describe('cutoffCountdown', () => {
  const cutoff = new Date('2026-11-27T12:00:00Z');

  test('open: how long and when', () => {
    expect(cutoffCountdown(cutoff, new Date('2026-11-25T09:00:00Z'))).toEqual({
      open: true,
      text: 'Changes close in 2 days 3 hours (Friday 12 noon)',
    });
  });

  test('closed: when it closed', () => {
    expect(cutoffCountdown(cutoff, new Date('2026-11-27T12:00:00Z'))).toEqual({
      open: false,
      text: 'Changes closed Friday 27 November at 12 noon',
    });
  });
});
