// Allergen codes 100–134 as the catalogue tags them (`allergen:106`). 100–113 are the 14 allergens UK law
// requires us to declare (Food Information Regulations 2014, Annex II); 114–128 say which cereal or nut it
// is; 129–133 flag what customers ask about but are not allergens (alcohol, meats, honey); 134 is a
// precautionary "may contain". The spec does not give the full mapping; this one is ours (decision 0003).
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

const GLUTEN = 101;
const TREE_NUTS = 109;
/** Which of the 14 a refining code names more precisely: the cereal (wheat, rye, …) or the nut. */
const REFINES: Readonly<Record<number, number>> = {
  114: GLUTEN,
  115: GLUTEN,
  116: GLUTEN,
  117: GLUTEN,
  118: GLUTEN,
  119: GLUTEN,
  120: TREE_NUTS,
  121: TREE_NUTS,
  122: TREE_NUTS,
  123: TREE_NUTS,
  124: TREE_NUTS,
  125: TREE_NUTS,
  126: TREE_NUTS,
  127: TREE_NUTS,
  128: TREE_NUTS,
};
/** Not allergens, but what a customer may want to know: alcohol, pork, beef, lamb, honey. */
export const OTHER_FACT_CODES = [129, 130, 131, 132, 133] as const;
/** Precautionary labelling: the dish may carry traces. */
export const MAY_CONTAIN_CODES = [134] as const;

const ALLERGEN_TAG = /^allergen:(\d{3})$/i;

export function allergenTag(code: number): string {
  return `allergen:${code}`;
}

function codesFromTags(tags: readonly string[]): Set<number> {
  return new Set(
    tags
      .map((tag) => ALLERGEN_TAG.exec(tag.trim())?.[1])
      .filter((code): code is string => code !== undefined)
      .map(Number)
      .filter((code) => ALLERGENS[code] !== undefined),
  );
}

export interface Allergen {
  code: number;
  /** One of the 14: "Gluten", "Tree nuts", … */
  name: string;
  /** The cereals or nuts it is, when the catalogue says: ["Wheat"], ["Almonds", "Pistachios"]. */
  details: string[];
}

/**
 * The 14 UK allergens a dish contains, in code order, each with the cereals or nuts named when the catalogue
 * names them ("Gluten (wheat)"). A refining code alone still declares its allergen: wheat is gluten.
 * Other codes (alcohol, meats, honey, "may contain") are not allergens and are not listed here.
 */
export function allergensFromTags(tags: readonly string[]): Allergen[] {
  const codes = codesFromTags(tags);
  const majors = new Set([...codes].filter((code) => code < 114));
  for (const code of codes) if (REFINES[code] !== undefined) majors.add(REFINES[code]);
  return [...majors]
    .sort((a, b) => a - b)
    .map((code) => ({
      code,
      name: ALLERGENS[code]!,
      details: [...codes]
        .filter((c) => REFINES[c] === code)
        .sort((a, b) => a - b)
        .map((c) => ALLERGENS[c]!),
    }));
}

/** What is in a dish that is not an allergen but customers ask about ("Alcohol", "Lamb"), in code order. */
export function otherFactsFromTags(tags: readonly string[]): { code: number; name: string }[] {
  const codes = codesFromTags(tags);
  return OTHER_FACT_CODES.filter((code) => codes.has(code)).map((code) => ({ code, name: ALLERGENS[code]! }));
}

/** Precautionary warnings ("May contain traces of nuts"). */
export function mayContainFromTags(tags: readonly string[]): string[] {
  const codes = codesFromTags(tags);
  return MAY_CONTAIN_CODES.filter((code) => codes.has(code)).map((code) => ALLERGENS[code]!);
}

/** "Gluten (wheat)", "Tree nuts (almonds, pistachios)", "Milk". */
export function allergenText(allergen: Allergen): string {
  return allergen.details.length > 0
    ? `${allergen.name} (${allergen.details.map((d) => d.toLowerCase()).join(', ')})`
    : allergen.name;
}

/** Whether a code is one of the 14 UK allergens a customer may put in their allergen profile. */
export function isProfileAllergen(code: number): boolean {
  return UK_MAJOR_ALLERGEN_CODES.includes(code);
}

const NUT_CODES = [TREE_NUTS, 110];

/**
 * What in a dish conflicts with a customer's allergen profile (issue 13 part 5): each of its allergens in
 * the profile, in code order, and the precautionary "may contain traces of nuts" for a profile with tree
 * nuts or peanuts. Empty when the dish is safe as far as the catalogue says.
 */
export function conflictingAllergens(
  profile: readonly number[],
  tags: readonly string[],
): { code: number; name: string }[] {
  const conflicts = allergensFromTags(tags)
    .filter((allergen) => profile.includes(allergen.code))
    .map(({ code, name }) => ({ code, name }));
  if (mayContainFromTags(tags).length > 0 && NUT_CODES.some((code) => profile.includes(code))) {
    conflicts.push({ code: 134, name: ALLERGENS[134]! });
  }
  return conflicts;
}
