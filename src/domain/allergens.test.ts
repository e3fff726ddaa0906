import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  ALLERGENS,
  allergensFromTags,
  allergenTag,
  allergenText,
  mayContainFromTags,
  otherFactsFromTags,
  UK_MAJOR_ALLERGEN_CODES,
} from './allergens';

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
  const names = (tags: string[]) => allergensFromTags(tags).map(allergenText);

  test('names the 14 allergens among the tags, in code order, with the cereal or nut when given', () => {
    expect(allergensFromTags(['allergen:106', 'vegetarian', 'allergen:101', 'allergen:114'])).toEqual([
      { code: 101, name: 'Gluten', details: ['Wheat'] },
      { code: 106, name: 'Milk', details: [] },
    ]);
    expect(names(['allergen:109', 'allergen:126', 'allergen:120'])).toEqual([
      'Tree nuts (almonds, pistachios)',
    ]);
  });

  test('alcohol, meats, honey and "may contain" are not allergens', () => {
    // The lamb shoulder orecchiette: semolina pasta, celery, lamb, white wine.
    const lamb = [
      'allergen:101',
      'allergen:114',
      'allergen:100',
      'allergen:132',
      'allergen:113',
      'allergen:129',
    ];
    expect(names(lamb)).toEqual(['Celery', 'Gluten (wheat)', 'Sulphites']);
    for (const code of [129, 130, 131, 132, 133, 134])
      expect(allergensFromTags([allergenTag(code)])).toEqual([]);
  });

  test('a cereal or nut on its own still declares its allergen: wheat is gluten, walnuts are tree nuts', () => {
    expect(names(['allergen:114'])).toEqual(['Gluten (wheat)']);
    expect(names(['allergen:122'])).toEqual(['Tree nuts (walnuts)']);
  });

  test('ignores unknown codes', () => {
    expect(allergensFromTags(['allergen:099', 'allergen:135', 'allergen:999', 'allergen:100'])).toEqual([
      { code: 100, name: 'Celery', details: [] },
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
    expect(names(['Allergen:106', ' allergen:101 ', 'ALLERGEN:106', 'allergen:101', 'allergen:114'])).toEqual(
      ['Gluten (wheat)', 'Milk'],
    );
  });

  test('no tags, no allergens', () => {
    expect(allergensFromTags([])).toEqual([]);
    expect(otherFactsFromTags([])).toEqual([]);
    expect(mayContainFromTags([])).toEqual([]);
  });

  test('property: only the 14, each once, sorted; exactly those named or implied by a cereal or nut', () => {
    const tagArb = fc.oneof(
      fc.integer({ min: 100, max: 134 }).map(allergenTag),
      fc.integer({ min: 0, max: 999 }).map(allergenTag),
      fc.string({ maxLength: 14 }),
      fc.constantFrom('vegetarian', 'hide-from-menu', 'allergen:', 'Allergen:106', 'allergen:0106'),
    );
    fc.assert(
      fc.property(fc.uniqueArray(tagArb, { maxLength: 20 }), (tags) => {
        const known = new Set(
          tags
            .map((tag) => tag.trim())
            .filter((tag) => /^allergen:1(0\d|1\d|2\d|3[0-4])$/i.test(tag))
            .map((tag) => Number(tag.slice('allergen:'.length))),
        );
        const implied = new Set(
          [...known].flatMap((code) =>
            code <= 113 ? [code] : code <= 119 ? [101] : code <= 128 ? [109] : [],
          ),
        );
        const result = allergensFromTags(tags);
        expect(result.map((a) => a.code)).toEqual([...implied].sort((a, b) => a - b));
        for (const { code, name } of result) {
          expect(UK_MAJOR_ALLERGEN_CODES).toContain(code);
          expect(name).toBe(ALLERGENS[code]);
        }
        expect(otherFactsFromTags(tags).map((f) => f.code)).toEqual(
          [129, 130, 131, 132, 133].filter((code) => known.has(code)),
        );
        expect(mayContainFromTags(tags)).toEqual(known.has(134) ? ['May contain traces of nuts'] : []);
      }),
    );
  });
});

describe('otherFactsFromTags and mayContainFromTags', () => {
  test('what is not an allergen is said separately', () => {
    const tags = ['allergen:131', 'allergen:129', 'allergen:106', 'allergen:134', 'allergen:130'];
    expect(otherFactsFromTags(tags)).toEqual([
      { code: 129, name: 'Alcohol' },
      { code: 130, name: 'Pork' },
      { code: 131, name: 'Beef' },
    ]);
    expect(mayContainFromTags(tags)).toEqual(['May contain traces of nuts']);
  });
});
