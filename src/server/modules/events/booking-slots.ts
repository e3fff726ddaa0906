import { londonDate, shortDayLabel, timeLabel } from '../../../domain/calendar';
import { bookingClosesAt, seatsLeft } from '../../../domain/events';
import { pence } from '../../../domain/money';
import type { EventLocation, EventSlot } from '../../../contracts/events';
import type { RestaurantRow } from '../restaurants';
import type { SlotContext } from './bookings.repo';

// A slot and a location as the API shows them (contracts/events.ts): London dates and times in words, the
// seats left and whether it can be booked now, and why not.

/** "7pm – 10pm" in London time. */
export function slotTimeLabel(startsAt: Date, endsAt: Date): string {
  return `${timeLabel(startsAt)} – ${timeLabel(endsAt)}`;
}

/** "Thu 10 Dec" in London time. */
export function slotDateLabel(startsAt: Date): string {
  return shortDayLabel(londonDate(startsAt));
}

export function eventSlotOf(
  { slot, template, restaurant }: SlotContext,
  taken: number,
  now: Date,
  closesHours: number,
): EventSlot {
  const left = seatsLeft(slot.capacity, taken);
  const unavailableReason = slot.cancelledAt
    ? 'Cancelled'
    : now.getTime() >= slot.startsAt.getTime()
      ? 'This date has passed'
      : now.getTime() >= bookingClosesAt(slot.startsAt, closesHours).getTime()
        ? 'Booking closed'
        : left === 0
          ? 'Sold out'
          : null;
  return {
    id: slot.id,
    templateId: template.id,
    templateTitle: template.title,
    locationId: restaurant.id,
    locationName: restaurant.name,
    startsAt: slot.startsAt.toISOString(),
    endsAt: slot.endsAt.toISOString(),
    dateLabel: slotDateLabel(slot.startsAt),
    timeLabel: slotTimeLabel(slot.startsAt, slot.endsAt),
    capacity: slot.capacity,
    seatsLeft: left,
    adultPrice: pence(slot.adultPrice),
    childPrice: slot.childPrice === null ? null : pence(slot.childPrice),
    bookable: unavailableReason === null,
    unavailableReason,
  };
}

export function eventLocationOf(restaurant: RestaurantRow): EventLocation {
  return {
    id: restaurant.id,
    name: restaurant.name,
    site: restaurant.site,
    address1: restaurant.address1,
    address2: restaurant.address2,
    city: restaurant.city,
    postcode: restaurant.postcode,
    lat: restaurant.lat,
    lon: restaurant.lon,
  };
}

/** "Sfoglia Soho, 12 Old Compton Street, London W1D 4TQ". */
export function addressLine(restaurant: RestaurantRow): string {
  return [
    restaurant.name,
    restaurant.address1,
    restaurant.address2,
    `${restaurant.city} ${restaurant.postcode}`,
  ]
    .filter(Boolean)
    .join(', ');
}
