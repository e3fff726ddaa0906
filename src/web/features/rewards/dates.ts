import { londonDate, type IsoDate } from '../../../domain/calendar';
import { longDateLabel } from '../../../domain/referrals';

// Dates on the rewards page, as the shop writes them in London: "17 Jan 2027".

export function dayOf(isoInstant: string): string {
  return longDateLabel(londonDate(new Date(isoInstant)));
}

export function dateLabel(date: string): string {
  return longDateLabel(date as IsoDate);
}
