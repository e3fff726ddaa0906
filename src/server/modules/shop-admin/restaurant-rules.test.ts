import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { RestaurantAdminBody } from '../../../contracts/back-office-shop';
import { restaurantProblems } from './restaurant-rules';

const base: RestaurantAdminBody = {
  openingHours: Array.from({ length: 7 }, () => [{ opens: '11:30', closes: '22:00' }]),
  prepMinutes: 20,
  deliveryRadiusMiles: 3,
  deliveryFee: 299,
  freeDeliveryFrom: 2500,
  minimumSpend: 1000,
  slotCapacity: 6,
  offersDelivery: true,
  offersPickup: true,
  offersEatIn: true,
  offersCatering: false,
  cateringMinimumSpend: 15000,
  cateringLeadHours: 48,
  tableCount: 12,
  hasTableNumbers: true,
  tableNumberPrompt: null,
  openTabCheckouts: false,
};

describe('restaurantProblems', () => {
  test('a sound restaurant has none', () => {
    expect(restaurantProblems(base)).toEqual([]);
  });

  test('a delivery radius is accepted exactly above 0 and up to 50 miles', () => {
    fc.assert(
      fc.property(fc.double({ min: -100, max: 100, noNaN: true }), (miles) => {
        const fields = restaurantProblems({ ...base, deliveryRadiusMiles: miles }).map((p) => p.field);
        expect(fields.includes('deliveryRadiusMiles')).toBe(!(miles > 0 && miles <= 50));
      }),
    );
  });

  test('a slot takes 1 to 500 orders; fees never below £0.00', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (n) => {
        expect(restaurantProblems({ ...base, slotCapacity: n }).length === 0).toBe(n >= 1 && n <= 500);
        expect(restaurantProblems({ ...base, deliveryFee: n }).length === 0).toBe(n >= 0);
      }),
    );
  });

  test('hours: seven days, on the quarter hour, in order', () => {
    const problem = (openingHours: RestaurantAdminBody['openingHours']) =>
      restaurantProblems({ ...base, openingHours }).map((p) => p.field);
    expect(problem(base.openingHours.slice(1))).toEqual(['openingHours']);
    expect(problem(base.openingHours.map(() => [{ opens: '11:10', closes: '22:00' }]))).toEqual([
      'openingHours',
    ]);
    expect(
      problem(
        base.openingHours.map(() => [
          { opens: '11:00', closes: '15:00' },
          { opens: '14:00', closes: '22:00' },
        ]),
      ),
    ).toEqual(['openingHours']);
    expect(problem(base.openingHours.map(() => []))).toEqual([]);
  });

  test('at least one of delivery, collection and eating in', () => {
    expect(
      restaurantProblems({ ...base, offersDelivery: false, offersPickup: false, offersEatIn: false }).map(
        (p) => p.field,
      ),
    ).toEqual(['offersDelivery']);
  });
});
