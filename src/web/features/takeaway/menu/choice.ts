import type { AddTakeawayItemBody } from '../../../../contracts/takeaway';
import type { MenuProduct } from '../../../../contracts/restaurants';
import {
  MAX_TAKEAWAY_LINE_QUANTITY,
  takeawayUnitPrice,
  type ModifierGroup,
} from '../../../../domain/takeaway';

// What a customer chooses for a dish in the modifiers sheet (spec §3 Takeaway menu: sub-products as
// modifiers; issue 13 part 1: sizes labelled Grande/Single, extras, removals), as pure rules over the menu's
// `modifierGroups`: one size (the group's default first), extras and removals up to each group's max, never
// an unavailable one; and the live price, with the domain's own `takeawayUnitPrice` (the server prices the
// line with it too).

type SubProduct = MenuProduct['subProducts'][number];
export type ChoosableProduct = Pick<MenuProduct, 'price' | 'subProducts' | 'modifierGroups'>;

export interface DishChoice {
  /** The chosen size's product id; null for a dish that comes in one size. */
  size: string | null;
  /** Extras and removals chosen, by product id. */
  options: readonly string[];
}

const byPosition = (a: SubProduct, b: SubProduct) => a.position - b.position;

/** A group's sub-products in menu order. */
export function groupOptions(product: ChoosableProduct, group: ModifierGroup): SubProduct[] {
  return product.subProducts.filter((sub) => sub.group === group).sort(byPosition);
}

/** How many of a group may be chosen: the menu's limits, or none when the dish has no such group. */
export function groupLimits(product: ChoosableProduct, group: ModifierGroup): { min: number; max: number } {
  const found = product.modifierGroups.find((g) => g.group === group);
  if (!found) return { min: 0, max: 0 };
  return { min: found.min, max: Math.min(found.max, groupOptions(product, group).length) };
}

/** The default size: the group's default when it can be had, else the first size that can, else none. */
function defaultSize(product: ChoosableProduct): string | null {
  const sizes = groupOptions(product, 'size');
  if (sizes.length === 0) return null;
  const named = product.modifierGroups.find((g) => g.group === 'size')?.defaultProductId;
  const preferred = sizes.find((s) => s.productId === named && s.available);
  return (preferred ?? sizes.find((s) => s.available) ?? sizes[0]!).productId;
}

/**
 * A size as the customer reads it: its title when that says the spec's label already ("Grande (bigger
 * portion)", "Single scoop"), else both ("Grande · Double scoop"): the Grande/Single label always shows.
 */
export function sizeName(size: { title: string; label: string | null }): string {
  if (!size.label || size.title.toLowerCase().includes(size.label.toLowerCase())) return size.title;
  return `${size.label} · ${size.title}`;
}

export function initialChoice(product: ChoosableProduct): DishChoice {
  return { size: defaultSize(product), options: [] };
}

function find(product: ChoosableProduct, id: string): SubProduct | undefined {
  return product.subProducts.find((sub) => sub.productId === id);
}

/** Chooses a size; anything else (not one of its sizes, or unavailable) leaves the choice as it was. */
export function chooseSize(product: ChoosableProduct, choice: DishChoice, id: string): DishChoice {
  const sub = find(product, id);
  if (!sub || sub.group !== 'size' || !sub.available) return choice;
  return { ...choice, size: id };
}

const chosenIn = (product: ChoosableProduct, choice: DishChoice, group: ModifierGroup) =>
  choice.options.filter((id) => find(product, id)?.group === group);

/** Whether an extra or a removal could be ticked now: it can be had, and its group has room. */
export function canChoose(product: ChoosableProduct, choice: DishChoice, id: string): boolean {
  const sub = find(product, id);
  if (!sub || sub.group === 'size' || !sub.available) return false;
  if (choice.options.includes(id)) return true;
  return chosenIn(product, choice, sub.group).length < groupLimits(product, sub.group).max;
}

/** Ticks or unticks an extra or a removal; ticking one that cannot be had, or past the group's max, does nothing. */
export function toggleOption(
  product: ChoosableProduct,
  choice: DishChoice,
  id: string,
  on: boolean,
): DishChoice {
  const has = choice.options.includes(id);
  if (!on) return has ? { ...choice, options: choice.options.filter((o) => o !== id) } : choice;
  if (has || !canChoose(product, choice, id)) return choice;
  return { ...choice, options: [...choice.options, id] };
}

/** The sub-products chosen (the size first, then the rest in menu order). */
export function chosenSubProducts(product: ChoosableProduct, choice: DishChoice): SubProduct[] {
  const ids = new Set([...(choice.size ? [choice.size] : []), ...choice.options]);
  return product.subProducts.filter((sub) => ids.has(sub.productId)).sort(byPosition);
}

/** What stops the choice being added, in words (empty when it can be). */
export function choiceProblems(product: ChoosableProduct, choice: DishChoice): string[] {
  const problems: string[] = [];
  for (const group of product.modifierGroups) {
    const count =
      group.group === 'size' ? (choice.size ? 1 : 0) : chosenIn(product, choice, group.group).length;
    const { min, max } = groupLimits(product, group.group);
    if (count < min) problems.push(group.group === 'size' ? 'Choose a size' : `Choose at least ${min}`);
    if (count > max) problems.push(`Choose up to ${max}`);
  }
  const gone = chosenSubProducts(product, choice).filter((sub) => !sub.available);
  for (const sub of gone) problems.push(`${sub.title} is not available right now`);
  return problems;
}

/** One of the dish as chosen, in pence. */
export function choiceUnitPrice(product: ChoosableProduct, choice: DishChoice): number {
  return takeawayUnitPrice(product, chosenSubProducts(product, choice));
}

export function clampLineQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(MAX_TAKEAWAY_LINE_QUANTITY, Math.max(1, Math.trunc(quantity)));
}

/** The add call's body (POST /baskets/{id}/takeaway_items). */
export function addItemBody(
  product: ChoosableProduct & { id: string },
  choice: DishChoice,
  quantity: number,
  note: string,
): AddTakeawayItemBody {
  const subItems = chosenSubProducts(product, choice).map((sub) => ({ productId: Number(sub.productId) }));
  const trimmed = note.trim();
  return {
    productId: Number(product.id),
    quantity: clampLineQuantity(quantity),
    ...(subItems.length > 0 ? { subItems } : {}),
    ...(trimmed ? { note: trimmed } : {}),
  };
}
