import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  chooseModifiers,
  MAX_EXTRAS,
  takeawayUnitPrice,
  type ModifierGroup,
} from '../../../../domain/takeaway';
import {
  addItemBody,
  canChoose,
  chooseSize,
  choiceProblems,
  choiceUnitPrice,
  chosenSubProducts,
  clampLineQuantity,
  groupLimits,
  initialChoice,
  sizeName,
  toggleOption,
  type ChoosableProduct,
  type DishChoice,
} from './choice';

// The modifiers sheet's rules: one size (the default first), extras and removals up to each group's max,
// never an unavailable option; the live price; and the add call's body, which the server's own rules
// (domain chooseModifiers) accept and price the same.

type Sub = ChoosableProduct['subProducts'][number];
const sub = (productId: number, group: ModifierGroup, price: number, extra: Partial<Sub> = {}): Sub => ({
  productId: String(productId),
  position: productId,
  title: `Option ${productId}`,
  group,
  price,
  label: group === 'size' ? (price > 0 ? 'Grande' : 'Single') : null,
  allergens: [],
  available: true,
  ...extra,
});

/** Tagliatelle al Ragù as the seeded menu has it. */
const RAGU: ChoosableProduct & { id: string } = {
  id: '2001',
  price: 1250,
  subProducts: [
    sub(3001, 'size', 0, { title: 'Single' }),
    sub(3002, 'size', 400, { title: 'Grande (bigger portion)' }),
    sub(3010, 'extra', 150),
    sub(3011, 'extra', 350),
    sub(3013, 'extra', 50),
    sub(3030, 'removal', 0),
  ],
  modifierGroups: [
    { group: 'size', min: 1, max: 1, defaultProductId: '3001' },
    { group: 'extra', min: 0, max: 2, defaultProductId: null },
    { group: 'removal', min: 0, max: 1, defaultProductId: null },
  ],
};

describe('choosing a dish’s modifiers', () => {
  test('starts at the default size with nothing else, at the dish’s price', () => {
    const choice = initialChoice(RAGU);
    expect(choice).toEqual({ size: '3001', options: [] });
    expect(choiceUnitPrice(RAGU, choice)).toBe(1250);
    expect(choiceProblems(RAGU, choice)).toEqual([]);
  });

  test('a size, two extras and a removal are priced live; a third extra is refused at the max', () => {
    let choice = chooseSize(RAGU, initialChoice(RAGU), '3002');
    choice = toggleOption(RAGU, choice, '3011', true);
    choice = toggleOption(RAGU, choice, '3013', true);
    expect(canChoose(RAGU, choice, '3010')).toBe(false);
    expect(toggleOption(RAGU, choice, '3010', true)).toBe(choice);
    choice = toggleOption(RAGU, choice, '3030', true);
    expect(choiceUnitPrice(RAGU, choice)).toBe(1250 + 400 + 350 + 50);
    expect(chosenSubProducts(RAGU, choice).map((s) => s.productId)).toEqual(['3002', '3011', '3013', '3030']);
    // Unticking one makes room again.
    choice = toggleOption(RAGU, choice, '3013', false);
    expect(canChoose(RAGU, choice, '3010')).toBe(true);
  });

  test('an unavailable size or extra cannot be chosen, and the default skips an unavailable size', () => {
    const product: ChoosableProduct = {
      ...RAGU,
      subProducts: RAGU.subProducts.map((s) =>
        s.productId === '3001' || s.productId === '3011' ? { ...s, available: false } : s,
      ),
    };
    expect(initialChoice(product).size).toBe('3002');
    const choice = initialChoice(product);
    expect(chooseSize(product, choice, '3001')).toBe(choice);
    expect(toggleOption(product, choice, '3011', true)).toBe(choice);
    // A size is not an option to tick, nor is something the dish does not have.
    expect(toggleOption(product, choice, '3002', true)).toBe(choice);
    expect(toggleOption(product, choice, '9999', true)).toBe(choice);
  });

  test('a choice that became unavailable is a problem, in words', () => {
    const choice: DishChoice = { size: '3001', options: ['3011'] };
    const snoozed: ChoosableProduct = {
      ...RAGU,
      subProducts: RAGU.subProducts.map((s) => (s.productId === '3011' ? { ...s, available: false } : s)),
    };
    expect(choiceProblems(snoozed, choice)).toEqual(['Option 3011 is not available right now']);
  });

  test('a dish with no modifiers: no size, its own price, a body with no sub-items', () => {
    const focaccia = { id: '2020', price: 450, subProducts: [], modifierGroups: [] };
    const choice = initialChoice(focaccia);
    expect(choice).toEqual({ size: null, options: [] });
    expect(choiceUnitPrice(focaccia, choice)).toBe(450);
    expect(addItemBody(focaccia, choice, 2, '  ')).toEqual({ productId: 2020, quantity: 2 });
  });

  test('the add body: numeric ids, the quantity kept within 1 to 20, the note trimmed', () => {
    const choice: DishChoice = { size: '3002', options: ['3030'] };
    expect(addItemBody(RAGU, choice, 3, ' Sauce on the side ')).toEqual({
      productId: 2001,
      quantity: 3,
      subItems: [{ productId: 3002 }, { productId: 3030 }],
      note: 'Sauce on the side',
    });
    expect(clampLineQuantity(0)).toBe(1);
    expect(clampLineQuantity(25)).toBe(20);
    expect(clampLineQuantity(Number.NaN)).toBe(1);
  });
});

