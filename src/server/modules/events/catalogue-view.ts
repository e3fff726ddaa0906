import type { EventLocation, EventSlot, EventTemplate } from '../../../contracts/events';
import { fullDateLabel, isoDate, londonDate, shortDayLabel, timeLabel } from '../../../domain/calendar';
import {
  refundRuleText,
  seatProblems,
  seatsLeft,
  type EventTheme,
  type RefundScale,
} from '../../../domain/events';
import { pence } from '../../../domain/money';
import type { eventTemplates } from '../../db/schema/events';
import type { RestaurantRow } from '../restaurants';
import type { SlotRow } from './seats';

// What is on as the API shows it (spec §7 Events): a template with what its upcoming slots say of it, a slot
// with its seats left and whether it can be booked now (the domain's seat rules), a location, in London time.
// Rows never leave the server; these do.

export type TemplateRow = typeof eventTemplates.$inferSelect;

export const THEME_LABELS: Record<EventTheme, string> = {
  class: 'Pasta class',
  supper_club: 'Supper club',
  kids: "Kids' morning",
};

/** "December 2026" for "2026-12". */
export function monthLabel(month: string): string {
  return fullDateLabel(isoDate(`${month}-01`)).replace(/^1 /, '');
}

/** The London month of a slot: "2026-12". */
export const slotMonth = (startsAt: Date): string => londonDate(startsAt).slice(0, 7);

/** A template with what its upcoming slots say of it (the lowest price, the next with a seat). */
export function eventTemplateOf(
  template: TemplateRow,
  upcoming: readonly EventSlot[],
  scale: RefundScale,
): EventTemplate {
  const next = upcoming.find((slot) => slot.bookable);
  const prices = upcoming.map((slot) => slot.adultPrice);
  return {
    id: template.id,
    theme: template.theme,
    themeLabel: THEME_LABELS[template.theme],
    title: template.title,
    summary: template.summary,
    description: template.description,
    images: template.images,
    durationMinutes: template.durationMinutes,
    included: template.included,
    bring: template.bring,
    adultPrice: pence(template.adultPrice),
    childPrice: template.childPrice === null ? null : pence(template.childPrice),
    childNote: template.childNote,
    maxGuests: template.maxGuests,
    fromPrice: pence(prices.length > 0 ? Math.min(...prices) : template.adultPrice),
    nextStartsAt: next?.startsAt ?? null,
    upcomingSlots: upcoming.length,
    refundRule: refundRuleText(scale),
  };
}

/** "Thu 10 Dec" in London time. */
export const slotDateLabel = (startsAt: Date): string => shortDayLabel(londonDate(startsAt));

/** "7pm – 10pm" in London time. */
export const slotTimeLabel = (startsAt: Date, endsAt: Date): string =>
  `${timeLabel(startsAt)} – ${timeLabel(endsAt)}`;

/** Why one more guest cannot book a slot now (null: they can), as seatProblems decides. */
export function slotUnavailableReason(
  slot: SlotRow,
  template: Pick<TemplateRow, 'title' | 'maxGuests'>,
  taken: number,
  now: Date,
  closesHours: number,
): string | null {
  const [problem] = seatProblems(
    { startsAt: slot.startsAt, capacity: slot.capacity, taken, cancelled: slot.cancelledAt !== null },
    { title: template.title, childPrice: slot.childPrice, maxGuests: template.maxGuests },
    { adults: 1, children: 0 },
    now,
    closesHours,
  );
  if (!problem) return null;
  if (problem.code === 'EVENT_SLOT_FULL') return 'Sold out';
  if (slot.cancelledAt) return 'Cancelled';
  return now.getTime() >= slot.startsAt.getTime() ? 'This date has passed' : 'Booking closed';
}

/** A slot as the API shows it; `taken` is seats.ts' count of it at `now`. */
export function slotDocument(
  slot: SlotRow,
  template: Pick<TemplateRow, 'id' | 'title' | 'maxGuests'>,
  location: Pick<RestaurantRow, 'id' | 'name'>,
  taken: number,
  now: Date,
  closesHours: number,
): EventSlot {
  const reason = slotUnavailableReason(slot, template, taken, now, closesHours);
  return {
    id: slot.id,
    templateId: template.id,
    templateTitle: template.title,
    locationId: location.id,
    locationName: location.name,
    startsAt: slot.startsAt.toISOString(),
    endsAt: slot.endsAt.toISOString(),
    dateLabel: slotDateLabel(slot.startsAt),
    timeLabel: slotTimeLabel(slot.startsAt, slot.endsAt),
    capacity: slot.capacity,
    seatsLeft: slot.cancelledAt ? 0 : seatsLeft(slot.capacity, taken),
    adultPrice: pence(slot.adultPrice),
    childPrice: slot.childPrice === null ? null : pence(slot.childPrice),
    bookable: reason === null,
    unavailableReason: reason,
  };
}

/** A restaurant hosting events, as the API shows it. */
export function locationDocument(restaurant: RestaurantRow): EventLocation {
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
