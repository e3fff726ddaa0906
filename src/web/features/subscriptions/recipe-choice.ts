import type { ScheduleWeek } from '../../../contracts/subscriptions';
import { deliveryFee, lineTotal, type BasketRules } from '../../../domain/basket';
import { isIsoDate, weekdayOf } from '../../../domain/calendar';
import { pence, sumPence, type Pence } from '../../../domain/money';

// Choosing a box's dishes from its week's menu (issue 12 part 3, /schedule/{id}/choose-recipes): the
// quantities chosen, starting from what the box holds now, and the running total as the box would be
// priced (the day's delivery fee, free from its threshold; the minimum per order, spec §5). Pure.

/** A menu variant as the choice needs it: its storefront id (gid://shopify/ProductVariant/10081) and price. */
export interface ChoosableVariant {
  id: string;
  price: number;
}

export type Choice = ReadonlyMap<string, number>;

/** The numeric id at the end of a storefront id ("gid://shopify/ProductVariant/10081" → "10081"). */
export const variantNumber = (id: string) => id.slice(id.lastIndexOf('/') + 1);

/** What the box holds now, as quantities by the menu's variant ids (lines not on the menu are left out). */
export function choiceFromLines(
  lines: ScheduleWeek['lines'],
  variants: readonly ChoosableVariant[],
): Map<string, number> {
  const choice = new Map<string, number>();
  for (const line of lines) {
    if (line.productVariantId === null) continue;
    const variant = variants.find((v) => variantNumber(v.id) === variantNumber(line.productVariantId!));
    if (variant) choice.set(variant.id, (choice.get(variant.id) ?? 0) + line.quantity);
  }
  return choice;
}

/** At most this many of one dish in a box (the API's limit). */
export const MAX_PER_DISH = 10;

export function withQuantity(choice: Choice, variantId: string, quantity: number): Map<string, number> {
  const next = new Map(choice);
  const clamped = Math.max(0, Math.min(MAX_PER_DISH, Math.trunc(quantity)));
  if (clamped === 0) next.delete(variantId);
  else next.set(variantId, clamped);
  return next;
}

export interface ChoiceTotals {
  dishes: number;
  subtotal: Pence;
  delivery: Pence;
  total: Pence;
  /** How much more to add to reach the minimum per order (0 once it is met). */
  minimumRemainder: Pence;
  /** How much more for free delivery (0 once free). */
  freeDeliveryRemainder: Pence;
}

export function choiceTotals(
  choice: Choice,
  variants: readonly ChoosableVariant[],
  deliveryDate: string,
  rules: BasketRules,
): ChoiceTotals {
  const totals = [...choice].map(([id, quantity]) => {
    const variant = variants.find((v) => v.id === id);
    return variant ? lineTotal(variant.price, quantity) : pence(0);
  });
  const subtotal = sumPence(totals);
  const fee = deliveryFee(subtotal, isIsoDate(deliveryDate) ? weekdayOf(deliveryDate) : null, rules);
  const dishes = [...choice.values()].reduce((n, q) => n + q, 0);
  return {
    dishes,
    subtotal,
    delivery: dishes === 0 ? pence(0) : fee.price,
    total: pence(subtotal + (dishes === 0 ? 0 : fee.price)),
    minimumRemainder: pence(Math.max(0, rules.minimumSpendPerOrder - subtotal)),
    freeDeliveryRemainder: fee.freeDeliveryRemainder,
  };
}

/** The choice as PUT /schedule_weeks/{id} takes it. */
export function choiceItems(choice: Choice): { productVariantId: string; quantity: number }[] {
  return [...choice].map(([productVariantId, quantity]) => ({ productVariantId, quantity }));
}
