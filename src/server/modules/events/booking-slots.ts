import type { EventLocation, EventSlot } from '../../../contracts/events';
import type { RestaurantRow } from '../restaurants';
import type { SlotContext } from './bookings.repo';
import { locationDocument, slotDocument } from './catalogue-view';

// A booking's slot and location as the API shows them: the catalogue's own documents (catalogue-view.ts), so a
// slot reads the same on the themes, a booking's page and the host's view.

export { slotDateLabel, slotTimeLabel } from './catalogue-view';

export function eventSlotOf(
  { slot, template, restaurant }: SlotContext,
  taken: number,
  now: Date,
  closesHours: number,
): EventSlot {
  return slotDocument(slot, template, restaurant, taken, now, closesHours);
}

export function eventLocationOf(restaurant: RestaurantRow): EventLocation {
  return locationDocument(restaurant);
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
