import { describe, expect, test } from 'vitest';
import {
  billLines,
  byItemsBody,
  checkCustomAmounts,
  closingTimes,
  customBody,
  dineInStepDecision,
  defaultOwners,
  limitChoices,
  limitText,
  limitUsed,
  membersAsPayers,
  partLineText,
  poundsToPence,
  previewByItems,
  tipOf,
  type Payer,
  type SplitLine,
} from './rules';
import { tableMenuPath, tableTitle } from './table-names';

// Dine-in's screen rules (issue 21): money typed by a guest, the tip never chosen for them, a tab's limits and
// closing times, and the three splits checked before they are sent.

describe('money typed', () => {
  test('pounds and pence, with or without the pound sign', () => {
    expect(poundsToPence('12')).toBe(1200);
    expect(poundsToPence('12.5')).toBe(1250);
    expect(poundsToPence(' £12.05 ')).toBe(1205);
    expect(poundsToPence('0')).toBe(0);
  });
  test('anything else is not an amount', () => {
    for (const text of ['', '-3', '1.234', 'ten', '12,50', '£', '1e3'])
      expect(poundsToPence(text)).toBeNull();
  });
});

describe('the tip', () => {
  const choices = [{ amount: 0 }, { amount: 220 }, { amount: 275 }];
  test('nothing is chosen until the guest chooses ("No tip" is a choice)', () => {
    expect(tipOf(null, choices, 2200)).toEqual({ tip: null, problem: null });
    expect(tipOf({ kind: 'choice', index: 0 }, choices, 2200)).toEqual({ tip: 0, problem: null });
    expect(tipOf({ kind: 'choice', index: 2 }, choices, 2200).tip).toBe(275);
  });
  test('an amount of their own, never above the most a tip may be', () => {
    expect(tipOf({ kind: 'other', text: '3.50' }, choices, 2200)).toEqual({ tip: 350, problem: null });
    expect(tipOf({ kind: 'other', text: '' }, choices, 2200).tip).toBeNull();
    expect(tipOf({ kind: 'other', text: 'lots' }, choices, 2200).problem).toMatch(/pounds and pence/);
    expect(tipOf({ kind: 'other', text: '22.01' }, choices, 2200).problem).toBe(
      'A tip can be at most £22.00: check the amount',
    );
  });
});

describe('a tab’s limit', () => {
  test('the choices offered cover the first round and stay under the ceiling', () => {
    expect(limitChoices([15_000, 5_000, 10_000], 6_000, 50_000)).toEqual([10_000, 15_000]);
    expect(limitChoices([5_000, 10_000], 0, 8_000)).toEqual([5_000]);
  });
  test('a limit typed says what is wrong with it', () => {
    expect(limitText('80', 2_200, 50_000)).toEqual({ limit: 8_000, problem: null });
    expect(limitText('10', 2_200, 50_000).problem).toBe(
      'The limit must be at least £22.00, to cover what’s ordered',
    );
    expect(limitText('900', 2_200, 50_000).problem).toBe('A tab can hold at most £500.00');
    expect(limitText('', 2_200, 50_000).limit).toBeNull();
  });
  test('how full it is', () => {
    expect(limitUsed(3_450, 10_000)).toBe(35);
    expect(limitUsed(12_000, 10_000)).toBe(100);
  });
});

describe('when a forgotten tab closes by itself', () => {
  test('every half hour from half an hour ahead, until 2am (GMT)', () => {
    const times = closingTimes(new Date('2026-11-18T19:30:00Z'), 12);
    expect(times[0]).toEqual({ at: '2026-11-18T20:00:00.000Z', label: '8pm' });
    expect(times.at(-1)).toEqual({ at: '2026-11-19T02:00:00.000Z', label: '2am' });
    expect(times).toHaveLength(13);
  });
  test('never beyond the longest a tab may stay open, in London time (BST)', () => {
    const times = closingTimes(new Date('2026-07-01T18:10:00Z'), 3); // 19:10 in London
    expect(times[0]!.label).toBe('8pm');
    expect(times.at(-1)!.label).toBe('10pm');
  });
});

const tab = {
  members: [
    { id: 'bob', name: 'Bob', isYou: false, isHolder: false },
    { id: 'ada', name: 'Ada', isYou: true, isHolder: true },
  ],
  rounds: [
    {
      number: 1,
      addedBy: 'Ada',
      offBill: false,
      lines: [{ id: 'cacio', title: 'Cacio e Pepe', quantity: 1, total: 1100 }],
    },
    {
      number: 2,
      addedBy: 'Bob',
      offBill: false,
      lines: [
        { id: 'tiramisu', title: 'Tiramisù', quantity: 1, total: 650 },
        { id: 'ragu', title: 'Tagliatelle al Ragù', quantity: 1, total: 1250 },
      ],
    },
    {
      number: 3,
      addedBy: 'Bob',
      offBill: true,
      lines: [{ id: 'gone', title: 'Gone', quantity: 1, total: 900 }],
    },
  ],
} as never;

