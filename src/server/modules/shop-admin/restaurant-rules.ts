import type { RestaurantAdminBody } from '../../../contracts/back-office-shop';
import { isValidOpeningHours } from '../../../domain/restaurant-hours';
import { formatPence } from '../../../domain/money';

// What a restaurant's running set in the back office must be (issue 25 part 3): hours on the quarter hour,
// each window opening before it closes and after the one before; a delivery radius up to 50 miles; fees and
// minimums in range; a slot taking 1 to 500 orders. Pure: each problem names its field.

export interface RestaurantProblem {
  field: keyof RestaurantAdminBody;
  message: string;
}

type IntField =
  | 'prepMinutes'
  | 'deliveryFee'
  | 'minimumSpend'
  | 'slotCapacity'
  | 'cateringMinimumSpend'
  | 'cateringLeadHours'
  | 'tableCount';

const RANGES: Record<IntField, { min: number; max: number; label: string; money?: boolean }> = {
  prepMinutes: { min: 0, max: 240, label: 'Preparation time (minutes)' },
  deliveryFee: { min: 0, max: 10_000, label: 'The delivery fee', money: true },
  minimumSpend: { min: 0, max: 100_000, label: 'The minimum spend', money: true },
  slotCapacity: { min: 1, max: 500, label: 'The orders a slot takes' },
  cateringMinimumSpend: { min: 0, max: 1_000_000, label: 'The catering minimum spend', money: true },
  cateringLeadHours: { min: 0, max: 336, label: 'The catering notice (hours)' },
  tableCount: { min: 0, max: 500, label: 'The number of tables' },
};

export function restaurantProblems(body: RestaurantAdminBody): RestaurantProblem[] {
  const problems: RestaurantProblem[] = [];
  const add = (field: RestaurantProblem['field'], message: string) => problems.push({ field, message });
  if (!isValidOpeningHours(body.openingHours)) {
    add(
      'openingHours',
      'Opening hours are seven days, each window on the quarter hour (such as 11:30 to 22:00), opening before it closes and after the window before it.',
    );
  }
  for (const [field, range] of Object.entries(RANGES) as [IntField, (typeof RANGES)[IntField]][]) {
    const value = body[field];
    if (value < range.min || value > range.max) {
      const show = (n: number) => (range.money ? formatPence(n) : String(n));
      add(field, `${range.label} is from ${show(range.min)} to ${show(range.max)}.`);
    }
  }
  if (!(body.deliveryRadiusMiles > 0 && body.deliveryRadiusMiles <= 50)) {
    add('deliveryRadiusMiles', 'The delivery radius is more than 0 and at most 50 miles.');
  }
  if (body.freeDeliveryFrom !== null && (body.freeDeliveryFrom < 0 || body.freeDeliveryFrom > 100_000)) {
    add('freeDeliveryFrom', 'Free delivery starts from £0.00 to £1,000.00 (leave it empty for never).');
  }
  if (!body.offersDelivery && !body.offersPickup && !body.offersEatIn) {
    add('offersDelivery', 'A restaurant offers at least one of delivery, collection and eating in.');
  }
  return problems;
}
