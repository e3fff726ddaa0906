import { describe, expect, test } from 'vitest';
import { JOB } from '../../jobs/shop-jobs';
import { ABANDONED_UNPAID_MS } from '../orders';
import { emailsTo } from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import { answerChallenge, CARDS } from '../../test/checkout';
import { databaseState } from '../../test/database-state';
import {
  addRound,
  captureRequests,
  closeTab,
  guestOnTab,
  heldTab,
  paymentsOf,
  payPart,
  sandboxIntent,
  signedInDiner,
  splitTab,
  tableBasket,
  tabOf,
  tabRow,
} from '../../test/dine-in';
import { MENU, useTakeawayShop } from '../../test/takeaway';

// Paying the parts of a split bill (issue 21 part 4; decision 28): each part other than the holder's is paid
// by whoever opens it, as a share with their own card and tip; the holder's part is taken from the hold last,
// once every other part is paid (or with cover_rest, the unpaid parts too); the tab closes when the last part
// is paid, its capture made on the next read of the tab or by the tabs job. A part paid, or being paid by
// someone else, is not theirs to pay; a share given up frees its part.

const shop = useTakeawayShop();

/** Runs a job once, as its schedule would. */
async function runJob(name: string): Promise<void> {
  await shop.running.jobs.send(name);
  expect(await shop.running.jobs.runDue(name)).toBe(1);
}

/**
 * A held tab of £30 (Ada's cacio e pepe, Bo's tiramisù and ragù) for `limit`, Bo and Cy on it, its bill split
 * by items with the tiramisù shared three ways: Ada £13.17, Bo £14.67, Cy £2.16.
 */
async function splitThreeWays(limit = 10_000) {
  const { t } = shop;
  const ada = await signedInDiner(t);
  const { tabId } = await heldTab(t, ada, [[MENU.cacio, 1]], limit);
  const bo = await guestOnTab(t, ada, tabId, 'Bo');
  const cy = await guestOnTab(t, ada, tabId, 'Cy');
  const round = await addRound(
    bo,
    tabId,
    await tableBasket(bo, [
      [MENU.tiramisu, 1],
      [MENU.ragu, 1],
    ]),
  );
  const tiramisu = round.body.data.attributes.rounds[1].lines[0];
  expect(tiramisu.title).toBe('Tiramisù');
  const { parts } = await splitTab(ada, tabId, {
    kind: 'by_items',
    parts: [
      { label: 'Ada' },
      { label: 'Bo', member_id: bo.customerId },
      { label: 'Cy', member_id: cy.customerId },
    ],
    shared: [{ line_id: tiramisu.id, parts: [0, 1, 2] }],
  });
  expect(parts.map((part: any) => part.amount)).toEqual([1317, 1467, 216]);
  const hold = (await paymentsOf(t, (await tabRow(t, tabId)).checkoutId))[0]!;
  return { ada, bo, cy, tabId, parts: parts.map((part: any) => part.id as string), hold };
}

