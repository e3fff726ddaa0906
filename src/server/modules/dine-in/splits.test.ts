import { describe, expect, test } from 'vitest';
import { API, expectError } from '../../test/api-expect';
import { databaseState } from '../../test/database-state';
import {
  addRound,
  guestOnTab,
  heldTab,
  payPart,
  signedInDiner,
  splitTab,
  tableBasket,
  tabOf,
} from '../../test/dine-in';
import { MENU, useTakeawayShop } from '../../test/takeaway';

// Splitting a tab's bill (issue 21 part 4; decision 28): evenly (parts a penny apart at most), by items with a
// dish shared N ways, or custom amounts that add up exactly; the first part is always the holder's. Every
// split adds up to the bill. A split that cannot be made says why and changes nothing; it can be undone or
// made again while nobody has started paying a part.

const shop = useTakeawayShop();

/**
 * A held tab of £30: Ada's cacio e pepe (£11), then Bo's tiramisù (£6.50) and ragù (£12.50); Bo joined as a
 * guest. Also the bill's lines by title.
 */
async function tabOfThirty() {
  const { t } = shop;
  const ada = await signedInDiner(t);
  const { tabId } = await heldTab(t, ada);
  const bo = await guestOnTab(t, ada, tabId);
  const round = await addRound(
    bo,
    tabId,
    await tableBasket(bo, [
      [MENU.tiramisu, 1],
      [MENU.ragu, 1],
    ]),
  );
  expect(round.status, JSON.stringify(round.body)).toBe(200);
  const tab = round.body.data.attributes;
  const lines = new Map<string, string>(
    tab.rounds.flatMap((r: any) => r.lines.map((line: any) => [line.title, line.id])),
  );
  return { ada, bo, tabId, line: (title: string) => lines.get(title)! };
}

const sum = (parts: { amount: number }[]) => parts.reduce((total, part) => total + part.amount, 0);
const split = (diner: { visitor: any }, tabId: string, body: Record<string, unknown>) =>
  diner.visitor.post(`${API}/orders/open_tab/split`, { tab_id: tabId, split: body });

