import { isUkPostcode } from './address';
import { sizeLabel } from './menu';
import type { ModifierGroup } from './modifier-groups';
import type { OrderState } from './orders';
import type { FulfillmentType } from './restaurant-hours';

// Takeaway and catering (issue 13 part 2; spec §3 Takeaway cart item, Takeaway menu; §4 Baskets; §5; §9):
// what a line costs with its modifiers, what a basket comes to and when it is valid, what the customer reads
// about an order and its ETA, and when a delivery was late.

export { MODIFIER_GROUPS, type ModifierGroup } from './modifier-groups';
/** Extras one line may carry. */
export const MAX_EXTRAS = 5;
export const MAX_TAKEAWAY_LINE_QUANTITY = 20;

export interface MenuModifier {
  id: number;
  title: string;
  group: ModifierGroup;
  /** Added to the dish's price, in pence (a size may cost more; a removal costs nothing). */
  price: number;
  position: number;
}

export interface PriceableProduct {
  id: number;
  title: string;
  price: number;
  modifiers: readonly MenuModifier[];
}

export type ModifierChoice =
  { ok: true; modifiers: MenuModifier[] } | { ok: false; reason: string; modifierId?: number };

/**
 * The modifiers a customer chose for a dish, checked: each is one of the dish's own, none twice, at most one
 * size (the first size, its default, when none is chosen) and at most MAX_EXTRAS extras. In menu order.
 */
export function chooseModifiers(product: PriceableProduct, chosenIds: readonly number[]): ModifierChoice {
  const own = new Map(product.modifiers.map((modifier) => [modifier.id, modifier]));
  const seen = new Set<number>();
  for (const id of chosenIds) {
    if (!own.has(id)) {
      return { ok: false, reason: `${product.title} doesn’t come with that option`, modifierId: id };
    }
    if (seen.has(id)) return { ok: false, reason: 'Choose each option once', modifierId: id };
    seen.add(id);
  }
  const chosen = [...seen].map((id) => own.get(id)!);
  const sizes = chosen.filter((modifier) => modifier.group === 'size');
  if (sizes.length > 1) return { ok: false, reason: `Choose one size of ${product.title}` };
  if (chosen.filter((modifier) => modifier.group === 'extra').length > MAX_EXTRAS) {
    return { ok: false, reason: `Choose up to ${MAX_EXTRAS} extras` };
  }
  if (sizes.length === 0) {
    const defaultSize = [...product.modifiers]
      .filter((modifier) => modifier.group === 'size')
      .sort((a, b) => a.position - b.position)[0];
    if (defaultSize) chosen.push(defaultSize);
  }
  return { ok: true, modifiers: chosen.sort((a, b) => a.position - b.position || a.id - b.id) };
}

/** A line's unit price: the dish and every modifier's own price (removals are free). */
export function takeawayUnitPrice(
  product: { price: number },
  modifiers: readonly { price: number }[],
): number {
  return modifiers.reduce((sum, modifier) => sum + modifier.price, product.price);
}

/** Grande or Single (spec §9), from the chosen size; null for a dish that comes in one size. */
export function lineSize(modifiers: readonly { title: string; group: ModifierGroup }[]): string | null {
  const size = modifiers.find((modifier) => modifier.group === 'size');
  return size ? sizeLabel(size.title) : null;
}

/** The key that makes two adds the same line: the dish with exactly these modifiers. */
export function modifierKey(modifierIds: readonly number[]): string {
  return [...new Set(modifierIds)].sort((a, b) => a - b).join(',');
}

export interface TakeawayPricing {
  fulfillmentType: FulfillmentType | null;
  /** The restaurant's delivery fee and the subtotal from which delivery is free (null: never free). */
  deliveryFee: number;
  freeDeliveryFrom: number | null;
  minimumSpend: number;
}

export interface TakeawayTotals {
  itemCount: number;
  /** Before any discount (spec §4: what the minimum spend is compared with). */
  subtotal: number;
  discount: number;
  deliveryFee: number;
  total: number;
  minimumSpend: number;
  meetsMinimum: boolean;
  /** What is still to add to reach the minimum spend. */
  minimumRemainder: number;
  /** Spec §4: it has items and the pre-discount subtotal meets the minimum spend. */
  valid: boolean;
}