describe('splitting by items', () => {
  const lines: SplitLine[] = billLines(tab);
  const payers: Payer[] = [...membersAsPayers(tab), { key: 'carla', label: 'Carla', memberId: null }];

  test('whoever opened the tab comes first; a round turned down is not on the bill', () => {
    expect(payers.map((p) => p.label)).toEqual(['Ada', 'Bob', 'Carla']);
    expect(lines.map((l) => l.id)).toEqual(['cacio', 'tiramisu', 'ragu']);
  });

  test('each round’s dishes start with whoever added it', () => {
    expect(defaultOwners(lines, payers)).toEqual({ cacio: ['ada'], tiramisu: ['bob'], ragu: ['bob'] });
  });

  test('a dish shared three ways: every penny paid once', () => {
    const owners = { cacio: ['ada'], tiramisu: ['ada', 'bob', 'carla'], ragu: ['bob'] };
    const preview = previewByItems(lines, payers, owners);
    expect(preview).toEqual({ ok: true, amounts: { ada: 1317, bob: 1467, carla: 216 } });
    expect(byItemsBody('tab-1', lines, payers, owners)).toEqual({
      tabId: 'tab-1',
      split: {
        kind: 'by_items',
        parts: [{ label: 'Ada', memberId: 'ada' }, { label: 'Bob', memberId: 'bob' }, { label: 'Carla' }],
        assign: [
          { lineId: 'cacio', part: 0 },
          { lineId: 'ragu', part: 1 },
        ],
        shared: [{ lineId: 'tiramisu', parts: [0, 1, 2] }],
      },
    });
  });

  test('a dish moved to another person; a dish nobody pays is named', () => {
    expect(previewByItems(lines, payers, { cacio: ['carla'], tiramisu: ['bob'], ragu: ['bob'] })).toEqual({
      ok: true,
      amounts: { ada: 0, bob: 1900, carla: 1100 },
    });
    expect(previewByItems(lines, payers, { cacio: [], tiramisu: ['bob'], ragu: ['bob'] })).toEqual({
      ok: false,
      problem: 'Choose who pays for the Cacio e Pepe',
    });
  });
});

describe('custom amounts', () => {
  test('checked live against the bill, saying how far off they are', () => {
    expect(checkCustomAmounts(['20', '10.50'], 3000)).toMatchObject({
      ok: false,
      sum: 3050,
      message: '£30.50: £0.50 more than the bill of £30.00',
    });
    expect(checkCustomAmounts(['20', '5'], 3000).message).toBe('£25.00: £5.00 short of the bill of £30.00');
    expect(checkCustomAmounts(['20', '10'], 3000)).toMatchObject({
      ok: true,
      message: 'Adds up to the bill of £30.00',
    });
  });
  test('an amount missing, or not an amount', () => {
    expect(checkCustomAmounts(['20', ''], 3000).message).toBe(
      '£20.00 so far: enter an amount for everyone (£10.00 left of the bill of £30.00)',
    );
    expect(checkCustomAmounts(['20', 'ten'], 3000)).toMatchObject({
      ok: false,
      message: 'Enter each amount in pounds and pence, like 12.50',
    });
  });
  test('the body names each part and its member', () => {
    const payers: Payer[] = [
      { key: 'ada', label: 'Ada', memberId: 'ada' },
      { key: 'x', label: 'Carla', memberId: null },
    ];
    expect(customBody('t', payers, [2000, 1000]).split).toEqual({
      kind: 'custom',
      parts: [
        { label: 'Ada', amount: 2000, memberId: 'ada' },
        { label: 'Carla', amount: 1000 },
      ],
    });
  });
});

test('words and paths', () => {
  expect(partLineText({ title: 'Tiramisù', share: '⅓' })).toBe('⅓ of Tiramisù');
  expect(partLineText({ title: 'Cacio e Pepe', share: '1' })).toBe('Cacio e Pepe');
  expect(tableMenuPath('soho', '12')).toBe('/dine-in?restaurant=soho&table=12');
  expect(tableMenuPath('cambridge', null)).toBe('/dine-in?restaurant=cambridge');
  expect(tableTitle('Sfoglia Soho', '12')).toBe('Table 12 · Sfoglia Soho');
});

describe('the checkout’s guards', () => {
  const basket = {
    restaurantId: 'soho',
    fulfillmentType: 'eat_in' as const,
    items: [{}] as never[],
    valid: true,
    problems: [],
    isOpenTab: false,
  };
  const visit = { basket, hasDiner: true, hasOpenTab: false };

  test('a basket that can’t be ordered goes back to the table’s menu, saying why', () => {
    expect(dineInStepDecision({ ...visit, step: 'summary', basket: { ...basket, items: [] } })).toEqual({
      to: 'menu',
      reason: 'Your basket is empty. Add a dish to order.',
    });
    expect(dineInStepDecision({ ...visit, step: 'tipping', basket: null as never })?.to).toBe('menu');
    expect(
      dineInStepDecision({
        ...visit,
        step: 'summary',
        basket: { ...basket, fulfillmentType: 'delivery' as never },
      })?.to,
    ).toBe('menu');
  });
  test('the summary needs nobody signed in; paying needs an account or a guest', () => {
    expect(dineInStepDecision({ ...visit, hasDiner: false, step: 'summary' })).toBeNull();
    expect(dineInStepDecision({ ...visit, hasDiner: false, step: 'tipping' })).toEqual({
      to: 'continue',
      reason: null,
    });
  });
  test('payment needs an open tab (the basket’s), else tipping', () => {
    expect(dineInStepDecision({ ...visit, step: 'payment' })).toEqual({ to: 'tipping', reason: null });
    expect(
      dineInStepDecision({ ...visit, step: 'payment', basket: { ...basket, isOpenTab: true } }),
    ).toBeNull();
  });
  test('adding a round needs a tab open', () => {
    expect(dineInStepDecision({ ...visit, step: 'add-to-order' })?.to).toBe('summary');
    expect(dineInStepDecision({ ...visit, step: 'add-to-order', hasOpenTab: true })).toBeNull();
  });
});
