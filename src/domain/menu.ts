// Weekly menu rules: visibility (spec §5), filters and section labels (spec §9), portion labels (spec §9),
// which dishes have a double portion, and cooking times.
import type { IsoDate } from './calendar';
import { relativeWeekName, weekLabel } from './menu-weeks';

export interface MenuProductFacts {
  id: string;
  tags: readonly string[];
  productType: string;
}

export const HIDE_FROM_MENU_TAG = 'hide-from-menu';

const normalised = new Map<string, string>();
/**
 * A tag or type compared without case, spacing, '-' or '_'. Remembered: a shop's tags and types are a small
 * vocabulary asked about for every dish on every render of a menu (issue 24: three regular expressions a tag
 * were a fifth of the menu's first render). Bounded, should a feed ever send unbounded words.
 */
function normalise(value: string): string {
  let result = normalised.get(value);
  if (result === undefined) {
    result = value
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, ' ');
    if (normalised.size >= 1000) normalised.clear();
    normalised.set(value, result);
  }
  return result;
}

const HIDDEN = normalise(HIDE_FROM_MENU_TAG);

export function isGiftBox(product: MenuProductFacts): boolean {
  return normalise(product.productType) === 'gift box';
}

export function isBundle(product: MenuProductFacts): boolean {
  return normalise(product.productType) === 'bundle';
}

/**
 * Products tagged hide-from-menu, or of type gift box, are not shown. Bundle products show only if they
 * are in the bundles list.
 */
export function isVisibleOnMenu(product: MenuProductFacts, bundleIds: ReadonlySet<string>): boolean {
  if (product.tags.some((tag) => normalise(tag) === HIDDEN)) return false;
  if (isGiftBox(product)) return false;
  if (isBundle(product)) return bundleIds.has(product.id);
  return true;
}

export const MENU_FILTERS = [
  'Meat & Fish',
  'Free From',
  'Vegetarian',
  'Kids',
  'Sides',
  'Desserts',
  'Bundles',
  'Create Your Own',
] as const;
export type MenuFilter = (typeof MENU_FILTERS)[number];

export const MENU_SECTIONS = [
  "This Week's Specials",
  'Customer Favourites',
  'Vegetarian',
  'Kids',
  'Sides',
  'Desserts',
  'Bundles',
  'Create Your Own',
] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];
/** Where a dish that fits no named section goes. */
export const OTHER_SECTION = 'More dishes';

const hasTag = (product: MenuProductFacts, ...tags: string[]) =>
  product.tags.some((tag) => tags.includes(normalise(tag)));

const FILTER_RULES: Record<MenuFilter, (p: MenuProductFacts) => boolean> = {
  'Meat & Fish': (p) => hasTag(p, 'meat', 'fish'),
  'Free From': (p) => hasTag(p, 'gluten free', 'dairy free', 'free from'),
  Vegetarian: (p) => hasTag(p, 'vegetarian', 'vegan'),
  Kids: (p) => hasTag(p, 'kids'),
  Sides: (p) => normalise(p.productType) === 'side' || hasTag(p, 'side'),
  Desserts: (p) => normalise(p.productType) === 'dessert' || hasTag(p, 'dessert'),
  Bundles: (p) => isBundle(p),
  'Create Your Own': (p) => hasTag(p, 'create your own'),
};

export function matchesFilter(product: MenuProductFacts, filter: MenuFilter): boolean {
  return FILTER_RULES[filter](product);
}

/** A product matches when it passes every selected filter; no filter selected shows everything. */
export function matchesFilters(product: MenuProductFacts, filters: readonly MenuFilter[]): boolean {
  return filters.every((filter) => matchesFilter(product, filter));
}

/**
 * The one section a product is listed under. What a product is (bundle, side, dessert) decides first; then
 * the spec's order (specials, favourites, …), except that kids' dishes stay in Kids even when they are
 * vegetarian: parents look for them there. Sections are shown in the spec's order (groupBySection).
 */
