import type { Restaurant } from '../../../../contracts/restaurants';
import { timeLabel } from '../../../../domain/calendar';
import type { FulfillmentType } from '../../../../domain/fulfillment-types';
import { formatPence, formatPenceShort } from '../../../../domain/money';
import { deliveryFeeRule } from '../../../../domain/takeaway-fees';

// What the restaurant list and the fulfilment choice say about a kitchen (issue 13 part 4: distance, open
// now or opens at, the ETA, the fee, the minimum spend), in words, London time, pounds.

export const FULFILMENT_LABELS: Record<FulfillmentType, string> = {
  delivery: 'Delivery',
  pickup: 'Collection',
  eat_in: 'Eat in',
};

type Hours = Pick<Restaurant, 'openNow' | 'opensAt' | 'closesAt'>;

/** "Open now until 10pm", "Opens at 11:30am", "Closed for today". */
export function openingText(restaurant: Hours): string {
  if (restaurant.openNow) {
    return restaurant.closesAt ? `Open now until ${timeLabel(new Date(restaurant.closesAt))}` : 'Open now';
  }
  if (restaurant.opensAt) return `Opens at ${timeLabel(new Date(restaurant.opensAt))}`;
  return 'Closed for today';
}

/** "0.5 miles away", "1 mile away". */
export function distanceText(miles: number): string {
  if (!Number.isFinite(miles)) return '';
  const rounded = Math.round(miles * 10) / 10;
  return `${rounded} ${rounded === 1 ? 'mile' : 'miles'} away`;
}

/**
 * "£2.99 delivery, free over £40", "Free delivery": the fee as it applies to this kind of order (catering's
 * minimum is over the free-delivery threshold, so catering is always delivered free).
 */
export function deliveryFeeText(
  restaurant: Pick<Restaurant, 'deliveryFee' | 'freeDeliveryFrom' | 'minimumSpend' | 'cateringMinimumSpend'>,
  catering = false,
): string {
  const { fee, freeFrom } = deliveryFeeRule({
    deliveryFee: restaurant.deliveryFee,
    freeDeliveryFrom: restaurant.freeDeliveryFrom,
    minimumSpend: catering ? restaurant.cateringMinimumSpend : restaurant.minimumSpend,
  });
  if (fee === 0) return 'Free delivery';
  return `${formatPence(fee)} delivery${freeFrom ? `, free over ${formatPenceShort(freeFrom)}` : ''}`;
}

/** "Minimum order £15" (catering: its own minimum). */
export function minimumText(
  restaurant: Pick<Restaurant, 'minimumSpend' | 'cateringMinimumSpend'>,
  catering: boolean,
): string {
  return `Minimum order ${formatPenceShort(catering ? restaurant.cateringMinimumSpend : restaurant.minimumSpend)}`;
}

/** When a collection is ready: "Ready in about 20 minutes" while open, else when the kitchen opens. */
export function collectionText(restaurant: Hours & Pick<Restaurant, 'prepMinutes' | 'busyMinutes'>): string {
  if (restaurant.openNow) return `Ready in about ${restaurant.prepMinutes + restaurant.busyMinutes} minutes`;
  return openingText(restaurant);
}
