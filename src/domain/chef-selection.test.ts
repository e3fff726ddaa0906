import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { allergenTag } from './allergens';
import {
  chefSelection,
  DIETARY_FLAG_NAMES,
  ingredientTag,
  MAIN_DISH_TYPE,
  suits,
  type ChefCandidate,
  type DietaryFlags,
} from './chef-selection';

// The chef's selection (issue 12 part 5): it picks only dishes that suit the plan, as many portions as the
// plan has recipes while stock lasts, distinct dishes first, never kids' dishes, the plan's recent dishes
// last, and always the same box for the same menu and plan.

const TAGS = [
  'vegetarian',
  'vegan',
  'gluten-free',
  'kids',
  'game',
  allergenTag(131),
  allergenTag(130),
  allergenTag(132),
  allergenTag(103),
  allergenTag(102),
  allergenTag(107),
  allergenTag(109),
  allergenTag(110),
  ingredientTag('mushrooms'),
  ingredientTag('chilli'),
  ingredientTag('tomato'),
];

const dish = (productId: number): fc.Arbitrary<ChefCandidate> =>
  fc.record({
    productId: fc.constant(productId),
    title: fc.constant(`Dish ${productId}`),
    productType: fc.constantFrom(MAIN_DISH_TYPE, MAIN_DISH_TYPE, MAIN_DISH_TYPE, 'Side'),
    tags: fc.subarray(TAGS),
    position: fc.integer({ min: 0, max: 30 }),
    variants: fc
      .tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 }), fc.boolean())
      .map(([regular, double, hasDouble]) => [
        { variantId: productId * 10 + 1, isDouble: false, price: 900, quantityAvailable: regular },
        ...(hasDouble
          ? [{ variantId: productId * 10 + 2, isDouble: true, price: 1600, quantityAvailable: double }]
          : []),
      ]),
  });

const menu = fc
  .integer({ min: 0, max: 14 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => dish(i + 1))))
  .map((dishes) => dishes as ChefCandidate[]);

const dietary: fc.Arbitrary<DietaryFlags> = fc
  .subarray([...DIETARY_FLAG_NAMES].filter((flag) => flag !== 'cocktails'))
  .map((flags) => Object.fromEntries(flags.map((flag) => [flag, true])));

const prefs = fc.record({
  dietary,
  avoid: fc.subarray(['mushrooms', 'chilli', 'tomato']),
  numberOfRecipes: fc.integer({ min: 1, max: 6 }),
  numberOfCocktails: fc.constant(0),
  recent: fc.subarray([1, 2, 3, 4, 5]),
  seed: fc.string(),
});

const portionsOf = (picks: { quantity: number }[]) => picks.reduce((n, pick) => n + pick.quantity, 0);

describe('the chef’s selection', () => {
  test('only suitable main dishes, never kids’ ones, within stock; as many portions as recipes while stock lasts', () => {
    fc.assert(
      fc.property(menu, prefs, (dishes, plan) => {
        const picks = chefSelection(dishes, plan);
        const byProduct = new Map(dishes.map((d) => [d.productId, d]));
        for (const pick of picks) {
          const chosen = byProduct.get(pick.productId)!;
          expect(chosen.productType).toBe(MAIN_DISH_TYPE);
          expect(chosen.tags).not.toContain('kids');
          expect(suits(chosen, plan.dietary, plan.avoid)).toBe(true);
          const variant = chosen.variants.find((v) => v.variantId === pick.variantId)!;
          expect(pick.quantity).toBeLessThanOrEqual(variant.quantityAvailable);
          expect(pick.quantity).toBeGreaterThan(0);
        }
        const offered = dishes
          .filter(
            (d) =>
              d.productType === MAIN_DISH_TYPE &&
              !d.tags.includes('kids') &&
              suits(d, plan.dietary, plan.avoid),
          )
          .map((d) => {
            const want = d.variants.find(
              (v) => v.isDouble === (plan.dietary.doublePortion === true) && v.quantityAvailable > 0,
            );
            return (
              (want ?? d.variants.find((v) => !v.isDouble && v.quantityAvailable > 0))?.quantityAvailable ?? 0
            );
          })
          .reduce((n, stock) => n + stock, 0);
        expect(portionsOf(picks)).toBe(Math.min(plan.numberOfRecipes, offered));
      }),
    );
  });

  test('distinct dishes first: a dish comes twice only when fewer suitable dishes than recipes are in stock', () => {
    fc.assert(
      fc.property(menu, prefs, (dishes, plan) => {
        const picks = chefSelection(dishes, plan);
        if (picks.some((pick) => pick.quantity > 1)) {
          expect(new Set(picks.map((pick) => pick.productId)).size).toBeLessThan(plan.numberOfRecipes);
        }
      }),
    );
  });

  test('the same menu and plan always give the same box', () => {
    fc.assert(
      fc.property(menu, prefs, (dishes, plan) => {
        expect(chefSelection(dishes, plan)).toEqual(chefSelection([...dishes].reverse(), plan));
      }),
    );
  });

  test('the plan’s recent dishes come last: not picked while enough others suit', () => {
    fc.assert(
      fc.property(menu, prefs, (dishes, plan) => {
        const picks = chefSelection(dishes, plan);
        const recent = new Set(plan.recent);
        const fresh = dishes.filter(
          (d) =>
            !recent.has(d.productId) &&
            d.productType === MAIN_DISH_TYPE &&
            !d.tags.includes('kids') &&
            suits(d, plan.dietary, plan.avoid) &&
            // A portion the plan takes: its own size, or a regular one when a double is out (never a
            // double for a plan of regular portions).
            d.variants.some(
              (v) => v.quantityAvailable > 0 && (!v.isDouble || plan.dietary.doublePortion === true),
            ),
        );
        if (fresh.length >= plan.numberOfRecipes) {
          expect(picks.filter((pick) => recent.has(pick.productId))).toEqual([]);
        }
      }),
    );
  });

  test('double portions when the plan asks and the dish has them in stock', () => {
    const menuOf: ChefCandidate[] = [1, 2, 3].map((productId) => ({
      productId,
      title: `Dish ${productId}`,
      productType: MAIN_DISH_TYPE,
      tags: [],
      position: productId,
      variants: [
        { variantId: productId * 10 + 1, isDouble: false, price: 900, quantityAvailable: 5 },
        { variantId: productId * 10 + 2, isDouble: true, price: 1600, quantityAvailable: 5 },
      ],
    }));
    const picks = chefSelection(menuOf, {
      dietary: { doublePortion: true },
      avoid: [],
      numberOfRecipes: 2,
      numberOfCocktails: 0,
      seed: 'plan',
    });
    expect(picks.map((pick) => pick.variantId % 10)).toEqual([2, 2]);
  });

  test('flags read as the plan settings say: "No beef" leaves beef out, "Vegetarian" keeps only vegetarian', () => {
    const beef = { tags: [allergenTag(131)] };
    const veg = { tags: ['vegetarian'] };
    expect(suits(beef, { beef: true }, [])).toBe(false);
    expect(suits(beef, { pork: true }, [])).toBe(true);
    expect(suits(beef, { vegetarian: true }, [])).toBe(false);
    expect(suits(veg, { vegetarian: true }, [])).toBe(true);
    expect(suits(veg, { vegan: true }, [])).toBe(false);
    expect(suits({ tags: [ingredientTag('mushrooms')] }, {}, ['mushrooms'])).toBe(false);
    expect(suits({ tags: ['hide-from-menu'] }, {}, [])).toBe(false);
  });
});
