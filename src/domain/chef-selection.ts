import { allergenTag } from './allergens';
import { HIDE_FROM_MENU_TAG } from './menu';

// The chef's selection (issue 12 part 2; docs/decisions/0021): the dishes a plan's box gets when the
// customer has not chosen, picked from that week's menu by the plan's dietary flags, the ingredients the
// customer avoids and the number of recipes. Pure and deterministic: the same menu, plan and week always
// give the same box; different plans spread over the menu rather than all taking its first dishes.

/** The plan's dietary flags (spec §3 Subscription). */
export const DIETARY_FLAG_NAMES = [
  'beef',
  'cocktails',
  'crustaceans',
  'doublePortion',
  'fish',
  'game',
  'glutenFree',
  'lamb',
  'nuts',
  'pork',
  'vegan',
  'vegetarian',
  'molluscs',
] as const;
export type DietaryFlag = (typeof DIETARY_FLAG_NAMES)[number];
export type DietaryFlags = Partial<Record<DietaryFlag, boolean>>;

/**
 * What each flag means (ours; the spec names the flags only). Set, a protein or allergen flag leaves those
 * dishes out ("no beef"); vegetarian, vegan and glutenFree keep only such dishes; doublePortion sends the
 * double portion (serves 2) of each dish; cocktails adds the plan's number of cocktails to each box.
 */
export const DIETARY_FLAG_LABELS: Record<DietaryFlag, string> = {
  vegetarian: 'Vegetarian dishes only',
  vegan: 'Vegan dishes only',
  glutenFree: 'Gluten-free dishes only',
  beef: 'No beef',
  pork: 'No pork',
  lamb: 'No lamb',
  game: 'No game',
  fish: 'No fish',
  crustaceans: 'No crustaceans',
  molluscs: 'No molluscs',
  nuts: 'No nuts',
  doublePortion: 'Double portions (serves 2)',
  cocktails: 'Add cocktails',
};

const NUT_CODES = [109, 110, 120, 121, 122, 123, 124, 125, 126, 127, 128, 134];
const EXCLUDED_BY: Partial<Record<DietaryFlag, string[]>> = {
  beef: [allergenTag(131)],
  pork: [allergenTag(130)],
  lamb: [allergenTag(132)],
  game: ['game'],
  fish: [allergenTag(103)],
  crustaceans: [allergenTag(102)],
  molluscs: [allergenTag(107)],
  nuts: NUT_CODES.map(allergenTag),
};
const ONLY: Partial<Record<DietaryFlag, string[]>> = {
  vegetarian: ['vegetarian', 'vegan'],
  vegan: ['vegan'],
  glutenFree: ['gluten-free'],
};

/** The tag a dish carries for an ingredient customers can avoid ("ingredient:mushrooms"). */
export const ingredientTag = (slug: string) => `ingredient:${slug}`;

export const COCKTAIL_TYPE = 'Cocktail';
const NOT_CHEF_PICKS = ['kids', 'create-your-own', 'create your own'];
export const MAIN_DISH_TYPE = 'Pasta Kit';

export interface ChefCandidate {
  productId: number;
  title: string;
  productType: string;
  tags: readonly string[];
  /** Its place on the week's menu (the chef's own order). */
  position: number;
  variants: readonly { variantId: number; isDouble: boolean; price: number; quantityAvailable: number }[];
}

export interface ChefPreferences {
  dietary: DietaryFlags;
  /** Ingredient slugs the customer avoids. */
  avoid: readonly string[];
  numberOfRecipes: number;
  numberOfCocktails: number;
  /** Dishes (product ids) of the plan's last boxes: the chef avoids sending them again while others fit. */
  recent?: readonly number[];
  /** Spreads plans over the menu (the plan's id and the week). */
  seed: string;
}

export interface ChefPick {
  productId: number;
  variantId: number;
  quantity: number;
}

/** Whether a dish suits the plan's flags and avoided ingredients. */
export function suits(dish: Pick<ChefCandidate, 'tags'>, dietary: DietaryFlags, avoid: readonly string[]) {
  const tags = new Set(dish.tags.map((tag) => tag.toLowerCase()));
  if (tags.has(HIDE_FROM_MENU_TAG)) return false;
  for (const [flag, excluded] of Object.entries(EXCLUDED_BY)) {
    if (dietary[flag as DietaryFlag] && excluded.some((tag) => tags.has(tag))) return false;
  }
  for (const [flag, only] of Object.entries(ONLY)) {
    if (dietary[flag as DietaryFlag] && !only.some((tag) => tags.has(tag))) return false;
  }
  return !avoid.some((slug) => tags.has(ingredientTag(slug)));
}

/** A small stable hash (FNV-1a) for spreading plans over the menu. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Picks `count` portions from the dishes of one kind: distinct dishes first, in the chef's order with the
 * plan's recent dishes last and ties spread by the seed; when fewer dishes suit than are wanted, the suitable
 * ones again, one more each in turn, as far as stock allows. Fewer than `count` only when stock runs out.
 */
function pick(
  dishes: readonly ChefCandidate[],
  count: number,
  double: boolean,
  recent: ReadonlySet<number>,
  seed: string,
): ChefPick[] {
  const offer = dishes
    .map((dish) => {
      const variant =
        dish.variants.find((v) => v.isDouble === double && v.quantityAvailable > 0) ??
        dish.variants.find((v) => !v.isDouble && v.quantityAvailable > 0);
      return variant ? { dish, variant } : null;
    })
    .filter((entry) => entry !== null)
    .sort(
      (a, b) =>
        Number(recent.has(a.dish.productId)) - Number(recent.has(b.dish.productId)) ||
        // The chef's order in bands of four, spread within a band by the seed.
        Math.floor(a.dish.position / 4) - Math.floor(b.dish.position / 4) ||
        hash(`${seed}:${a.dish.productId}`) - hash(`${seed}:${b.dish.productId}`) ||
        a.dish.productId - b.dish.productId,
    );
  const picks: ChefPick[] = [];
  let left = count;
  while (left > 0) {
    let added = false;
    for (const { dish, variant } of offer) {
      if (left === 0) break;
      const existing = picks.find((p) => p.variantId === variant.variantId);
      if ((existing?.quantity ?? 0) >= variant.quantityAvailable) continue;
      if (existing) existing.quantity += 1;
      else picks.push({ productId: dish.productId, variantId: variant.variantId, quantity: 1 });
      left -= 1;
      added = true;
    }
    if (!added) break;
  }
  return picks;
}

/** The chef's box for a week: the plan's recipes, and its cocktails when it takes them. */
export function chefSelection(menu: readonly ChefCandidate[], prefs: ChefPreferences): ChefPick[] {
  const recent = new Set(prefs.recent ?? []);
  // Kids' dishes and build-your-own kits are for customers who choose them, never the chef's pick.
  const mains = menu.filter(
    (dish) =>
      dish.productType === MAIN_DISH_TYPE &&
      !dish.tags.some((tag) => NOT_CHEF_PICKS.includes(tag.toLowerCase())) &&
      suits(dish, prefs.dietary, prefs.avoid),
  );
  const double = prefs.dietary.doublePortion === true;
  const picks = pick(mains, prefs.numberOfRecipes, double, recent, prefs.seed);
  if (prefs.dietary.cocktails && prefs.numberOfCocktails > 0) {
    const cocktails = menu.filter(
      (dish) => dish.productType === COCKTAIL_TYPE && suits(dish, { nuts: prefs.dietary.nuts }, prefs.avoid),
    );
    picks.push(...pick(cocktails, prefs.numberOfCocktails, false, recent, prefs.seed));
  }
  return picks;
}