// Random dishes and random taps on the sheet.

const productArb = fc
  .record({
    sizes: fc.array(fc.record({ price: fc.integer({ min: 0, max: 800 }), available: fc.boolean() }), {
      maxLength: 3,
    }),
    extras: fc.array(fc.record({ price: fc.integer({ min: 0, max: 600 }), available: fc.boolean() }), {
      maxLength: 7,
    }),
    removals: fc.array(fc.boolean(), { maxLength: 3 }),
    extraMax: fc.integer({ min: 1, max: MAX_EXTRAS }),
    price: fc.integer({ min: 100, max: 5000 }),
  })
  .map(({ sizes, extras, removals, extraMax, price }): ChoosableProduct & { id: string } => {
    let id = 3000;
    const subProducts: Sub[] = [
      ...sizes.map((s) => sub(++id, 'size', s.price, { available: s.available })),
      ...extras.map((e) => sub(++id, 'extra', e.price, { available: e.available })),
      ...removals.map((available) => sub(++id, 'removal', 0, { available })),
    ];
    const modifierGroups: ChoosableProduct['modifierGroups'] = [
      ...(sizes.length > 0
        ? [{ group: 'size' as const, min: 1, max: 1, defaultProductId: subProducts[0]!.productId }]
        : []),
      ...(extras.length > 0
        ? [
            {
              group: 'extra' as const,
              min: 0,
              max: Math.min(extraMax, extras.length),
              defaultProductId: null,
            },
          ]
        : []),
      ...(removals.length > 0
        ? [{ group: 'removal' as const, min: 0, max: removals.length, defaultProductId: null }]
        : []),
    ];
    return { id: '2001', price, subProducts, modifierGroups };
  });

type Tap = { kind: 'size' | 'tick' | 'untick'; pick: number };
const tapsArb = fc.array(
  fc.record({ kind: fc.constantFrom<Tap['kind']>('size', 'tick', 'untick'), pick: fc.nat() }),
  { maxLength: 25 },
);

function play(product: ChoosableProduct, taps: Tap[]): DishChoice {
  let choice = initialChoice(product);
  for (const tap of taps) {
    const all = product.subProducts;
    if (all.length === 0) break;
    const target = all[tap.pick % all.length]!.productId;
    if (tap.kind === 'size') choice = chooseSize(product, choice, target);
    else choice = toggleOption(product, choice, target, tap.kind === 'tick');
  }
  return choice;
}

describe('whatever is tapped, in any order', () => {
  test('one size when the dish has sizes, never more of a group than its max, nothing unavailable added', () => {
    fc.assert(
      fc.property(productArb, tapsArb, (product, taps) => {
        const choice = play(product, taps);
        const chosen = chosenSubProducts(product, choice);
        const sizes = chosen.filter((s) => s.group === 'size');
        expect(sizes.length).toBe(product.subProducts.some((s) => s.group === 'size') ? 1 : 0);
        for (const group of ['extra', 'removal'] as const) {
          expect(chosen.filter((s) => s.group === group).length).toBeLessThanOrEqual(
            groupLimits(product, group).max,
          );
        }
        // Only the initial size may be unavailable (when every size is), never a tapped option.
        expect(chosen.filter((s) => s.group !== 'size' && !s.available)).toEqual([]);
        expect(new Set(choice.options).size).toBe(choice.options.length);
      }),
    );
  });

  test('the live price is the dish plus what was chosen, and the server’s rules accept and price it the same', () => {
    fc.assert(
      fc.property(productArb, tapsArb, fc.integer({ min: 1, max: 20 }), (product, taps, quantity) => {
        const choice = play(product, taps);
        const chosen = chosenSubProducts(product, choice);
        const unit = choiceUnitPrice(product, choice);
        expect(unit).toBe(product.price + chosen.reduce((sum, s) => sum + s.price, 0));
        expect(unit).toBeGreaterThanOrEqual(product.price);

        const body = addItemBody(product, choice, quantity, '');
        expect(body.quantity).toBe(quantity);
        const server = chooseModifiers(
          {
            id: Number(product.id),
            title: 'Dish',
            price: product.price,
            modifiers: product.subProducts.map((s) => ({
              id: Number(s.productId),
              title: s.title,
              group: s.group,
              price: s.price,
              position: s.position,
            })),
          },
          (body.subItems ?? []).map((s) => s.productId),
        );
        expect(server.ok).toBe(true);
        if (server.ok) expect(takeawayUnitPrice(product, server.modifiers)).toBe(unit);
      }),
    );
  });
});

describe('how a size reads', () => {
  test('its title when that carries the Grande/Single label, else the label and the title', () => {
    expect(sizeName({ title: 'Grande (bigger portion)', label: 'Grande' })).toBe('Grande (bigger portion)');
    expect(sizeName({ title: 'Single scoop', label: 'Single' })).toBe('Single scoop');
    expect(sizeName({ title: 'Double scoop', label: 'Grande' })).toBe('Grande · Double scoop');
    expect(sizeName({ title: 'Regular', label: null })).toBe('Regular');
  });
});
