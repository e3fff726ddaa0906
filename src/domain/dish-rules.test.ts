import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isVisibleOnMenu } from './menu';
import {
  declarationOfTags,
  declarationProblem,
  dishTags,
  firstPriceBelowZero,
  isHiddenByTags,
  NO_MAJOR_ALLERGENS_TAG,
  ownTagsOf,
} from './dish-rules';

const major = fc.uniqueArray(fc.integer({ min: 100, max: 113 }), { maxLength: 14 });
const ownTag = fc.stringMatching(/^[a-z][a-z0-9 :-]{0,20}$/);

describe('a dish’s allergen declaration', () => {
  test('none at all is refused; “none of the 14” said explicitly is kept', () => {
    expect(declarationProblem({ contains: [], containsNone: false })).toBe('undeclared');
    expect(declarationProblem({ contains: [], containsNone: true })).toBeNull();
    expect(declarationProblem({ contains: [106], containsNone: false })).toBeNull();
    expect(declarationProblem({ contains: [106], containsNone: true })).toBe('contradictory');
    expect(declarationProblem({ contains: [114], containsNone: false })).toBe('not-one-of-the-14');
  });

  test('a dish from before the back office, with no allergen tag, has made no declaration', () => {
    expect(declarationOfTags(['vegetarian', 'cooking-time:12'])).toBeNull();
    expect(declarationOfTags(['allergen:114'])).toBeNull();
    expect(declarationOfTags(['allergen:101', 'allergen:106', 'allergen:120'])).toEqual({
      contains: [101, 106],
      containsNone: false,
    });
    expect(declarationOfTags([NO_MAJOR_ALLERGENS_TAG])).toEqual({ contains: [], containsNone: true });
  });

  test('any accepted declaration, stored as tags, reads back the same with the dish’s own tags and hidden', () => {
    fc.assert(
      fc.property(major, fc.array(ownTag, { maxLength: 6 }), fc.boolean(), (contains, own, hidden) => {
        const declaration = { contains, containsNone: contains.length === 0 };
        expect(declarationProblem(declaration)).toBeNull();
        const tags = dishTags(own, declaration, hidden);
        expect(declarationOfTags(tags)).toEqual({
          contains: [...contains].sort((a, b) => a - b),
          containsNone: contains.length === 0,
        });
        expect(isHiddenByTags(tags)).toBe(hidden);
        // The menu's own rule agrees on hidden.
        expect(isVisibleOnMenu({ id: '1', tags, productType: 'Pasta Kit' }, new Set())).toBe(!hidden);
        expect(ownTagsOf(tags)).toEqual(
          [...new Set(own.map((t) => t.trim()).filter(Boolean))].filter((t) => ownTagsOf([t]).length === 1),
        );
      }),
    );
  });
});

describe('prices', () => {
  test('the first variant below zero is named; zero and above pass', () => {
    expect(firstPriceBelowZero([{ pricePence: 0 }, { pricePence: 1299 }])).toBeNull();
    expect(firstPriceBelowZero([{ pricePence: 1299 }, { pricePence: -1 }])).toBe(1);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -10_000, max: 10_000 })), (prices) => {
        const found = firstPriceBelowZero(prices.map((pricePence) => ({ pricePence })));
        expect(found === null).toBe(prices.every((price) => price >= 0));
        if (found !== null) expect(prices[found]).toBeLessThan(0);
      }),
    );
  });
});
