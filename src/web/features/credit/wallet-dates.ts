import { fullDateLabel, isoDate, londonDate } from '../../../domain/calendar';

/** "12 December 2026" from the API's "2026-12-12". */
export const dayLabel = (date: string) => fullDateLabel(isoDate(date));

/** "2 December 2026", the London date of an instant (a movement). */
export const instantDayLabel = (instant: string) => fullDateLabel(londonDate(new Date(instant)));
