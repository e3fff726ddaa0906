import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { allergenTag } from './allergens';
import { courierRoute, productionPlan, productionPlanRows, type PlanBox } from './production-plan';

// The production plan (issue 25 part 5): counts that add up, whatever the boxes.

const GLUTEN = allergenTag(101);
const MILK = allergenTag(106);

const line = fc.record({
  title: fc.constantFrom('Beef shin ragù', 'Pumpkin ravioli', 'Crab linguine'),
  variantTitle: fc.constantFrom('2 people', '4 people'),
  sku: fc.constantFrom('A', 'B', 'C'),
  quantity: fc.integer({ min: 1, max: 6 }),
  tags: fc.subarray(['vegetarian', 'meat', 'fish', GLUTEN, MILK]),
});
const box = fc.record({
  number: fc.integer({ min: 1, max: 1_000_000 }),
  postcode: fc.constantFrom('SW1A 2AA', 'EC1A 1BB', 'N1 9GU', 'e8 3PB', 'BS1 4DJ'),
  lines: fc.array(line, { maxLength: 5 }),
});

describe('productionPlan', () => {
  test('a day of boxes: dishes by portion, routes by postcode area, allergens and dietary marks', () => {
    const boxes: PlanBox[] = [
      {
        number: 1001,
        postcode: 'SW1A 2AA',
        lines: [
          {
            title: 'Pumpkin ravioli',
            variantTitle: '2 people',
            sku: 'PR2',
            quantity: 1,
            tags: ['vegetarian', GLUTEN, MILK],
          },
          {
            title: 'Beef shin ragù',
            variantTitle: '2 people',
            sku: 'BS2',
            quantity: 2,
            tags: ['meat', GLUTEN],
          },
        ],
      },
      {
        number: 1000,
        postcode: 'sw4 7AB',
        lines: [
          {
            title: 'Pumpkin ravioli',
            variantTitle: '2 people',
            sku: 'PR2',
            quantity: 3,
            tags: ['vegetarian', GLUTEN, MILK],
          },
        ],
      },
      {
        number: 1002,
        postcode: 'N1 9GU',
        lines: [
          {
            title: 'Pumpkin ravioli',
            variantTitle: '4 people',
            sku: 'PR4',
            quantity: 1,
            tags: ['vegetarian'],
          },
        ],
      },
    ];
    expect(productionPlan(boxes)).toEqual({
      boxes: 3,
      portions: 7,
      dishes: [
        { title: 'Beef shin ragù', variantTitle: '2 people', sku: 'BS2', quantity: 2 },
        { title: 'Pumpkin ravioli', variantTitle: '2 people', sku: 'PR2', quantity: 4 },
        { title: 'Pumpkin ravioli', variantTitle: '4 people', sku: 'PR4', quantity: 1 },
      ],
      routes: [
        { route: 'N', boxes: 1, orderNumbers: [1002] },
        { route: 'SW', boxes: 2, orderNumbers: [1000, 1001] },
      ],
      allergens: [
        { name: 'Gluten', portions: 6 },
        { name: 'Milk', portions: 4 },
      ],
      dietary: [
        { name: 'Meat', portions: 2 },
        { name: 'Vegetarian', portions: 5 },
      ],
    });
  });

  test('every item is counted once: dishes, routes and totals agree, and no mark exceeds the whole', () => {
    fc.assert(
      fc.property(fc.array(box, { maxLength: 30 }), (boxes) => {
        const plan = productionPlan(boxes);
        const items = boxes.flatMap((b) => b.lines).reduce((sum, l) => sum + l.quantity, 0);
        expect(plan.portions).toBe(items);
        expect(plan.dishes.reduce((sum, d) => sum + d.quantity, 0)).toBe(items);
        expect(plan.routes.reduce((sum, r) => sum + r.boxes, 0)).toBe(boxes.length);
        for (const total of [...plan.allergens, ...plan.dietary]) {
          expect(total.portions).toBeGreaterThan(0);
          expect(total.portions).toBeLessThanOrEqual(items);
        }
        const rows = productionPlanRows('2026-11-26', plan);
        expect(rows.at(-2)).toEqual(['total', 'boxes for 2026-11-26', '', '', String(boxes.length)]);
      }),
    );
  });
});

test('courierRoute is the postcode’s area', () => {
  expect(courierRoute('SW1A 2AA')).toBe('SW');
  expect(courierRoute(' e8 3pb')).toBe('E');
  expect(courierRoute('BS1 4DJ')).toBe('BS');
  expect(courierRoute('')).toBe('Unknown');
});
