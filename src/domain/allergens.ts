// Allergen codes 100–134 as the catalogue tags them (`allergen:106`). 100–113 are the 14 allergens UK law
// requires us to declare (Food Information Regulations 2014, Annex II); the rest refine them or flag what
// customers ask about. The spec does not give the full mapping; this one is ours (docs/decisions/0003).
export const ALLERGENS: Readonly<Record<number, string>> = {
  100: 'Celery',
  101: 'Gluten',
  102: 'Crustaceans',
  103: 'Fish',
  104: 'Eggs',
  105: 'Lupin',
  106: 'Milk',
  107: 'Molluscs',
  108: 'Mustard',
  109: 'Tree nuts',
  110: 'Peanuts',
  111: 'Sesame',
  112: 'Soya',
  113: 'Sulphites',
  114: 'Wheat',
  115: 'Rye',
  116: 'Barley',
  117: 'Oats',
  118: 'Spelt',
  119: 'Kamut',
  120: 'Almonds',
  121: 'Hazelnuts',
  122: 'Walnuts',
  123: 'Cashews',
  124: 'Pecans',
  125: 'Brazil nuts',
  126: 'Pistachios',
  127: 'Macadamia nuts',
  128: 'Pine nuts',
  129: 'Alcohol',
  130: 'Pork',
  131: 'Beef',
  132: 'Lamb',
  133: 'Honey',
  134: 'May contain traces of nuts',
};

export const UK_MAJOR_ALLERGEN_CODES = Array.from({ length: 14 }, (_, i) => 100 + i);

const ALLERGEN_TAG = /^allergen:(\d{3})$/i;

export function allergenTag(code: number): string {
  return `allergen:${code}`;
}

/** Allergen names from a product's tags, in code order; unknown codes are ignored. */
export function allergensFromTags(tags: readonly string[]): { code: number; name: string }[] {
  const codes = new Set(
    tags
      .map((tag) => ALLERGEN_TAG.exec(tag.trim())?.[1])
      .filter((code): code is string => code !== undefined)
      .map(Number)
      .filter((code) => ALLERGENS[code] !== undefined),
  );
  return [...codes].sort((a, b) => a - b).map((code) => ({ code, name: ALLERGENS[code]! }));
}