describe('each pays their part', () => {
  test('others pay by card with their own tip; the holder’s part is taken last, on the next read', async () => {
    const { t } = shop;
    const { ada, bo, cy, tabId, parts, hold } = await splitThreeWays();
    // The holder chooses their tip first: nothing is taken while others still owe.
    const waiting = await closeTab(ada, tabId, 200);
    expect(waiting.body.data.attributes).toMatchObject({
      state: 'settling',
      holder_tip: 200,
      outstanding: 1683,
    });
    expect((await sandboxIntent(t, hold.intentId!)).status).toBe('requires_capture');

    const bos = await payPart(t, bo, parts[1]!, 100);
    expect(bos.paid.body.data.attributes).toMatchObject({ status: 'succeeded', amount: 1567 });
    expect((await tabOf(ada, tabId)).parts[1]).toMatchObject({ state: 'paid', paid_by: 'Bo', tip: 100 });
    const [shareReceipt] = await emailsTo(t, bo.email, 'tab_share_receipt');
    expect(shareReceipt!.text).toContain('Your tip: £1.00');
    expect(shareReceipt!.text).toContain('You paid: £15.67');
    expect((await tabOf(ada, tabId)).outstanding).toBe(216);
    expect(await captureRequests(t, hold.intentId!)).toEqual([]);

    // The last part paid: the holder's part and tip are asked for, and taken when the tab is next read.
    expect((await payPart(t, cy, parts[2]!)).paid.body.data.attributes.status).toBe('succeeded');
    expect(await tabRow(t, tabId)).toMatchObject({ state: 'closing', captureAmount: 1517 });
    const closed = await tabOf(ada, tabId);
    expect(closed).toMatchObject({ state: 'closed', outstanding: 0 });
    expect(closed.parts.map((part: any) => [part.state, part.paid_by, part.tip])).toEqual([
      ['paid', 'Ada', 200],
      ['paid', 'Bo', 100],
      ['paid', 'Cy', 0],
    ]);
    expect(closed.receipt).toEqual([
      { label: 'Food and drink (2 rounds)', value: '£30.00', kind: 'item' },
      { label: 'Paid by others at the table', value: '−£16.83', kind: 'others' },
      { label: 'Tip', value: '£2.00', kind: 'tip' },
      { label: 'Charged to Visa ending 4242', value: '£15.17', kind: 'charged' },
    ]);
    expect(await sandboxIntent(t, hold.intentId!)).toMatchObject({
      status: 'succeeded',
      amountCaptured: 1517,
    });
    expect(await captureRequests(t, hold.intentId!)).toHaveLength(1);
    expect((await tabOf(bo, tabId)).receipt).toEqual([
      { label: 'Food and drink (2 rounds)', value: '£30.00', kind: 'item' },
      { label: 'Your part (Bo)', value: '£14.67', kind: 'item' },
      { label: 'Your tip', value: '£1.00', kind: 'tip' },
      { label: 'You paid', value: '£15.67', kind: 'charged' },
    ]);
    expect(await emailsTo(t, ada.email, 'tab_receipt')).toHaveLength(1);
  });

  test('the last part paid before the holder chose a tip waits for them; the tabs job takes what is asked', async () => {
    const { t } = shop;
    const { ada, bo, cy, tabId, parts, hold } = await splitThreeWays();
    await payPart(t, bo, parts[1]!);
    await payPart(t, cy, parts[2]!);
    expect(await tabRow(t, tabId)).toMatchObject({ state: 'settling', holderTip: null });
    // Every other part paid: closing takes the holder's part and tip at once.
    const closed = await closeTab(ada, tabId, 0);
    expect(closed.body.data.attributes.state).toBe('closed');
    expect((await sandboxIntent(t, hold.intentId!)).amountCaptured).toBe(1317);

    // Another table: the holder chose first, the last payer finishes; the job captures before anyone reads.
    const other = await splitThreeWays();
    await closeTab(other.ada, other.tabId, 150);
    await payPart(t, other.bo, other.parts[1]!);
    await payPart(t, other.cy, other.parts[2]!);
    expect((await tabRow(t, other.tabId)).state).toBe('closing');
    await runJob(JOB.closeTabs);
    expect((await tabRow(t, other.tabId)).state).toBe('closed');
    expect((await sandboxIntent(t, other.hold.intentId!)).amountCaptured).toBe(1317 + 150);
  });

  test('cover_rest: the holder takes the parts nobody paid now, giving up a share not yet paid', async () => {
    const { t } = shop;
    const { ada, bo, tabId, parts, hold } = await splitThreeWays();
    const started = await bo.visitor.post(`${API}/orders/open_tab/parts/${parts[1]}`, { tip: 100 });
    const shareOrder = started.body.meta.pay_order_id as string;
    const closed = await closeTab(ada, tabId, 0, true);
    expect(closed.body.data.attributes).toMatchObject({ state: 'closed', outstanding: 0 });
    expect(closed.body.data.attributes.parts.map((part: any) => [part.paid_by, part.tip])).toEqual([
      ['Ada', 0],
      ['Ada', 0],
      ['Ada', 0],
    ]);
    // Parts the holder covered are theirs on the receipt, not "paid by others".
    expect(closed.body.data.attributes.receipt.map((row: any) => row.kind)).toEqual([
      'item',
      'tip',
      'charged',
    ]);
    expect((await sandboxIntent(t, hold.intentId!)).amountCaptured).toBe(3000);
    // Bo's share was given up: it can no longer be paid.
    const late = await payPart(t, bo, parts[1]!).catch(() => null);
    expect(late).toBeNull();
    const card = await bo.visitor.get(`${API}/payment_methods`);
    const paid = await bo.visitor.post(`${API}/payments`, {
      order_id: shareOrder,
      payment_method_id: card.body.data[0]?.id ?? '00000000-0000-4000-8000-000000000001',
    });
    expect(paid.status).toBeGreaterThanOrEqual(400);
    expect(paid.status).toBeLessThan(500);
  });
});

