import { allergenTag, UK_MAJOR_ALLERGEN_CODES } from './allergens';
import { HIDE_FROM_MENU_TAG } from './menu';

// What the back office may make a dish (issue 25 part 2). A dish declares the 14 allergens UK law requires
// (Food Information Regulations 2014) explicitly: the ones it contains, or that it contains none of them,
// which is a choice the editor makes and a tag the catalogue keeps, never a missing value. A price is never
// below zero. These are the tags the catalogue stores them as (decision 0003: allergens travel as tags).

/** The tag a dish carries when its editor declared it contains none of the 14. */
export const NO_MAJOR_ALLERGENS_TAG = 'allergens:none';

const MAJOR = new Set<number>(UK_MAJOR_ALLERGEN_CODES);
const MAJOR_TAG = /^allergen:(\d{3})$/i;
const normalise = (tag: string) => tag.trim().toLowerCase();

export interface AllergenDeclaration {
  /** Which of the 14 (codes 100–113) the dish contains. */
  contains: readonly number[];
  /** The editor's explicit "none of the 14". */
  containsNone: boolean;
}

export type DeclarationProblem = 'undeclared' | 'contradictory' | 'not-one-of-the-14';

/** Why a declaration cannot be kept, or null when it can: some of the 14, or none of them said so. */
export function declarationProblem(declaration: AllergenDeclaration): DeclarationProblem | null {
  if (declaration.contains.some((code) => !MAJOR.has(code))) return 'not-one-of-the-14';
  if (declaration.contains.length === 0 && !declaration.containsNone) return 'undeclared';
  if (declaration.contains.length > 0 && declaration.containsNone) return 'contradictory';
  return null;
}

export const DECLARATION_MESSAGES: Record<DeclarationProblem, string> = {
  undeclared:
    'Say which of the 14 allergens this dish contains, or tick “Contains none of the 14” if it contains none of them.',
  contradictory:
    'A dish can’t both contain allergens and contain none of the 14: untick “Contains none of the 14” or the allergens.',
  'not-one-of-the-14': 'Choose allergens from the 14 listed.',
};

/** A dish's declaration read from its tags: null when it has made none (a dish from before the back office). */
export function declarationOfTags(tags: readonly string[]): AllergenDeclaration | null {
  const contains = [
    ...new Set(
      tags.flatMap((tag) => {
        const code = Number(MAJOR_TAG.exec(tag.trim())?.[1]);
        return MAJOR.has(code) ? [code] : [];
      }),
    ),
  ].sort((a, b) => a - b);
  const containsNone = tags.some((tag) => normalise(tag) === NO_MAJOR_ALLERGENS_TAG);
  if (contains.length === 0 && !containsNone) return null;
  return { contains, containsNone: contains.length === 0 };
}

/** Whether a tag is one the editor sets through its own fields (the 14, "none of the 14", hidden). */
export function isEditorTag(tag: string): boolean {
  const value = normalise(tag);
  if (value === NO_MAJOR_ALLERGENS_TAG) return true;
  if (value.replace(/[\s_-]+/g, ' ') === HIDE_FROM_MENU_TAG.replace(/-/g, ' ')) return true;
  const code = Number(MAJOR_TAG.exec(value)?.[1]);
  return MAJOR.has(code);
}

/** The tags a dish is stored with: its own tags, then its declaration, then hidden when it is. */
export function dishTags(
  ownTags: readonly string[],
  declaration: AllergenDeclaration,
  hidden: boolean,
): string[] {
  const own = [...new Set(ownTags.map((tag) => tag.trim()).filter((tag) => tag && !isEditorTag(tag)))];
  const allergens = declaration.containsNone
    ? [NO_MAJOR_ALLERGENS_TAG]
    : [...new Set(declaration.contains)].sort((a, b) => a - b).map(allergenTag);
  return [...own, ...allergens, ...(hidden ? [HIDE_FROM_MENU_TAG] : [])];
}

/** The tags the editor shows as the dish's own (everything it does not set through its own fields). */
export function ownTagsOf(tags: readonly string[]): string[] {
  return tags.filter((tag) => !isEditorTag(tag));
}

export function isHiddenByTags(tags: readonly string[]): boolean {
  return tags.some((tag) => normalise(tag).replace(/[\s_-]+/g, ' ') === 'hide from menu');
}

export const PRICE_BELOW_ZERO_MESSAGE = 'A price can’t be below £0.00. Enter the price in pence, 0 or more.';

/** The first variant priced below zero, by its place in the list; null when none is. */
export function firstPriceBelowZero(variants: readonly { pricePence: number }[]): number | null {
  const index = variants.findIndex((variant) => variant.pricePence < 0);
  return index === -1 ? null : index;
}
