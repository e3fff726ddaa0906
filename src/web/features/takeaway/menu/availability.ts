import type { MenuProduct } from '../../../../contracts/restaurants';
import { relativeDeadlineLabel } from '../../../../domain/calendar';
import type { FulfillmentType } from '../../../../domain/fulfillment-types';

// Whether a dish can be added now, and why not (issue 13: "the menu hides it within 30 seconds"). The menu
// refetches every 60 s and the kitchen's snoozes every 30 s (spec §9): a dish in the latest snooze list is
// unavailable whatever the older menu says. A dish the menu calls unavailable stays so until the menu says
// otherwise: showing it late is safe, offering it wrongly is not.

export interface Snooze {
  productId: string;
  until: string;
}

export type DishAvailability = { available: true } | { available: false; reason: string };

const FULFILMENT_WORDS: Record<FulfillmentType, string> = {
  delivery: 'delivery',
  pickup: 'collection',
  eat_in: 'eating in',
};

export function dishAvailability(
  product: Pick<MenuProduct, 'id' | 'available' | 'snoozedUntil' | 'fulfillmentTypes'>,
  snoozes: readonly Snooze[] | undefined,
  fulfillmentType: FulfillmentType | null,
  now: Date,
): DishAvailability {
  const snooze = snoozes?.find((s) => s.productId === product.id);
  const until = snooze?.until ?? (product.available ? null : product.snoozedUntil);
  if (until) {
    return {
      available: false,
      reason: `Sold out for now · back at ${relativeDeadlineLabel(new Date(until), now)}`,
    };
  }
  if (product.available) return { available: true };
  if (fulfillmentType && !product.fulfillmentTypes.includes(fulfillmentType)) {
    return { available: false, reason: `Not available for ${FULFILMENT_WORDS[fulfillmentType]}` };
  }
  return { available: false, reason: 'Not available right now' };
}

/** The snoozed ids as one string, to notice when the kitchen snoozes or brings back a dish. */
export function snoozeSignature(snoozes: readonly Snooze[] | undefined): string {
  return (snoozes ?? [])
    .map((s) => s.productId)
    .sort()
    .join(',');
}