describe('a part that is not yours to pay', () => {
  test('paid, or being paid by someone else right now, is PART_UNAVAILABLE and changes nothing', async () => {
    const { t } = shop;
    const { bo, cy, tabId, parts } = await splitThreeWays();
    await payPart(t, bo, parts[1]!);
    // Bo's part is paid; Cy's is in a 3-D Secure check.
    const checking = await payPart(t, cy, parts[2]!, 0, CARDS.threeDSecure);
    expect(checking.paid.body.data.attributes.status).toBe('requires_action');
    const before = await databaseState(t);
    expectError(
      await bo.visitor.post(`${API}/orders/open_tab/parts/${parts[1]}`, { tip: 0 }),
      409,
      'PART_UNAVAILABLE',
      'This part is paid already',
    );
    expectError(
      await bo.visitor.post(`${API}/orders/open_tab/parts/${parts[2]}`, { tip: 0 }),
      409,
      'PART_UNAVAILABLE',
      'Someone is paying this part right now: look at the bill again',
    );
    expectError(
      await cy.visitor.post(`${API}/orders/open_tab/parts/${parts[2]}`, { tip: 5000 }),
      400,
      'TIP_INVALID',
      'A tip can be at most £20.00: check the amount',
    );
    expect(await databaseState(t)).toEqual(before);
    // Cy finishes the check: the part is paid.
    const back = await answerChallenge(t, checking.paid.body.data.attributes.next_action_url, 'complete');
    const confirmed = await cy.visitor.post(`${API}/orders/confirm`, {
      order_id: checking.orderId,
      payment_intent_id: back.searchParams.get('payment_intent'),
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect((await tabOf(bo, tabId)).parts[2]).toMatchObject({ state: 'paid', paid_by: 'Cy' });
  });

  test('a share opened and not paid is taken over; one left two hours is given up and its part freed', async () => {
    const { t } = shop;
    const { ada, bo, cy, tabId, parts } = await splitThreeWays();
    const bos = await bo.visitor.post(`${API}/orders/open_tab/parts/${parts[2]}`, { tip: 0 });
    const taken = await cy.visitor.post(`${API}/orders/open_tab/parts/${parts[2]}`, { tip: 50 });
    expect(taken.status).toBe(200);
    expect(taken.body.meta.pay_order_id).not.toBe(bos.body.meta.pay_order_id);
    expect((await tabOf(bo, tabId)).parts[2]).toMatchObject({ state: 'paying', is_yours: false });

    // Cy leaves without paying: two hours on, the release job gives the share up and the part is unpaid again.
    t.clock.advance(ABANDONED_UNPAID_MS + 60_000);
    await runJob(JOB.releaseCheckouts);
    expect((await tabOf(ada, tabId)).parts[2]).toMatchObject({ state: 'unpaid', tip: 0, pay_order_id: null });
    expect((await payPart(t, bo, parts[2]!)).paid.body.data.attributes.status).toBe('succeeded');
    expect((await tabOf(ada, tabId)).parts[2]).toMatchObject({ state: 'paid', paid_by: 'Bo' });
  });

  test('the holder’s tip must fit the hold even while others still owe, so the last payment can close it', async () => {
    const { t } = shop;
    const { ada, bo, cy, tabId, parts, hold } = await splitThreeWays(3000);
    const before = await databaseState(t);
    const [refused] = expectError(
      await closeTab(ada, tabId, 1700),
      409,
      'TAB_LIMIT_REACHED',
      'Your tip takes your part to £30.17, over the £30.00 held on your card. Choose a smaller tip.',
    );
    expect(refused!.meta).toEqual({ needs: 3017, limit: 3000 });
    expect(await databaseState(t)).toEqual(before);
    await closeTab(ada, tabId, 1683);
    await payPart(t, bo, parts[1]!);
    await payPart(t, cy, parts[2]!);
    expect((await tabOf(ada, tabId)).state).toBe('closed');
    expect((await sandboxIntent(t, hold.intentId!)).amountCaptured).toBe(3000);
  });
});
