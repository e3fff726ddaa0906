import { addDays, type IsoDate } from './calendar';
import { formatPence } from './money';

// What an event's sitting set in the back office must be (issue 25 part 3, "event slots and capacity"): seats
// from 1 to 200, prices from £0.00 to £1,000.00, a child price only for an event that takes children, a
// start on the quarter hour, on a day from tomorrow to a year ahead. Pure: each problem names its field. Seats
// below those already taken are the service's to refuse (it counts them under the slot's lock).

export const SLOT_SEATS = { min: 1, max: 200 } as const;
export const SLOT_PRICE_MAX = 100_000;
/** How far ahead a sitting may be put on sale. */
export const SLOT_DAYS_AHEAD = 366;

export interface SlotProblem {
  field: 'capacity' | 'adultPrice' | 'childPrice' | 'date' | 'startTime';
  message: string;
}

export interface SlotPrices {
  capacity: number;
  adultPrice: number;
  childPrice: number | null;
}

/** Seats and prices, for a new sitting and a change alike; `takesChildren` is the event's own. */
export function slotPriceProblems(slot: SlotPrices, takesChildren: boolean): SlotProblem[] {
  const problems: SlotProblem[] = [];
  if (slot.capacity < SLOT_SEATS.min || slot.capacity > SLOT_SEATS.max) {
    problems.push({
      field: 'capacity',
      message: `Seats must be from ${SLOT_SEATS.min} to ${SLOT_SEATS.max}.`,
    });
  }
  const price = (field: 'adultPrice' | 'childPrice', label: string, value: number) => {
    if (value < 0 || value > SLOT_PRICE_MAX) {
      problems.push({
        field,
        message: `${label} must be from ${formatPence(0)} to ${formatPence(SLOT_PRICE_MAX)}.`,
      });
    }
  };
  price('adultPrice', 'The adult price', slot.adultPrice);
  if (slot.childPrice !== null) {
    if (!takesChildren) {
      problems.push({
        field: 'childPrice',
        message: 'This event is for adults only: leave the child price empty.',
      });
    } else price('childPrice', 'The child price', slot.childPrice);
  }
  return problems;
}

/** When a new sitting is: a day from tomorrow (London) to a year ahead, starting on the quarter hour. */
export function slotWhenProblems(date: IsoDate, startTime: string, today: IsoDate): SlotProblem[] {
  const problems: SlotProblem[] = [];
  if (date <= today) {
    problems.push({ field: 'date', message: 'A new date must be from tomorrow.' });
  } else if (date > addDays(today, SLOT_DAYS_AHEAD)) {
    problems.push({ field: 'date', message: 'A new date must be within a year.' });
  }
  const minutes = Number(startTime.slice(3, 5));
  if (minutes % 15 !== 0) {
    problems.push({ field: 'startTime', message: 'Start on the quarter hour, such as 18:30.' });
  }
  return problems;
}
