import type { EventSlot } from '../../../contracts/events';
import { londonDate, shortDayLabel, timeLabel } from '../../../domain/calendar';

// How events' facts read on their pages: durations, London dates and times, seats left, guests.

/** "3 hours", "2 hours 30 minutes", "90 minutes". */
export function durationLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} minutes`;
  const whole = `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  return rest === 0 ? whole : `${whole} ${rest} minutes`;
}

/** "7pm", "10:16am" in London time, as the shop writes times (domain/calendar's timeLabel, no Intl). */
export function clockLabel(iso: string): string {
  return timeLabel(new Date(iso));
}

/** "Thu 26 Nov, 7pm" in London time. */
export function startsLabel(iso: string): string {
  const at = new Date(iso);
  return `${shortDayLabel(londonDate(at))}, ${timeLabel(at)}`;
}

/** "3 seats left", "1 seat left", or why it cannot be booked ("Sold out", "Booking closed"). */
export function seatsLabel(slot: Pick<EventSlot, 'bookable' | 'seatsLeft' | 'unavailableReason'>): string {
  if (!slot.bookable) return slot.unavailableReason ?? 'Not available';
  return `${slot.seatsLeft} ${slot.seatsLeft === 1 ? 'seat' : 'seats'} left`;
}

/** "2 adults and 1 child", "1 adult". */
export function guestsLabel(adults: number, children: number): string {
  const parts = [];
  if (adults > 0) parts.push(`${adults} ${adults === 1 ? 'adult' : 'adults'}`);
  if (children > 0) parts.push(`${children} ${children === 1 ? 'child' : 'children'}`);
  return parts.length === 0 ? 'No guests' : parts.join(' and ');
}
