import { describe, expect, test } from 'vitest';
import { whenLabel } from './booking-words';
import { clockLabel, startsLabel } from './format';

// Events' screens write times as the shop does everywhere (domain/calendar clockTimeLabel): "7pm", never
// "19:00", in London time across the clocks' change.

describe('times on the events screens', () => {
  test('a winter evening (GMT)', () => {
    expect(clockLabel('2026-12-12T19:00:00.000Z')).toBe('7pm');
    expect(startsLabel('2026-12-12T19:00:00.000Z')).toBe('Sat 12 Dec, 7pm');
    expect(whenLabel('2026-12-12T19:00:00.000Z')).toBe('Sat 12 Dec, 7pm');
  });

  test('a summer morning (BST) with minutes, noon and midnight', () => {
    expect(whenLabel('2026-06-13T09:16:00.000Z')).toBe('Sat 13 Jun, 10:16am');
    expect(whenLabel('2026-06-13T11:00:00.000Z')).toBe('Sat 13 Jun, 12 noon');
    expect(whenLabel('2026-11-18T00:00:00.000Z')).toBe('Wed 18 Nov, midnight');
  });
});
