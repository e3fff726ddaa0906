import { formatPence } from '../../../domain/money';
import type { Floor, FloorTab, FloorTable } from './kitchen.queries';
import { boardTime } from './ticket-board';

// The floor's words, apart from React (issue 21 part 6; decision 28): what a tab is and where, what closing
// one the guests left will take from its card (what was ordered, never a tip), and the tables a tab can move
// to. Money in pounds, times in London's.

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "Ada’s tab". */
export const tabName = (tab: Pick<FloorTab, 'holderName'>) => `${tab.holderName}’s tab`;

/** "Table 12", or where a restaurant serves by name. */
export function tableName(table: Pick<FloorTable, 'number'>, hasTableNumbers: boolean): string {
  if (table.number) return `Table ${table.number}`;
  return hasTableNumbers ? 'Not at a listed table' : 'Served by name';
}

/** "2 open tabs · £56.00 on them", "No open tabs". */
export function floorSummary(floor: Pick<Floor, 'openTabs' | 'tabsTotal'>): string {
  if (floor.openTabs === 0) return 'No open tabs';
  return `${plural(floor.openTabs, 'open tab')} · ${formatPence(floor.tabsTotal)} ordered`;
}

/** The view's tab, short enough for a phone beside the others: "Floor (2 tabs)". */
export const floorTabLabel = (openTabs: number | undefined) =>
  openTabs === undefined ? 'Floor' : `Floor (${plural(openTabs, 'tab')})`;

/** "2 rounds · 3 people · opened 7:30pm". */
export function tabFacts(tab: Pick<FloorTab, 'rounds' | 'members' | 'openedAt'>, now: Date): string {
  return [
    plural(tab.rounds, 'round'),
    plural(tab.members, 'person', 'people'),
    `opened ${boardTime(tab.openedAt, now)}`,
  ].join(' · ');
}

/** Whether staff may close it: an open tab, or one being split (not one already being charged). */
export const canClose = (tab: Pick<FloorTab, 'state'>) => tab.state === 'open' || tab.state === 'settling';

/**
 * What closing a tab the guests left takes from the card held, in words for the confirm: the server's figure
 * (`chargeOnClose`: an open tab, what was ordered, never above the limit held; a tab being split, the holder's
 * part, any tip they chose for it and the parts nobody has paid); nothing at all when nothing is owed. Never
 * a tip added.
 */
export function closeChargeText(
  tab: Pick<FloorTab, 'state' | 'foodTotal' | 'limit' | 'outstanding' | 'chargeOnClose'>,
): string {
  if (tab.chargeOnClose === 0) {
    return 'Nothing is owed, so nothing is taken: the hold on the card is let go. No tip is added.';
  }
  if (tab.state === 'settling') {
    const unpaid =
      tab.outstanding > 0
        ? `, with the ${formatPence(tab.outstanding)} of other parts nobody has paid yet,`
        : '';
    return `The bill of ${formatPence(tab.foodTotal)} is being split. ${formatPence(
      tab.chargeOnClose,
    )} for the holder’s part${unpaid} is taken from the card held (the limit was ${formatPence(
      tab.limit,
    )}). No tip is added.`;
  }
  return `${formatPence(tab.chargeOnClose)} for what was ordered is taken from the card held (the limit was ${formatPence(
    tab.limit,
  )}). No tip is added.`;
}

/** The close button's words: "Close and charge £28.00". */
export function closeButtonText(tab: Pick<FloorTab, 'chargeOnClose'>): string {
  if (tab.chargeOnClose === 0) return 'Close the tab';
  return `Close and charge ${formatPence(tab.chargeOnClose)}`;
}

export interface MoveChoice {
  number: string;
  /** "Table 14 · 4 seats · free", "Table 15 · 2 seats · Ben’s tab". */
  label: string;
}

/** The tables a tab can move to: every other numbered table, in order, saying which are free. */
export function moveChoices(
  floor: Pick<Floor, 'tables'>,
  tab: Pick<FloorTab, 'id' | 'tableNumber'>,
): MoveChoice[] {
  return floor.tables.flatMap((table) => {
    if (!table.number || table.number === tab.tableNumber) return [];
    const others = table.tabs.filter((other) => other.id !== tab.id);
    const taken = others.length === 0 ? 'free' : others.map(tabName).join(', ');
    const seats = table.seats ? ` · ${plural(table.seats, 'seat')}` : '';
    return [{ number: table.number, label: `Table ${table.number}${seats} · ${taken}` }];
  });
}

/** What the floor says once a tab is closed: "Ada’s tab at table 12 is closed: £28.00 taken, no tip." */
export function closedText(tab: FloorTab): string {
  const where = tab.tableNumber ? ` at table ${tab.tableNumber}` : '';
  if (tab.state === 'closing') {
    return `${tabName(tab)}${where} is closing: the card is being charged. It leaves the floor once it is paid.`;
  }
  return `${tabName(tab)}${where} is closed, with no tip. We’ve emailed ${tab.holderName} the receipt.`;
}

// The table cards' words (the print sheet).

/** An SVG made on the server, as an <img>'s source: a data: URL, so it prints as it shows. */
export const qrImageSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The link under a code, for a guest whose camera will not scan: without "https://". */
export const printableUrl = (url: string) => url.replace(/^https?:\/\//, '');

/** What a card tells the guest to do. */
export const cardCaption = (tableNumber: string | null) =>
  tableNumber
    ? 'Scan with your phone’s camera to see the menu, order and pay from this table.'
    : 'Scan with your phone’s camera to see the menu, order and pay: we bring it to you by name.';

/** "18 cards, six to an A4 page: print them, then cut along the dashed lines." */
export function sheetHint(cards: number): string {
  if (cards === 1) return 'One card: print it and put it where guests order.';
  return `${cards} cards, six to an A4 page: print them, then cut along the dashed lines.`;
}
