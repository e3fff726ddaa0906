import { isIsoDate, type IsoDate } from './calendar';

// A customer's date of birth (spec §3 Customer dateOfBirth; issue 9, item 8: written the British way, day
// then month then year). The shop keeps it for customers aged 16 to 120; the same rule answers the web
// form and the API.

export const MIN_AGE = 16;
export const MAX_AGE = 120;

export const DATE_OF_BIRTH_MESSAGES = {
  notReal: 'Enter a real date of birth, like 27 03 1990',
  fullYear: 'Enter the year in full, like 1990',
  future: 'Your date of birth can’t be in the future',
  age: `Enter a date of birth for someone aged ${MIN_AGE} to ${MAX_AGE}`,
} as const;

/** Whole years from `born` to `on` (a birthday on 29 February comes on 1 March in other years). */
export function ageOn(born: IsoDate, on: IsoDate): number {
  const [by, bm, bd] = born.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  const hadBirthday = m > bm || (m === bm && d >= bd);
  return y - by - (hadBirthday ? 0 : 1);
}

/** Why an ISO date of birth cannot be kept on `today`, or null when it can. */
export function dateOfBirthProblem(born: IsoDate, today: IsoDate): string | null {
  if (born > today) return DATE_OF_BIRTH_MESSAGES.future;
  const age = ageOn(born, today);
  if (age < MIN_AGE || age > MAX_AGE) return DATE_OF_BIRTH_MESSAGES.age;
  return null;
}

export type DatePart = 'day' | 'month' | 'year';
export interface DateParts {
  day: string;
  month: string;
  year: string;
}

export type DateOfBirthCheck =
  { ok: true; date: IsoDate | null } | { ok: false; message: string; parts: readonly DatePart[] };

const NAMES: Record<DatePart, string> = { day: 'a day', month: 'a month', year: 'a year' };
const ORDER: readonly DatePart[] = ['day', 'month', 'year'];

/** "a day", "a day and a month", "a day, a month and a year". */
function listOf(parts: readonly DatePart[]): string {
  const names = parts.map((part) => NAMES[part]);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}

/**
 * A date of birth typed as day, month and year (each as the customer typed it, "7", "03", "1990"): nothing
 * typed is "not given" (null); otherwise an ISO date, or what to do and which parts are wrong.
 */
export function checkDateOfBirth(input: DateParts, today: IsoDate): DateOfBirthCheck {
  const parts = { day: input.day.trim(), month: input.month.trim(), year: input.year.trim() };
  const missing = ORDER.filter((part) => parts[part] === '');
  if (missing.length === ORDER.length) return { ok: true, date: null };
  if (missing.length > 0) {
    return { ok: false, message: `Your date of birth must include ${listOf(missing)}`, parts: missing };
  }
  const notNumbers = ORDER.filter((part) => !/^\d+$/.test(parts[part]));
  if (notNumbers.length > 0) return { ok: false, message: DATE_OF_BIRTH_MESSAGES.notReal, parts: notNumbers };
  if (parts.year.length !== 4)
    return { ok: false, message: DATE_OF_BIRTH_MESSAGES.fullYear, parts: ['year'] };
  const day = Number(parts.day);
  const month = Number(parts.month);
  const iso = `${parts.year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (parts.day.length > 2 || parts.month.length > 2 || !isIsoDate(iso)) {
    const wrong: DatePart[] = [];
    if (month < 1 || month > 12 || parts.month.length > 2) wrong.push('month');
    if (day < 1 || day > 31 || parts.day.length > 2 || wrong.length === 0) wrong.unshift('day');
    return { ok: false, message: DATE_OF_BIRTH_MESSAGES.notReal, parts: wrong };
  }
  const problem = dateOfBirthProblem(iso, today);
  if (problem) return { ok: false, message: problem, parts: ORDER };
  return { ok: true, date: iso };
}

/** An ISO date of birth as the form's three parts ("1990-03-07" → 7, 3, 1990), or empty parts. */
export function datePartsOf(date: string | null): DateParts {
  if (!date || !isIsoDate(date)) return { day: '', month: '', year: '' };
  const [year, month, day] = date.split('-') as [string, string, string];
  return { day: String(Number(day)), month: String(Number(month)), year };
}
