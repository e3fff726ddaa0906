import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { payments } from '../../db/schema/payments';
import { JOB } from '../../jobs/shop-jobs';
import { ABANDONED_UNPAID_MS } from '../orders';
import { emailsTo } from '../../test/accounts';
import { API } from '../../test/api-expect';
import { answerChallenge, CARDS } from '../../test/checkout';
import { databaseState } from '../../test/database-state';
import {
  addRound,
  captureRequests,
  guestOnTab,
  heldTab,
  holdCard,
  openTab,
  paymentsOf,
  payPart,
  sandboxIntent,
  signedInDiner,
  splitTab,
  tableBasket,
  tabOf,
  tabRow,
} from '../../test/dine-in';
import { LUNCH, MENU, useTakeawayShop } from '../../test/takeaway';

// A forgotten tab (issue 21 part 5; decision 28): when its time comes the `tabs-close` job (run here on the
// shop's pinned clock) closes it for what was ordered with no tip, gives up shares still being paid (their
// money, if taken meanwhile, goes straight back) and emails a receipt saying it closed by itself; a tab
// looked at after its time is closed there and then.

const shop = useTakeawayShop();
const at = (iso: string) => shop.t.clock.set(new Date(iso));

/** Runs a job once, as its schedule would. */
async function runJob(name: string): Promise<void> {
  await shop.running.jobs.send(name);
  expect(await shop.running.jobs.runDue(name)).toBe(1);
}

/** A held tab closing by itself at 14:30 (two hours after lunch), with £30 on it from Ada and Bo. */
async function forgottenTab() {
  const { t } = shop;
  const ada = await signedInDiner(t);
  const basketId = await tableBasket(ada);
  const { tabId, payOrderId } = await openTab(ada, basketId, { auto_close: { after_hours: 2 } });
  await holdCard(t, ada, payOrderId);
  const bo = await guestOnTab(t, ada, tabId);
  await addRound(
    bo,
    tabId,
    await tableBasket(bo, [
      [MENU.tiramisu, 1],
      [MENU.ragu, 1],
    ]),
  );
  const hold = (await paymentsOf(t, (await tabRow(t, tabId)).checkoutId))[0]!;
  expect((await tabOf(ada, tabId)).auto_close_at).toBe('2026-11-18T14:30:00.000Z');
  return { ada, bo, tabId, hold };
}

describe('the tabs-close job', () => {
  test('closes a tab whose time passed for what was ordered, no tip; the receipt says it closed by itself', async () => {
    const { t } = shop;
    const { ada, tabId, hold } = await forgottenTab();
    // Before its time the job leaves it be.
    at('2026-11-18T14:29:00Z');
    const before = await databaseState(t);
    await runJob(JOB.closeTabs);
    expect((await tabRow(t, tabId)).state).toBe('open');
    const after = await databaseState(t);
    expect(after['"public"."dine_in_tabs"']).toBe(before['"public"."dine_in_tabs"']);
    expect(after['"public"."payments"']).toBe(before['"public"."payments"']);

    at('2026-11-18T14:31:00Z');
    await runJob(JOB.closeTabs);
    const tab = await tabOf(ada, tabId);
    expect(tab).toMatchObject({
      state: 'closed',
      closed_by: 'clock',
      state_label: 'Closed by itself at 2:31pm: no tip added',
      holder_tip: 0,
      closed_at: '2026-11-18T14:31:00.000Z',
    });
    expect(tab.receipt).toEqual([
      { label: 'Food and drink (2 rounds)', value: '£30.00', kind: 'item' },
      { label: 'Tip (none added when a tab closes by itself)', value: '£0.00', kind: 'tip' },
      { label: 'Charged to Visa ending 4242', value: '£30.00', kind: 'charged' },
    ]);
    expect(await sandboxIntent(t, hold.intentId!)).toMatchObject({
      status: 'succeeded',
      amountCaptured: 3000,
    });
    const [email, ...more] = await emailsTo(t, ada.email, 'tab_receipt');
    expect(more).toEqual([]);
    expect(email!.subject).toBe('Your tab at Sfoglia Soho was closed');
    expect(email!.text).toContain(
      'Your tab at Sfoglia Soho, table 12 closed by itself at 2:31pm, the time you chose when you opened it. We charged what was ordered and added no tip.',
    );
    // Run again: nothing more.
    await runJob(JOB.closeTabs);
    expect(await emailsTo(t, ada.email, 'tab_receipt')).toHaveLength(1);
    expect(await captureRequests(t, hold.intentId!)).toHaveLength(1);
  });

  test('gives up shares still being paid; money taken for one meanwhile goes straight back', async () => {
    const { t } = shop;
    const { ada, bo, tabId, hold } = await forgottenTab();
    const cy = await guestOnTab(t, ada, tabId, 'Cy');
    const { parts } = await splitTab(ada, tabId, { kind: 'evenly', parts: 3 });
    expect((await payPart(t, bo, parts[1].id, 100)).paid.body.data.attributes.status).toBe('succeeded');
    // Cy answers their 3-D Secure check but never comes back to the shop: the bank took the money.
    const cys = await payPart(t, cy, parts[2].id, 0, CARDS.threeDSecure);
    await answerChallenge(t, cys.paid.body.data.attributes.next_action_url, 'complete');

    at('2026-11-18T14:31:00Z');
    await runJob(JOB.closeTabs);
    const tab = await tabOf(ada, tabId);
    expect(tab.state).toBe('closed');
    expect(tab.parts.map((part: any) => [part.state, part.paid_by, part.tip])).toEqual([
      ['paid', 'Ada', 0],
      ['paid', 'Bo', 100],
      ['paid', 'Ada', 0],
    ]);
    // The hold took the holder's part and Cy's, nothing more and no tip.
    expect((await sandboxIntent(t, hold.intentId!)).amountCaptured).toBe(2000);
    // Cy's payment is refunded by recovery, in full.
    await runJob(JOB.recoverPayments);
    const [cyPayment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.customerId, cy.customerId));
    expect(cyPayment).toMatchObject({ status: 'refunded', amount: 1000 });
    expect(await sandboxIntent(t, cyPayment!.intentId!)).toMatchObject({
      status: 'succeeded',
      amountRefunded: 1000,
    });
  });
});

describe('a tab looked at after its time', () => {
  test('is closed on the spot, for whoever of the table reads it', async () => {
    const { t } = shop;
    const { bo, tabId, hold } = await forgottenTab();
    at('2026-11-18T15:00:00Z');
    const read = await bo.visitor.get(`${API}/orders/open_tab?tab_id=${tabId}`);
    expect(read.body.data.attributes).toMatchObject({ state: 'closed', closed_by: 'clock', holder_tip: 0 });
    expect(await sandboxIntent(t, hold.intentId!)).toMatchObject({ amountCaptured: 3000 });
    // The job finds nothing left to do.
    await runJob(JOB.closeTabs);
    expect(await captureRequests(t, hold.intentId!)).toHaveLength(1);
  });

  test('a tab never held is given up with its checkout after two hours', async () => {
    const { t } = shop;
    const ada = await signedInDiner(t);
    const { tabId } = await openTab(ada, await tableBasket(ada));
    t.clock.set(new Date(LUNCH.getTime() + ABANDONED_UNPAID_MS + 60_000));
    await runJob(JOB.releaseCheckouts);
    expect((await tabRow(t, tabId)).state).toBe('abandoned');
    // A new tab opens as if there had been none.
    const again = await heldTab(t, ada);
    expect(again.tabId).not.toBe(tabId);
  });
});
