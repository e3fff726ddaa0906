import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ALLERGENS, allergensFromTags, allergenTag, UK_MAJOR_ALLERGEN_CODES } from './allergens';

describe('ALLERGENS', () => {
  test('codes 100–134 are all named, and there are no others', () => {
    const codes = Object.keys(ALLERGENS).map(Number);
    expect(codes).toEqual(Array.from({ length: 35 }, (_, i) => 100 + i));
    for (const code of codes) expect(ALLERGENS[code]?.trim()).toBeTruthy();
    expect(new Set(Object.values(ALLERGENS)).size).toBe(35);
  });

  test('100–113 are the 14 allergens UK law requires us to declare', () => {
    expect(UK_MAJOR_ALLERGEN_CODES).toEqual([
      100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113,
    ]);
    expect(UK_MAJOR_ALLERGEN_CODES.map((code) => ALLERGENS[code])).toEqual([
      'Celery',
      'Gluten',
      'Crustaceans',
      'Fish',
      'Eggs',
      'Lupin',
      'Milk',
      'Molluscs',
      'Mustard',
      'Tree nuts',
      'Peanuts',
      'Sesame',
      'Soya',
      'Sulphites',
    ]);
  });
});

describe('allergenTag', () => {
  test('is the catalogue tag for a code', () => {
    expect(allergenTag(106)).toBe('allergen:106');
  });
});

describe('allergensFromTags', () => {
  test('names the known codes in code order', () => {
    expect(allergensFromTags(['allergen:106', 'vegetarian', 'allergen:101', 'allergen:134'])).toEqual([
      { code: 101, name: 'Gluten' },
      { code: 106, name: 'Milk' },
      { code: 134, name: 'May contain traces of nuts' },
    ]);
  });

  test('ignores unknown codes', () => {
    expect(allergensFromTags(['allergen:099', 'allergen:135', 'allergen:999', 'allergen:100'])).toEqual([
      { code: 100, name: 'Celery' },
    ]);
  });

  test('ignores malformed tags', () => {
    expect(
      allergensFromTags([
        'allergen:10',
        'allergen:1060',
        'allergen: 104',
        'allergen:abc',
        'allergen:',
        'allergen',
        'xallergen:106',
        'allergen:106x',
        'allergen:-106',
        'allergen:10.6',
        '106',
        '',
      ]),
    ).toEqual([]);
  });

  test('reads tags in any case and with stray spaces, and names each allergen once', () => {
    expect(allergensFromTags(['Allergen:106', ' allergen:101 ', 'ALLERGEN:106', 'allergen:101'])).toEqual([
      { code: 101, name: 'Gluten' },
      { code: 106, name: 'Milk' },
    ]);
  });

  test('no tags, no allergens', () => {
    expect(allergensFromTags([])).toEqual([]);
  });

  test('property: exactly the known codes among the tags, sorted, whatever else is in the tags', () => {
    const tagArb = fc.oneof(
      fc.integer({ min: 100, max: 134 }).map(allergenTag),
      fc.integer({ min: 0, max: 999 }).map(allergenTag),
      fc.string({ maxLength: 14 }),
      fc.constantFrom('vegetarian', 'hide-from-menu', 'allergen:', 'Allergen:106', 'allergen:0106'),
    );
    fc.assert(
      fc.property(fc.uniqueArray(tagArb, { maxLength: 20 }), (tags) => {
        const known = [
          ...new Set(
            tags
              .map((tag) => tag.trim())
              .filter((tag) => /^allergen:1(0\d|1\d|2\d|3[0-4])$/i.test(tag))
              .map((tag) => Number(tag.slice('allergen:'.length))),
          ),
        ].sort((a, b) => a - b);
        const result = allergensFromTags(tags);
        expect(result.map((a) => a.code)).toEqual(known);
        for (const { code, name } of result) expect(name).toBe(ALLERGENS[code]);
      }),
    );
  });
});
