import { addDays, type IsoDate } from './calendar';
import { londonInstant } from './calendar';
import { dispatchDeadline } from './plans';

// A box's way to the door (issue 12 part 2): handed to the warehouse at its dispatch deadline (the day before
// delivery, 14:00), packed that evening, out with the courier on the morning of its day, delivered later
// that day. The embedded warehouse keeps these times; a real one reports its own.

export const PARCEL_STATUSES = [
  'accepted',
  'packed',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'problem',
] as const;
export type ParcelStatus = (typeof PARCEL_STATUSES)[number];

/** When a box is handed to the warehouse: nothing about it changes after that (address, note, dishes). */
export function handOverTime(deliveryDate: IsoDate): Date {
  return dispatchDeadline(deliveryDate);
}

export const PACKED_HOUR = 19;
export const OUT_FOR_DELIVERY_HOUR = 7;
/** The courier's round ends by 18:00; a parcel's own time is spread from 11:00 by its reference. */
const DELIVERY_FROM_MINUTES = 11 * 60;
const DELIVERY_SPREAD_MINUTES = 7 * 60;

/** A stable number of minutes in [0, spread) from a reference (the courier's round order). */
function roundPosition(reference: string): number {
  let hash = 0;
  for (const char of reference) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % DELIVERY_SPREAD_MINUTES;
}

/** When each step of a parcel happens for a delivery day. */
export function parcelTimes(deliveryDate: IsoDate, reference: string) {
  const minutes = DELIVERY_FROM_MINUTES + roundPosition(reference);
  return {
    packed: londonInstant(addDays(deliveryDate, -1), PACKED_HOUR),
    outForDelivery: londonInstant(deliveryDate, OUT_FOR_DELIVERY_HOUR),
    delivered: londonInstant(deliveryDate, Math.floor(minutes / 60), minutes % 60),
  };
}

/** Where a parcel accepted for `deliveryDate` stands at `now`. */
export function parcelStatusAt(deliveryDate: IsoDate, reference: string, now: Date): ParcelStatus {
  const times = parcelTimes(deliveryDate, reference);
  const t = now.getTime();
  if (t >= times.delivered.getTime()) return 'delivered';
  if (t >= times.outForDelivery.getTime()) return 'out_for_delivery';
  if (t >= times.packed.getTime()) return 'packed';
  return 'accepted';
}

/** The order states a parcel's status means, in the order they are reached (each one recorded). */
export const ORDER_PATH = ['submitted', 'packed', 'shipped', 'delivered'] as const;
export type FulfilmentOrderState = (typeof ORDER_PATH)[number];

export function orderStateOfParcel(status: ParcelStatus): FulfilmentOrderState | null {
  switch (status) {
    case 'accepted':
      return 'submitted';
    case 'packed':
      return 'packed';
    case 'out_for_delivery':
      return 'shipped';
    case 'delivered':
      return 'delivered';
    default:
      return null;
  }
}

/** The states an order passes through from `from` to reach `to` (none when `to` is not ahead of it). */
export function stepsBetween(from: string, to: FulfilmentOrderState): FulfilmentOrderState[] {
  const start = from === 'paid' ? -1 : ORDER_PATH.indexOf(from as FulfilmentOrderState);
  const end = ORDER_PATH.indexOf(to);
  if (start === -1 && from !== 'paid') return [];
  return end > start ? ORDER_PATH.slice(start + 1, end + 1) : [];
}

/** When the tracking job should ask about a parcel next (its next step's time, or soon when late). */
export function nextParcelCheck(
  deliveryDate: IsoDate,
  reference: string,
  status: ParcelStatus,
  now: Date,
): Date | null {
  if (status === 'delivered' || status === 'cancelled') return null;
  const times = parcelTimes(deliveryDate, reference);
  const next =
    status === 'accepted' ? times.packed : status === 'packed' ? times.outForDelivery : times.delivered;
  const soon = new Date(now.getTime() + 15 * 60 * 1000);
  return next.getTime() > now.getTime() ? next : soon;
}
