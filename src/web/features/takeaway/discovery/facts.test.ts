import { describe, expect, test } from 'vitest';
import type { Restaurant } from '../../../../contracts/restaurants';
import { pence } from '../../../../domain/money';
import { collectionText, deliveryFeeText, distanceText, minimumText, openingText } from './facts';

// What the restaurant list says about a kitchen, in London time (the clock changes on 25 October 2026).

const hours = (openNow: boolean, opensAt: string | null, closesAt: string | null) => ({
  openNow,
  opensAt,
  closesAt,
});

describe('a kitchen in words', () => {
  test('open now, opens at (London time, GMT and BST), or closed for today', () => {
    expect(openingText(hours(true, '2026-11-18T11:30:00Z', '2026-11-18T22:00:00Z'))).toBe(
      'Open now until 10pm',
    );
    expect(openingText(hours(true, null, null))).toBe('Open now');
    expect(openingText(hours(false, '2026-11-18T11:30:00Z', '2026-11-18T22:00:00Z'))).toBe(
      'Opens at 11:30am',
    );
    expect(openingText(hours(false, '2026-07-01T11:00:00Z', null))).toBe('Opens at 12 noon');
    expect(openingText(hours(false, null, null))).toBe('Closed for today');
  });

  test('distance to a tenth of a mile', () => {
    expect(distanceText(0.46)).toBe('0.5 miles away');
    expect(distanceText(1)).toBe('1 mile away');
    expect(distanceText(2.94)).toBe('2.9 miles away');
    expect(distanceText(Number.POSITIVE_INFINITY)).toBe('');
  });

  test('the delivery fee, free over a threshold, and the minimum spend (catering: its own)', () => {
    const spends = { minimumSpend: pence(1500), cateringMinimumSpend: pence(15_050) };
    const soho = { deliveryFee: pence(299), freeDeliveryFrom: pence(4000), ...spends };
    expect(deliveryFeeText(soho)).toBe('£2.99 delivery, free over £40');
    // Issue 19: catering's £150.50 minimum is over the £40 threshold, so its delivery is always free.
    expect(deliveryFeeText(soho, true)).toBe('Free delivery');
    expect(deliveryFeeText({ ...soho, freeDeliveryFrom: pence(20_000) }, true)).toBe(
      '£2.99 delivery, free over £200',
    );
    expect(deliveryFeeText({ ...soho, deliveryFee: pence(199), freeDeliveryFrom: null })).toBe(
      '£1.99 delivery',
    );
    expect(deliveryFeeText({ ...soho, deliveryFee: pence(0), freeDeliveryFrom: null })).toBe('Free delivery');
    expect(minimumText(spends, false)).toBe('Minimum order £15');
    expect(minimumText(spends, true)).toBe('Minimum order £150.50');
  });

  test('a collection: ready after the prep and busy minutes while open, else when it opens', () => {
    const kitchen = { prepMinutes: 20, busyMinutes: 10 } as Pick<Restaurant, 'prepMinutes' | 'busyMinutes'>;
    expect(collectionText({ ...kitchen, ...hours(true, null, null) })).toBe('Ready in about 30 minutes');
    expect(collectionText({ ...kitchen, ...hours(false, '2026-11-18T17:00:00Z', null) })).toBe(
      'Opens at 5pm',
    );
  });
});
