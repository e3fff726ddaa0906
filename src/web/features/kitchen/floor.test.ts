import { describe, expect, test } from 'vitest';
import {
  canClose,
  cardCaption,
  closeButtonText,
  closeChargeText,
  closedText,
  floorSummary,
  floorTabLabel,
  moveChoices,
  printableUrl,
  qrImageSource,
  sheetHint,
  tabFacts,
  tableName,
} from './floor';
import type { Floor, FloorTab } from './kitchen.queries';

// The floor's words: what closing a tab the guests left takes from its card (never a tip), the tables a tab
// can move to, and what the floor and the table cards say (London times, pounds).

const NOW = new Date('2026-11-18T19:45:00.000Z');

function tab(overrides: Partial<FloorTab> = {}): FloorTab {
  return {
    id: 'tab-1',
    tableNumber: '12',
    holderName: 'Ada',
    state: 'open',
    stateLabel: 'Open',
    foodTotal: 2_800,
    limit: 10_000,
    rounds: 2,
    members: 1,
    openedAt: '2026-11-18T19:30:00.000Z',
    autoCloseAt: '2026-11-18T22:30:00.000Z',
    outstanding: 0,
    chargeOnClose: Math.min(overrides.foodTotal ?? 2_800, overrides.limit ?? 10_000),
    ...overrides,
  };
}

const floor = (tables: Floor['tables']): Floor => ({
  tables,
  hasTableNumbers: true,
  openTabs: tables.reduce((n, t) => n + t.tabs.length, 0),
  tabsTotal: tables.reduce((n, t) => n + t.tabs.reduce((m, x) => m + x.foodTotal, 0), 0),
});

describe('closing a tab the guests left', () => {
  test('an open tab: what was ordered, from the card held, and no tip', () => {
    expect(closeChargeText(tab())).toBe(
      '£28.00 for what was ordered is taken from the card held (the limit was £100.00). No tip is added.',
    );
    expect(closeButtonText(tab())).toBe('Close and charge £28.00');
  });

  test('never above the limit the card holds', () => {
    expect(closeChargeText(tab({ foodTotal: 12_000 }))).toMatch(/^£100\.00 for what was ordered/);
    expect(closeButtonText(tab({ foodTotal: 12_000 }))).toBe('Close and charge £100.00');
  });

  test('a bill being split: the server’s figure for the holder’s part and the parts nobody has paid', () => {
    const split = tab({ state: 'settling', foodTotal: 6_000, outstanding: 2_000, chargeOnClose: 4_000 });
    expect(closeChargeText(split)).toBe(
      'The bill of £60.00 is being split. £40.00 for the holder’s part, with the £20.00 of other parts nobody has paid yet, is taken from the card held (the limit was £100.00). No tip is added.',
    );
    expect(closeChargeText(tab({ state: 'settling', foodTotal: 6_000, chargeOnClose: 2_000 }))).not.toContain(
      'nobody',
    );
    expect(closeButtonText(split)).toBe('Close and charge £40.00');
  });

  test('nothing owed (every round turned down, or the others paid it all): nothing is taken', () => {
    expect(closeChargeText(tab({ foodTotal: 0 }))).toBe(
      'Nothing is owed, so nothing is taken: the hold on the card is let go. No tip is added.',
    );
    expect(closeButtonText(tab({ foodTotal: 0 }))).toBe('Close the tab');
  });

  test('only an open tab or one being split; not one already being charged', () => {
    expect(canClose(tab())).toBe(true);
    expect(canClose(tab({ state: 'settling' }))).toBe(true);
    expect(canClose(tab({ state: 'closing' }))).toBe(false);
  });

  test('what the floor says afterwards', () => {
    expect(closedText(tab({ state: 'closed' }))).toBe(
      'Ada’s tab at table 12 is closed, with no tip. We’ve emailed Ada the receipt.',
    );
    expect(closedText(tab({ state: 'closing', tableNumber: null }))).toBe(
      'Ada’s tab is closing: the card is being charged. It leaves the floor once it is paid.',
    );
  });
});

describe('moving a tab', () => {
  test('every other numbered table, in order, saying which are free and whose tab is at the others', () => {
    const ada = tab();
    const ben = tab({ id: 'tab-2', holderName: 'Ben', tableNumber: '14' });
    const choices = moveChoices(
      floor([
        { number: '12', seats: 4, tabs: [ada] },
        { number: '13', seats: 2, tabs: [] },
        { number: '14', seats: 1, tabs: [ben] },
        { number: null, seats: null, tabs: [] },
      ]),
      ada,
    );
    expect(choices).toEqual([
      { number: '13', label: 'Table 13 · 2 seats · free' },
      { number: '14', label: 'Table 14 · 1 seat · Ben’s tab' },
    ]);
  });

  test('a tab at no listed table can go to any table', () => {
    const lost = tab({ tableNumber: '40' });
    expect(moveChoices(floor([{ number: '1', seats: null, tabs: [] }]), lost)).toEqual([
      { number: '1', label: 'Table 1 · free' },
    ]);
  });
});

describe('the floor’s words', () => {
  test('the summary and the view’s tab', () => {
    expect(floorSummary({ openTabs: 0, tabsTotal: 0 })).toBe('No open tabs');
    expect(floorSummary({ openTabs: 1, tabsTotal: 2_800 })).toBe('1 open tab · £28.00 ordered');
    expect(floorSummary({ openTabs: 3, tabsTotal: 10_050 })).toBe('3 open tabs · £100.50 ordered');
    expect(floorTabLabel(undefined)).toBe('Floor');
    expect(floorTabLabel(1)).toBe('Floor (1 tab)');
    expect(floorTabLabel(0)).toBe('Floor (0 tabs)');
  });

  test('a tab’s facts, in London time', () => {
    expect(tabFacts(tab(), NOW)).toBe('2 rounds · 1 person · opened 7:30pm');
    expect(tabFacts(tab({ rounds: 1, members: 3 }), NOW)).toBe('1 round · 3 people · opened 7:30pm');
    // British Summer Time: 18:30 UTC is 7:30pm in London.
    expect(
      tabFacts(tab({ openedAt: '2026-07-01T18:30:00.000Z' }), new Date('2026-07-01T19:00:00.000Z')),
    ).toBe('2 rounds · 1 person · opened 7:30pm');
  });

  test('a table, or tabs served by name', () => {
    expect(tableName({ number: '12' }, true)).toBe('Table 12');
    expect(tableName({ number: null }, false)).toBe('Served by name');
    expect(tableName({ number: null }, true)).toBe('Not at a listed table');
  });
});

describe('the table cards', () => {
  test('the server’s SVG as an image source, and the link as printed', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1"/></svg>';
    const source = qrImageSource(svg);
    expect(source.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(source.slice(source.indexOf(',') + 1))).toBe(svg);
    expect(printableUrl('https://sfoglia.example/dine-in?restaurant=soho&table=12')).toBe(
      'sfoglia.example/dine-in?restaurant=soho&table=12',
    );
  });

  test('what a card and the sheet say', () => {
    expect(cardCaption('12')).toMatch(/order and pay from this table\.$/);
    expect(cardCaption(null)).toMatch(/we bring it to you by name\.$/);
    expect(sheetHint(18)).toBe('18 cards, six to an A4 page: print them, then cut along the dashed lines.');
    expect(sheetHint(1)).toBe('One card: print it and put it where guests order.');
  });
});