export function sectionOf(product: MenuProductFacts): MenuSection | typeof OTHER_SECTION {
  if (isBundle(product)) return 'Bundles';
  if (FILTER_RULES.Sides(product)) return 'Sides';
  if (FILTER_RULES.Desserts(product)) return 'Desserts';
  if (hasTag(product, 'special')) return "This Week's Specials";
  if (hasTag(product, 'favourite')) return 'Customer Favourites';
  if (FILTER_RULES.Kids(product)) return 'Kids';
  if (FILTER_RULES.Vegetarian(product)) return 'Vegetarian';
  if (FILTER_RULES['Create Your Own'](product)) return 'Create Your Own';
  return OTHER_SECTION;
}

/**
 * The heading a section has above a given week's dishes. The spec names the specials "This Week's
 * Specials"; above next week's dishes that would be untrue, so the name follows the week shown.
 */
export function sectionTitle(
  section: MenuSection | typeof OTHER_SECTION,
  weekStart: IsoDate,
  now: Date,
): string {
  if (section !== "This Week's Specials") return section;
  const name = relativeWeekName(weekStart, now);
  if (name === 'This week') return "This Week's Specials";
  if (name === 'Next week') return "Next Week's Specials";
  if (name === 'Last week') return "Last Week's Specials";
  return `Specials for ${weekLabel(weekStart)}`;
}

/** Groups products into sections in the spec's order, keeping the products' own order within a section. */
export function groupBySection<T extends MenuProductFacts>(
  products: readonly T[],
): { section: MenuSection | typeof OTHER_SECTION; products: T[] }[] {
  const order: (MenuSection | typeof OTHER_SECTION)[] = [...MENU_SECTIONS, OTHER_SECTION];
  const groups = new Map(order.map((section) => [section, [] as T[]]));
  for (const product of products) groups.get(sectionOf(product))!.push(product);
  return order
    .map((section) => ({ section, products: groups.get(section)! }))
    .filter((group) => group.products.length > 0);
}

export const DOUBLE_PORTION_LABEL = 'Double Portion (Serves 2)';
export const REGULAR_PORTION_LABEL = 'Regular';

export function portionLabel(isDouble: boolean): string {
  return isDouble ? DOUBLE_PORTION_LABEL : REGULAR_PORTION_LABEL;
}

/**
 * Whether a dish is sold as a "Double Portion (Serves 2)" as well as a regular one. Only a main dish is:
 * a side or a dessert is already for sharing, and a bundle or gift box is a whole meal for two or more.
 * The server refuses a double portion of anything else, and the menu never offers one.
 */
export function offersDoublePortion(product: Pick<MenuProductFacts, 'tags' | 'productType'>): boolean {
  const facts = { id: '', ...product };
  return !(isBundle(facts) || isGiftBox(facts) || FILTER_RULES.Sides(facts) || FILTER_RULES.Desserts(facts));
}

/** A variant titled "Double Portion (Serves 2)" (or anything naming a double) is the double portion. */
export function isDoubleVariantTitle(title: string): boolean {
  return /double/i.test(title);
}

/** Items are labelled Grande if the variant or modifier name contains double, bigger or grande, else Single. */
export function sizeLabel(name: string): 'Grande' | 'Single' {
  return /double|bigger|grande/i.test(name) ? 'Grande' : 'Single';
}

/**
 * Cooking times travel as a product tag, `cooking-time:<minutes>`, like allergens (decision 0003): a plain
 * Shopify tag, so a real store can carry it too.
 */
const COOKING_TIME_TAG = /^cooking-time:(\d{1,3})$/i;

export function cookingTimeTag(minutes: number): string {
  return `cooking-time:${minutes}`;
}

/** The minutes from a `cooking-time:<n>` tag (1 to 240); null when there is none or it makes no sense. */
export function cookingMinutesFromTags(tags: readonly string[]): number | null {
  for (const tag of tags) {
    const match = COOKING_TIME_TAG.exec(tag.trim());
    const minutes = match ? Number(match[1]) : NaN;
    if (minutes >= 1 && minutes <= 240) return minutes;
  }
  return null;
}

/** "8 min", "40 min", "1 hr", "1 hr 15 min". */
export function formatCookingTime(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} min`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A description's text without its markup, entities decoded and spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d{1,6}|#x[\da-f]{1,6}|[a-z]{2,6});/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** What a menu card says about a dish: the first sentence of its description. */
export function dishSummary(descriptionHtml: string): string {
  const text = plainText(descriptionHtml);
  const end = /[.!?](?=\s|$)/.exec(text);
  return end ? text.slice(0, end.index + 1) : text;
}
