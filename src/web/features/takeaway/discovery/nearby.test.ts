import { describe, expect, test } from 'vitest';
import type { Restaurant } from '../../../../contracts/restaurants';
import { nearestForCollection } from './nearby';

// What an address no kitchen serves is offered: the nearest kitchen that takes collections (for catering,
// that caters), however far, with its distance from the address.

const kitchen = (id: string, lat: number, lon: number, more: Partial<Restaurant> = {}) =>
  ({ id, lat, lon, fulfillmentTypes: ['delivery', 'pickup'], offersCatering: true, ...more }) as Restaurant;

const MANCHESTER = { lat: 53.4809, lon: -2.2374 };
const oxford = kitchen('oxford', 51.747443, -1.257577);
const cambridge = kitchen('cambridge', 52.201003, 0.115763);

describe('the nearest kitchen to collect from', () => {
  test('the nearest of all, however far, in miles to a tenth', () => {
    expect(nearestForCollection([cambridge, oxford], MANCHESTER, false)).toEqual({
      restaurant: oxford,
      distanceMiles: 126.6,
    });
  });

  test('only kitchens that take collections; for catering, only those that cater; none, null', () => {
    const noPickup = kitchen('oxford', 51.747443, -1.257577, { fulfillmentTypes: ['delivery'] });
    expect(nearestForCollection([noPickup, cambridge], MANCHESTER, false)?.restaurant.id).toBe('cambridge');
    const noCatering = kitchen('oxford', 51.747443, -1.257577, { offersCatering: false });
    expect(nearestForCollection([noCatering, cambridge], MANCHESTER, true)?.restaurant.id).toBe('cambridge');
    expect(nearestForCollection([noCatering], MANCHESTER, false)?.restaurant.id).toBe('oxford');
    expect(nearestForCollection([noCatering], MANCHESTER, true)).toBeNull();
    expect(nearestForCollection([], MANCHESTER, false)).toBeNull();
  });
});
