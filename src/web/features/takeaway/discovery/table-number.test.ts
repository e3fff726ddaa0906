import { describe, expect, test } from 'vitest';
import {
  checkTableNumber,
  dineInPath,
  findTable,
  numberedTables,
  tablesRange,
  tidyTableNumber,
} from './table-number';

// Eat-in from /pasta-type: the table a guest types, checked against the restaurant's own, and the link
// it leads to.

const SOHO = Array.from({ length: 18 }, (_, i) => String(i + 1));

describe('the link', () => {
  test('a table’s link, as its QR code carries it; a restaurant that serves by name has none', () => {
    expect(dineInPath('soho', '12')).toBe('/dine-in?restaurant=soho&table=12');
    expect(dineInPath('cambridge')).toBe('/dine-in?restaurant=cambridge');
    expect(dineInPath('cambridge', null)).toBe('/dine-in?restaurant=cambridge');
    expect(dineInPath('soho', 'A 3')).toBe('/dine-in?restaurant=soho&table=A+3');
  });
});

describe('what a guest types', () => {
  test('“Table 12”, “#12”, “no. 12” and spaces are the number', () => {
    for (const typed of ['12', ' 12 ', 'Table 12', 'table12', '#12', 'No. 12', 'number 12', 'TABLE #12']) {
      expect(tidyTableNumber(typed), typed).toBe('12');
    }
    expect(tidyTableNumber('   ')).toBe('');
  });

  test('is matched to the restaurant’s own table: leading zeros and case do not matter', () => {
    expect(findTable('012', SOHO)).toBe('12');
    expect(findTable('Table 7', SOHO)).toBe('7');
    expect(findTable('a1', ['A1', 'A2'])).toBe('A1');
    expect(findTable('19', SOHO)).toBeNull();
    expect(findTable('1.2', SOHO)).toBeNull();
    expect(findTable('', SOHO)).toBeNull();
  });
});

describe('checking it', () => {
  test('one of the tables: its number as the restaurant writes it', () => {
    expect(checkTableNumber(' Table 012 ', 'Sfoglia Soho', SOHO)).toEqual({ ok: true, table: '12' });
  });

  test('nothing typed: where to find it', () => {
    expect(checkTableNumber('  ', 'Sfoglia Soho', SOHO)).toEqual({
      ok: false,
      problem: 'Enter your table number: it’s on the card on your table.',
    });
  });

  test('not one of its tables: which tables it has, and what to do', () => {
    expect(checkTableNumber('99', 'Sfoglia Soho', SOHO)).toEqual({
      ok: false,
      problem:
        'Sfoglia Soho has no table 99. Its tables are numbered 1 to 18: check the card on your table, or ask a member of staff.',
    });
  });

  test('before its tables have loaded, the server checks the number', () => {
    expect(checkTableNumber('Table 99', 'Sfoglia Soho', null)).toEqual({ ok: true, table: '99' });
    expect(checkTableNumber('x'.repeat(13), 'Sfoglia Soho', null)).toMatchObject({ ok: false });
  });
});

describe('how its tables are numbered', () => {
  test('a run, a few, many, letters', () => {
    expect(tablesRange(SOHO)).toBe('numbered 1 to 18');
    expect(tablesRange(['1', '2', '5', '7'])).toBe('numbered 1, 2, 5 and 7');
    expect(tablesRange(['4'])).toBe('numbered 4');
    expect(tablesRange(['A1', 'A2', 'B1'])).toBe('numbered A1, A2 and B1');
    expect(tablesRange([])).toBe('');
  });

  test('a number pad only when every table is a plain number', () => {
    expect(numberedTables(SOHO)).toBe(true);
    expect(numberedTables(['1', 'A2'])).toBe(false);
    expect(numberedTables([])).toBe(false);
  });
});
