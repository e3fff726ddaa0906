import { londonDate, shortDayLabel, timeLabel } from '../../../domain/calendar';
import { preferenceLabel } from '../../../domain/events';

// How a booking's facts read on the booker's and the host's screens (London dates and times, guests,
// needs). The booking pages' own words are format.ts (not imported here: these screens' chunks stay apart
// from the public pages').

/** "Sat 12 Dec, 7pm", "Wed 18 Nov, 10:16am" in London time: times as the shop writes them everywhere. */
export function whenLabel(iso: string): string {
  const at = new Date(iso);
  return `${shortDayLabel(londonDate(at))}, ${timeLabel(at)}`;
}

/** "3 adults and 1 child", "1 adult", "No guests". */
export function seatsWords(adults: number, children: number): string {
  const parts = [];
  if (adults > 0) parts.push(`${adults} ${adults === 1 ? 'adult' : 'adults'}`);
  if (children > 0) parts.push(`${children} ${children === 1 ? 'child' : 'children'}`);
  return parts.length === 0 ? 'No guests' : parts.join(' and ');
}

/** "3 guests", "1 guest". */
export const guestCountWords = (count: number) => `${count} ${count === 1 ? 'guest' : 'guests'}`;

/** A guest's allergies and diets in words ("Tree nuts, Vegetarian"), or that they gave none. */
export function needsWords(guest: { allergens: readonly string[]; diets: readonly string[] }): string {
  const all = [...guest.allergens, ...guest.diets].map(preferenceLabel);
  return all.length === 0 ? 'No allergies or diets' : all.join(', ');
}
