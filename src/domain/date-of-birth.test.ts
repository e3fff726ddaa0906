import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addDays, isIsoDate, type IsoDate } from './calendar';
import {
  ageOn,
  checkDateOfBirth,
  DATE_OF_BIRTH_MESSAGES,
  dateOfBirthProblem,
  datePartsOf,
} from './date-of-birth';

// The date of birth typed the British way (day, month, year) and the 16-to-120 rule (issue 9, item 8).

const TODAY = '2026-11-18' as IsoDate;

/** Any real calendar day from 1880 to 2030. */
const isoDay = fc
  .integer({ min: Date.UTC(1880, 0, 1), max: Date.UTC(2030, 11, 31) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10) as IsoDate);

describe('checkDateOfBirth', () => {
  test('day, month and year become the ISO date the API takes, with or without leading zeros', () => {
    expect(checkDateOfBirth({ day: '27', month: '03', year: '1990' }, TODAY)).toEqual({
      ok: true,
      date: '1990-03-27',
    });
    expect(checkDateOfBirth({ day: ' 7', month: '3 ', year: '1990' }, TODAY)).toEqual({
      ok: true,
      date: '1990-03-07',
    });
  });

  test('nothing typed is no date of birth (it clears the one kept)', () => {
    expect(checkDateOfBirth({ day: '', month: ' ', year: '' }, TODAY)).toEqual({ ok: true, date: null });
  });

  test('a missing part is named, and only that part is marked', () => {
    expect(checkDateOfBirth({ day: '27', month: '', year: '1990' }, TODAY)).toEqual({
      ok: false,
      message: 'Your date of birth must include a month',
      parts: ['month'],
    });
    expect(checkDateOfBirth({ day: '', month: '', year: '1990' }, TODAY)).toEqual({
      ok: false,
      message: 'Your date of birth must include a day and a month',
      parts: ['day', 'month'],
    });
  });

  test('a date that does not exist, or is not numbers, asks for a real one with an example', () => {
    for (const [day, month, year, parts] of [
      ['31', '02', '1990', ['day']],
      ['29', '2', '1991', ['day']],
      ['12', '13', '1990', ['month']],
      ['32', '13', '1990', ['day', 'month']],
      ['1st', '3', '1990', ['day']],
      ['10', 'March', '1990', ['month']],
      ['001', '3', '1990', ['day']],
    ] as const) {
      expect(checkDateOfBirth({ day, month, year }, TODAY), `${day} ${month} ${year}`).toEqual({
        ok: false,
        message: DATE_OF_BIRTH_MESSAGES.notReal,
        parts,
      });
    }
    expect(checkDateOfBirth({ day: '29', month: '2', year: '1992' }, TODAY)).toEqual({
      ok: true,
      date: '1992-02-29',
    });
  });

  test('a two-digit year asks for the year in full', () => {
    expect(checkDateOfBirth({ day: '27', month: '3', year: '90' }, TODAY)).toEqual({
      ok: false,
      message: 'Enter the year in full, like 1990',
      parts: ['year'],
    });
  });

  test('the future, under 16 and over 120 are refused with the API’s own words', () => {
    expect(checkDateOfBirth({ day: '19', month: '11', year: '2026' }, TODAY)).toMatchObject({
      ok: false,
      message: 'Your date of birth can’t be in the future',
    });
    expect(checkDateOfBirth({ day: '19', month: '11', year: '2010' }, TODAY)).toMatchObject({
      ok: false,
      message: 'Enter a date of birth for someone aged 16 to 120',
    });
    expect(checkDateOfBirth({ day: '18', month: '11', year: '2010' }, TODAY)).toEqual({
      ok: true,
      date: '2010-11-18',
    });
    // 120 until the day before the 121st birthday.
    expect(checkDateOfBirth({ day: '19', month: '11', year: '1905' }, TODAY)).toEqual({
      ok: true,
      date: '1905-11-19',
    });
    expect(checkDateOfBirth({ day: '18', month: '11', year: '1905' }, TODAY)).toMatchObject({
      ok: false,
      message: 'Enter a date of birth for someone aged 16 to 120',
    });
  });

  test('every ISO date of birth goes to its parts and back to itself, or to the reason the API gives', () => {
    fc.assert(
      fc.property(isoDay, (date) => {
        const checked = checkDateOfBirth(datePartsOf(date), TODAY);
        const problem = dateOfBirthProblem(date, TODAY);
        if (problem === null) expect(checked).toEqual({ ok: true, date });
        else expect(checked).toMatchObject({ ok: false, message: problem });
      }),
    );
  });

  test('whatever is typed, the answer is a real ISO date, nothing, or a message with the parts to fix', () => {
    const part = fc.oneof(fc.string({ maxLength: 5 }), fc.integer({ min: 0, max: 3000 }).map(String));
    fc.assert(
      fc.property(part, part, part, (day, month, year) => {
        const checked = checkDateOfBirth({ day, month, year }, TODAY);
        if (checked.ok) {
          if (checked.date !== null) {
            expect(isIsoDate(checked.date)).toBe(true);
            expect(dateOfBirthProblem(checked.date, TODAY)).toBeNull();
          }
        } else {
          expect(checked.message.length).toBeGreaterThan(0);
          expect(checked.parts.length).toBeGreaterThan(0);
        }
      }),
    );
  });
});

describe('ageOn', () => {
  test('a birthday makes a year of age that day, not the day before', () => {
    expect(ageOn('2010-11-18' as IsoDate, TODAY)).toBe(16);
    expect(ageOn('2010-11-19' as IsoDate, TODAY)).toBe(15);
    expect(ageOn('2008-02-29' as IsoDate, '2026-02-28' as IsoDate)).toBe(17);
    expect(ageOn('2008-02-29' as IsoDate, '2026-03-01' as IsoDate)).toBe(18);
  });

  test('grows by exactly one from one birthday to the next', () => {
    fc.assert(
      fc.property(isoDay, fc.integer({ min: 0, max: 40_000 }), (born, days) => {
        const on = addDays(born, days);
        expect(ageOn(born, on)).toBeGreaterThanOrEqual(0);
        expect(ageOn(born, addDays(on, 366)) - ageOn(born, on)).toBeGreaterThanOrEqual(1);
        expect(ageOn(born, addDays(on, 366)) - ageOn(born, on)).toBeLessThanOrEqual(2);
      }),
    );
  });
});
