import type { EventSlotAdminView } from '../../../../contracts/back-office-events';
import { londonClock, shortDayLabel } from '../../../../domain/calendar';

// How the back office writes a sitting's day and time: London time, on the 24-hour clock staff read rotas in.

/** "18:30": the back office writes times on the 24-hour clock. */
const clock = (hours: number, minutes: number) =>
  `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;

/** "Sat 5 Dec, 18:30–21:00" (London time). */
export function sittingLabel(slot: Pick<EventSlotAdminView, 'startsAt' | 'endsAt'>): string {
  const starts = londonClock(new Date(slot.startsAt));
  const ends = londonClock(new Date(slot.endsAt));
  return `${shortDayLabel(starts.date)}, ${clock(starts.hours, starts.minutes)}–${clock(ends.hours, ends.minutes)}`;
}