describe('splitting the bill', () => {
  test('evenly: parts a penny apart at most that add up; the holder’s first', async () => {
    const { ada, bo, tabId } = await tabOfThirty();
    const tab = await splitTab(ada, tabId, { kind: 'evenly', parts: 7 });
    expect(tab).toMatchObject({ state: 'settling', state_label: 'Paying the bill', split: 'evenly' });
    expect(tab.parts.map((part: any) => part.amount)).toEqual([429, 429, 429, 429, 428, 428, 428]);
    expect(sum(tab.parts)).toBe(3000);
    expect(tab.parts[0]).toMatchObject({ position: 1, label: 'Ada', is_holders: true, is_yours: true });
    expect(tab.parts.slice(1).map((part: any) => part.label)).toEqual([
      'Share 2 of 7',
      'Share 3 of 7',
      'Share 4 of 7',
      'Share 5 of 7',
      'Share 6 of 7',
      'Share 7 of 7',
    ]);
    expect(tab.outstanding).toBe(3000 - 429);
    // Made again while nobody paid: the new parts replace the old.
    const again = await splitTab(ada, tabId, { kind: 'evenly', parts: 3 });
    expect(again.parts.map((part: any) => part.amount)).toEqual([1000, 1000, 1000]);
    expect((await tabOf(bo, tabId)).parts.map((part: any) => part.is_yours)).toEqual([false, false, false]);
  });

  test('by items, one dish shared three ways: the odd penny to the first sharer, every penny paid', async () => {
    const { ada, bo, tabId, line } = await tabOfThirty();
    const tab = await splitTab(ada, tabId, {
      kind: 'by_items',
      parts: [{ label: 'Ada' }, { label: 'Bo', member_id: bo.customerId }, { label: 'Carla' }],
      shared: [{ line_id: line('Tiramisù'), parts: [0, 1, 2] }],
    });
    expect(tab.parts.map((part: any) => [part.label, part.amount, part.lines])).toEqual([
      [
        'Ada',
        1317,
        [
          { title: 'Cacio e Pepe', share: '1', amount: 1100 },
          { title: 'Tiramisù', share: '⅓', amount: 217 },
        ],
      ],
      [
        'Bo',
        1467,
        [
          { title: 'Tiramisù', share: '⅓', amount: 217 },
          { title: 'Tagliatelle al Ragù', share: '1', amount: 1250 },
        ],
      ],
      ['Carla', 216, [{ title: 'Tiramisù', share: '⅓', amount: 216 }]],
    ]);
    expect(sum(tab.parts)).toBe(3000);
    expect((await tabOf(bo, tabId)).parts[1]).toMatchObject({ is_yours: true, member_id: bo.customerId });

    // A dish moved to another part, and one shared by two.
    const moved = await splitTab(ada, tabId, {
      kind: 'by_items',
      parts: [{ label: 'Ada' }, { label: 'Bo', member_id: bo.customerId }],
      assign: [{ line_id: line('Tagliatelle al Ragù'), part: 0 }],
      shared: [{ line_id: line('Tiramisù'), parts: [1, 0] }],
    });
    expect(moved.parts.map((part: any) => part.amount)).toEqual([1100 + 1250 + 325, 325]);
  });

  test('custom amounts that add up exactly, each 30p or more (what a card can be charged)', async () => {
    const { ada, bo, tabId } = await tabOfThirty();
    const made = await splitTab(ada, tabId, {
      kind: 'custom',
      parts: [
        { label: 'Ada', amount: 1000 },
        { label: 'Bo', member_id: bo.customerId, amount: 1970 },
        { label: 'Cy', amount: 30 },
      ],
    });
    expect(made.parts.map((part: any) => [part.label, part.amount])).toEqual([
      ['Ada', 1000],
      ['Bo', 1970],
      ['Cy', 30],
    ]);
  });

  test('a split that cannot be made says why, and changes nothing', async () => {
    const { t } = shop;
    const { ada, bo, tabId, line } = await tabOfThirty();
    const stranger = await signedInDiner(t);
    const before = await databaseState(t);
    const refusals: [Record<string, unknown>, string][] = [
      [
        {
          kind: 'custom',
          parts: [
            { label: 'Ada', amount: 2000 },
            { label: 'Bo', amount: 900 },
          ],
        },
        'The parts come to £29.00, £1.00 short of the bill of £30.00',
      ],
      [
        {
          kind: 'custom',
          parts: [
            { label: 'Ada', amount: 2000 },
            { label: 'Bo', amount: 1001 },
          ],
        },
        'The parts come to £30.01, £0.01 more than the bill of £30.00',
      ],
      [
        {
          kind: 'custom',
          parts: [
            { label: 'Ada', amount: 2990 },
            { label: 'Bo', amount: 10 },
          ],
        },
        'Each part must be at least £0.30: Bo’s is £0.10',
      ],
      [
        {
          kind: 'custom',
          parts: [
            { label: 'Ada', amount: 3000 },
            { label: 'Bo', amount: 0 },
          ],
        },
        'Bo has nothing to pay: leave them out of the split',
      ],
      [
        { kind: 'by_items', parts: [{ label: 'Ada' }, { label: 'Carla' }] },
        'Carla has nothing to pay: leave them out of the split',
      ],
      [
        {
          kind: 'by_items',
          parts: [{ label: 'Ada' }, { label: 'Bo', member_id: bo.customerId }],
          shared: [{ line_id: line('Tiramisù'), parts: [0, 2] }],
        },
        'That part is not in the split',
      ],
      [
        {
          kind: 'by_items',
          parts: [{ label: 'Ada' }, { label: 'Bo', member_id: bo.customerId }],
          assign: [{ line_id: '00000000-0000-4000-8000-000000000001', part: 1 }],
        },
        'That dish is not on the bill',
      ],
      [
        {
          kind: 'by_items',
          parts: [{ label: 'Ada' }, { label: 'Bo', member_id: bo.customerId }],
          shared: [
            { line_id: line('Tiramisù'), parts: [0, 1] },
            { line_id: line('Tiramisù'), parts: [1, 0] },
          ],
        },
        'A dish is shared once: choose who shares it',
      ],
      [
        {
          kind: 'by_items',
          parts: [{ label: 'Ada' }, { label: 'Bo', member_id: bo.customerId }],
          shared: [{ line_id: line('Tiramisù'), parts: [1, 1] }],
        },
        'Choose each person sharing a dish once',
      ],
      // Not one of the three ways: the schema says so.
      [{ kind: 'evenly_ish', parts: 2 }, ''],
      [
        { kind: 'by_items', parts: [{ label: 'Ada' }, { label: 'Zed', member_id: stranger.customerId }] },
        'Zed isn’t on this tab',
      ],
      [
        {
          kind: 'custom',
          parts: [
            { label: 'Ada', amount: 1000 },
            { label: 'Bo', member_id: bo.customerId, amount: 1000 },
            { label: 'Bo again', member_id: bo.customerId, amount: 1000 },
          ],
        },
        'Each person has one part of the bill',
      ],
      [
        {
          kind: 'custom',
          parts: [
            { label: 'Ada', amount: 1500 },
            { label: 'Ada again', member_id: ada.customerId, amount: 1500 },
          ],
        },
        'Each person has one part of the bill',
      ],
    ];
    for (const [body, detail] of refusals) {
      const answer = await split(ada, tabId, body);
      if (detail === '') expectError(answer, 400, 'VALIDATION_FAILED');
      else expectError(answer, 400, 'SPLIT_INVALID', detail);
    }
    expect(await databaseState(t)).toEqual(before);
    expect((await tabOf(ada, tabId)).state).toBe('open');
  });

  test('undone while nobody has started paying; once someone has, it stays, and changes nothing', async () => {
    const { t } = shop;
    const { ada, bo, tabId } = await tabOfThirty();
    await splitTab(ada, tabId, { kind: 'evenly', parts: 2 });
    const undone = await ada.visitor.delete(`${API}/orders/open_tab/split?tab_id=${tabId}`);
    expect(undone.status).toBe(200);
    expect(undone.body.data.attributes).toMatchObject({ state: 'open', split: null, parts: [] });
    // Undone again: still one bill.
    expect((await ada.visitor.delete(`${API}/orders/open_tab/split?tab_id=${tabId}`)).status).toBe(200);
    // Open again, it takes rounds.
    const more = await addRound(ada, tabId, await tableBasket(ada, [[MENU.focaccia, 1]]));
    expect(more.body.data.attributes.food_total).toBe(3450);

    const { parts } = await splitTab(ada, tabId, { kind: 'evenly', parts: 2 });
    const started = await bo.visitor.post(`${API}/orders/open_tab/parts/${parts[1].id}`, { tip: 0 });
    // The part being paid is the payer's, with the order to pay (for the page they come back to).
    expect(started.body.data.attributes.parts[1]).toMatchObject({
      state: 'paying',
      is_yours: true,
      pay_order_id: started.body.meta.pay_order_id,
    });
    expect((await tabOf(ada, tabId)).parts[1]).toMatchObject({
      state: 'paying',
      is_yours: false,
      pay_order_id: null,
    });
    const before = await databaseState(t);
    const why = 'Someone has started paying their part: the split can’t change now';
    expectError(
      await ada.visitor.delete(`${API}/orders/open_tab/split?tab_id=${tabId}`),
      409,
      'PART_UNAVAILABLE',
      why,
    );
    expectError(await split(ada, tabId, { kind: 'evenly', parts: 3 }), 409, 'PART_UNAVAILABLE', why);
    expect(await databaseState(t)).toEqual(before);
    // Paid, it stays too.
    const paid = await payPart(t, bo, parts[1].id);
    expect(paid.paid.body.data.attributes.status).toBe('succeeded');
    expectError(
      await ada.visitor.delete(`${API}/orders/open_tab/split?tab_id=${tabId}`),
      409,
      'PART_UNAVAILABLE',
      why,
    );
  });
});