export function takeawayTotals(
  lines: readonly { unitPrice: number; quantity: number }[],
  pricing: TakeawayPricing,
): TakeawayTotals {
  const itemCount = lines.reduce((n, line) => n + line.quantity, 0);
  const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const free = pricing.freeDeliveryFrom !== null && subtotal >= pricing.freeDeliveryFrom;
  const deliveryFee =
    pricing.fulfillmentType === 'delivery' && itemCount > 0 && !free ? pricing.deliveryFee : 0;
  const meetsMinimum = subtotal >= pricing.minimumSpend;
  return {
    itemCount,
    subtotal,
    discount: 0,
    deliveryFee,
    total: subtotal + deliveryFee,
    minimumSpend: pricing.minimumSpend,
    meetsMinimum,
    minimumRemainder: Math.max(0, pricing.minimumSpend - subtotal),
    valid: itemCount > 0 && meetsMinimum,
  };
}

/** Spec §9: "15 - 30 mins" by default, otherwise prep time plus the kitchen's delay plus 15 to 30. */
export const DEFAULT_ETA_TEXT = '15 - 30 mins';

export function etaText(prepMinutes: number | null, delayMinutes: number | null): string {
  if (!prepMinutes && !delayMinutes) return DEFAULT_ETA_TEXT;
  const base = (prepMinutes ?? 0) + (delayMinutes ?? 0);
  return `${base + 15} - ${base + 30} mins`;
}

export interface EstimationInput {
  timeSlot?: unknown;
  restaurantId?: string | null;
  zip?: string | null;
  lat?: number | null;
  lon?: number | null;
  country?: string | null;
  address1?: string | null;
  city?: string | null;
}

const present = (value: unknown) =>
  value !== undefined && value !== null && (typeof value !== 'string' || value.trim() !== '');

/**
 * Spec §5: a delivery-time estimate is asked for only when the time slot, restaurant, zip, lat, lon,
 * country, address1 and city are all present and the postcode matches the UK pattern. The names of what is
 * missing, in that order (empty when it may be asked).
 */
export function missingForEstimate(input: EstimationInput): string[] {
  const fields: [keyof EstimationInput, unknown][] = [
    ['timeSlot', input.timeSlot],
    ['restaurantId', input.restaurantId],
    ['zip', input.zip],
    ['lat', input.lat],
    ['lon', input.lon],
    ['country', input.country],
    ['address1', input.address1],
    ['city', input.city],
  ];
  const missing = fields.filter(([, value]) => !present(value)).map(([name]) => name as string);
  if (present(input.zip) && !isUkPostcode(String(input.zip))) missing.push('zip');
  return [...new Set(missing)];
}

/**
 * What a customer reads for a takeaway order (spec §4 display labels): billed, packed and accepted "Is being
 * prepared"; shipped "Is out for delivery"; payment_pending and not_authorized "Payment failed"; dropped
 * "Unable to process"; the others capitalised ("Ready for pickup", "Delivered"). Paid and sent to the kitchen
 * but not yet accepted is "Waiting for the restaurant" (issue 19: never a step that has not happened).
 */
export function takeawayStateLabel(state: OrderState): string {
  if (state === 'paid' || state === 'submitted') return 'Waiting for the restaurant';
  if (['billed', 'packed', 'accepted'].includes(state)) return 'Is being prepared';
  if (state === 'shipped') return 'Is out for delivery';
  if (state === 'payment_pending' || state === 'not_authorized') return 'Payment failed';
  if (state === 'dropped') return 'Unable to process';
  const words = state.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Late-delivery credit (issue 13 part 5): a delivery later than the end of its promised window. */
export function isLateDelivery(promisedTo: Date, deliveredAt: Date): boolean {
  return deliveredAt.getTime() > promisedTo.getTime();
}

/** The credit a late delivery earns unless the shop sets another amount (settings `late_delivery_credit`). */
export const DEFAULT_LATE_DELIVERY_CREDIT = 500;
