// Eat-in from /pasta-type (issue 21 part 1): a restaurant with table numbers asks for the guest's table
// first, checked against its own tables, then opens its table's link (/dine-in?restaurant=…&table=…, the
// same as the QR code on the table's card); one that serves by name opens /dine-in?restaurant=….

/** The link a table's QR code carries, or the restaurant's own where it serves by name. */
export function dineInPath(restaurantId: string, table?: string | null): string {
  const query = new URLSearchParams({ restaurant: restaurantId, ...(table ? { table } : {}) });
  return `/dine-in?${query.toString()}`;
}

/** What a guest typed, as a table's number might be written: "Table 12", "#12", " 12 " are all "12". */
export function tidyTableNumber(typed: string): string {
  return typed
    .trim()
    .replace(/^table(?=[\s#\d]|$)\s*/i, '')
    .replace(/^(no\.?|number)\s*/i, '')
    .replace(/^#\s*/, '')
    .trim();
}

const NUMERIC = /^\d+$/;
const same = (a: string, b: string) =>
  a.toLowerCase() === b.toLowerCase() || (NUMERIC.test(a) && NUMERIC.test(b) && Number(a) === Number(b));

/** The restaurant's own table for what was typed ("012" is table "12"), or null when it has none such. */
export function findTable(typed: string, tables: readonly string[]): string | null {
  const wanted = tidyTableNumber(typed);
  if (!wanted) return null;
  return tables.find((number) => same(number, wanted)) ?? null;
}

/** Whether every table has a plain number (then a phone offers its number pad). */
export const numberedTables = (tables: readonly string[]) =>
  tables.length > 0 && tables.every((number) => NUMERIC.test(number));

/** "numbered 1 to 18", "numbered 1, 2, 5 and 7", "A1 to C4": how the restaurant's tables are named. */
export function tablesRange(tables: readonly string[]): string {
  if (tables.length === 0) return '';
  if (tables.length === 1) return `numbered ${tables[0]}`;
  const numbers = tables.map(Number);
  const consecutive = numberedTables(tables) && numbers.every((n, i) => i === 0 || n === numbers[i - 1]! + 1);
  if (consecutive || tables.length > 8) return `numbered ${tables[0]} to ${tables.at(-1)}`;
  return `numbered ${tables.slice(0, -1).join(', ')} and ${tables.at(-1)}`;
}

export type TableCheck = { ok: true; table: string } | { ok: false; problem: string };

/**
 * The guest's table, or what to do: type it in (it is on the card on the table), or the restaurant has no
 * such table (and how its tables are numbered). `tables` is null while they load: the server checks then.
 */
export function checkTableNumber(
  typed: string,
  restaurantName: string,
  tables: readonly string[] | null,
): TableCheck {
  const wanted = tidyTableNumber(typed);
  if (!wanted) return { ok: false, problem: 'Enter your table number: it’s on the card on your table.' };
  if (wanted.length > 12)
    return { ok: false, problem: notATable(restaurantName, wanted.slice(0, 12), tables) };
  if (!tables) return { ok: true, table: wanted };
  const table = findTable(wanted, tables);
  return table ? { ok: true, table } : { ok: false, problem: notATable(restaurantName, wanted, tables) };
}

/** "Sfoglia Soho has no table 99. Its tables are numbered 1 to 18: check the card on your table, or…" */
export function notATable(restaurantName: string, typed: string, tables: readonly string[] | null): string {
  const check = 'the card on your table, or ask a member of staff.';
  return tables && tables.length > 0
    ? `${restaurantName} has no table ${typed}. Its tables are ${tablesRange(tables)}: check ${check}`
    : `${restaurantName} has no table ${typed}. Check ${check}`;
}
