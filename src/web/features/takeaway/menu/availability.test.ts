import { describe, expect, test } from 'vitest';
import { dishAvailability, snoozeSignature } from './availability';

// Whether a dish on the takeaway menu can be added now: the kitchen's snoozes (read every 30 s) win over
// the menu (read every 60 s), and the reason is said in words.

describe('whether a dish can be added', () => {
  const now = new Date('2026-11-18T12:30:00Z');
  const dish = {
    id: '2030',
    available: true,
    snoozedUntil: null,
    fulfillmentTypes: ['delivery' as const, 'pickup' as const],
  };

  test('a dish in the latest snooze list is unavailable, whatever the older menu says, with when it is back', () => {
    expect(dishAvailability(dish, [], 'delivery', now)).toEqual({ available: true });
    expect(
      dishAvailability(dish, [{ productId: '2030', until: '2026-11-18T13:30:00Z' }], 'delivery', now),
    ).toEqual({
      available: false,
      reason: 'Sold out for now · back at 1:30pm today',
    });
    expect(
      dishAvailability(dish, [{ productId: '2030', until: '2026-11-19T11:30:00Z' }], 'delivery', now),
    ).toMatchObject({ reason: 'Sold out for now · back at 11:30am tomorrow' });
  });

  test('the menu’s own refusals: a snooze it knows of, a fulfilment the dish isn’t for, anything else', () => {
    expect(
      dishAvailability(
        { ...dish, available: false, snoozedUntil: '2026-11-18T13:30:00Z' },
        undefined,
        'delivery',
        now,
      ),
    ).toMatchObject({ available: false, reason: 'Sold out for now · back at 1:30pm today' });
    expect(dishAvailability({ ...dish, available: false }, [], 'eat_in', now)).toEqual({
      available: false,
      reason: 'Not available for eating in',
    });
    expect(dishAvailability({ ...dish, available: false }, [], 'delivery', now)).toEqual({
      available: false,
      reason: 'Not available right now',
    });
  });

  test('the snooze signature changes when the kitchen snoozes or brings back a dish, not with the order', () => {
    const a = { productId: '2030', until: 'x' };
    const b = { productId: '2001', until: 'y' };
    expect(snoozeSignature([a, b])).toBe(snoozeSignature([b, a]));
    expect(snoozeSignature([a])).not.toBe(snoozeSignature([a, b]));
    expect(snoozeSignature(undefined)).toBe('');
  });
});
