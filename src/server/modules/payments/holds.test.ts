import { beforeEach, describe, expect, test } from 'vitest';
import { JOB } from '../../jobs/shop-jobs';
import { emailsTo } from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import { answerChallenge, CARDS } from '../../test/checkout';
import { databaseState } from '../../test/database-state';
import {
  addRound,
  boardTickets,
  captureRequests,
  closeTab,
  heldTab,
  holdCard,
  openTab,
  paymentsOf,
  sandboxIntent,
  signedInDiner,
  tableBasket,
  tabOf,
  tabRow,
  type Diner,
} from '../../test/dine-in';
import type { PaymentProcessor, PaymentProcessors } from '../../integrations/payments/port';
import { faultyProcessors } from '../../test/faulty-processors';
import { MENU, useTakeawayShop } from '../../test/takeaway';

// Holds in the money path (decision 28), through a table's tab: the card is authorised for the tab's limit
// (the first round goes to the kitchen only then), a higher limit is a new authorisation that releases the
// old one, and closing captures once, for the bill and the tip, never above the hold; a capture the processor
// did not answer is finished by payments-recover with the same key. The sandbox processor is behind a fault
// switch (off unless a test turns it on).

const faults = faultyProcessors();
/** Every capture that reached the processor, as it was asked (an observer: the sandbox answers it). */
const captures: { intentId: string; amount: number; key: string }[] = [];
function observed(processors: PaymentProcessors): PaymentProcessors {
  const observe = (processor: PaymentProcessor): PaymentProcessor =>
    new Proxy(processor, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (property !== 'capturePaymentIntent' || typeof value !== 'function') return value;
        return (intentId: string, input: { amount: number }, key: string) => {
          captures.push({ intentId, amount: input.amount, key });
          return (value as PaymentProcessor['capturePaymentIntent']).call(target, intentId, input, key);
        };
      },
    });
  return { stripe: observe(processors.stripe), paypal: observe(processors.paypal) };
}
const shop = useTakeawayShop({ wrapPaymentProcessors: (processors) => faults.wrap(observed(processors)) });
const capturesOf = (intentId: string) => captures.filter((capture) => capture.intentId === intentId);
beforeEach(() => {
  faults.fault = 'none';
});

/** Runs a job once, as its schedule would. */
async function runJob(name: string): Promise<void> {
  await shop.running.jobs.send(name);
  expect(await shop.running.jobs.runDue(name)).toBe(1);
}

/** The tab's checkout, its hold payments and what the processor itself holds for the newest. */
async function holdOfTab(tabId: string) {
  const { t } = shop;
  const tab = await tabRow(t, tabId);
  const rows = await paymentsOf(t, tab.checkoutId);
  return { tab, rows, latest: rows.at(-1)! };
}

/** A held tab with two rounds, £30 of food: Ada's cacio e pepe, then tiramisù and ragù. */
async function tabOfThirty(limit = 10_000): Promise<{ ada: Diner; tabId: string }> {
  const { t } = shop;
  const ada = await signedInDiner(t);
  const { tabId } = await heldTab(t, ada, [[MENU.cacio, 1]], limit);
  const round = await addRound(
    ada,
    tabId,
    await tableBasket(ada, [
      [MENU.tiramisu, 1],
      [MENU.ragu, 1],
    ]),
  );
  expect(round.status, JSON.stringify(round.body)).toBe(200);
  return { ada, tabId };
}

describe('holding the card', () => {
  test('the first round goes to the kitchen only once the card is held for the limit', async () => {
    const { t, chef } = shop;
    const ada = await signedInDiner(t);
    const { tabId, payOrderId } = await openTab(ada, await tableBasket(ada), { limit: 7500 });
    expect((await boardTickets(chef)).has(payOrderId)).toBe(false);
    const { response } = await holdCard(t, ada, payOrderId);
    expect(response.status).toBe(201);
    expect(response.body.data.attributes).toMatchObject({ status: 'held', amount: 7500, credit_amount: 0 });
    expect((await boardTickets(chef)).get(payOrderId)).toMatchObject({ table_number: '12', round: 1 });
    const tab = await tabOf(ada, tabId);
    expect(tab).toMatchObject({ state: 'open', hold: { status: 'held', paid_with: 'Visa ending 4242' } });
    const { latest } = await holdOfTab(tabId);
    expect(latest).toMatchObject({
      status: 'held',
      captureMethod: 'manual',
      amount: 7500,
      captureAmount: null,
    });
    expect(await sandboxIntent(t, latest.intentId!)).toMatchObject({
      status: 'requires_capture',
      captureMethod: 'manual',
      amount: 7500,
      amountCaptured: null,
    });
  });

  test('a 3-D Secure card is held once the challenge is answered; until then nothing reaches the kitchen', async () => {
    const { t, chef } = shop;
    const ada = await signedInDiner(t);
    const { tabId, payOrderId } = await openTab(ada, await tableBasket(ada));
    const { response } = await holdCard(t, ada, payOrderId, CARDS.threeDSecure);
    expect(response.body.data.attributes.status).toBe('requires_action');
    expect((await tabOf(ada, tabId)).state).toBe('opening');
    expect((await boardTickets(chef)).has(payOrderId)).toBe(false);
    const back = await answerChallenge(t, response.body.data.attributes.next_action_url, 'complete');
    const confirmed = await ada.visitor.post(`${API}/orders/confirm`, {
      order_id: payOrderId,
      payment_intent_id: back.searchParams.get('payment_intent'),
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect((await tabOf(ada, tabId)).state).toBe('open');
    expect((await boardTickets(chef)).get(payOrderId)).toMatchObject({ round: 1 });
    expect((await holdOfTab(tabId)).latest).toMatchObject({ status: 'held', amount: 10_000 });
  });

  test('a declined card leaves the tab opening and its order payable with another card', async () => {
    const { t, chef } = shop;
    const ada = await signedInDiner(t);
    const { tabId, payOrderId } = await openTab(ada, await tableBasket(ada));
    const declined = await holdCard(t, ada, payOrderId, CARDS.insufficientFunds);
    expectError(
      declined.response,
      402,
      'PAYMENT_DECLINED',
      'Your card has insufficient funds. Please use another card.',
    );
    const tab = await tabOf(ada, tabId);
    expect([tab.state, tab.rounds[0].state, tab.hold.status]).toEqual(['opening', 'created', 'failed']);
    expect((await boardTickets(chef)).has(payOrderId)).toBe(false);
    const { response } = await holdCard(t, ada, payOrderId, CARDS.visa);
    expect(response.body.data.attributes.status).toBe('held');
    expect((await tabOf(ada, tabId)).state).toBe('open');
    expect((await boardTickets(chef)).has(payOrderId)).toBe(true);
  });
});

describe('raising the limit', () => {
  test('holds a new authorisation, then releases the old one at the processor', async () => {
    const { t } = shop;
    const ada = await signedInDiner(t);
    const { tabId, payOrderId } = await heldTab(t, ada);
    const old = (await holdOfTab(tabId)).latest;
    const asked = await ada.visitor.post(`${API}/orders/open_tab/limit`, { tab_id: tabId, limit: 20_000 });
    expect(asked.body.meta.pay_order_id).toBe(payOrderId);
    const { response } = await holdCard(t, ada, payOrderId);
    expect(response.body.data.attributes).toMatchObject({ status: 'held', amount: 20_000 });
    expect(await tabOf(ada, tabId)).toMatchObject({ limit: 20_000, pending_limit: null });
    const { rows, latest } = await holdOfTab(tabId);
    expect(rows.map((row) => [row.status, row.amount])).toEqual([
      ['released', 10_000],
      ['held', 20_000],
    ]);
    expect((await sandboxIntent(t, old.intentId!)).status).toBe('canceled');
    expect(await sandboxIntent(t, latest.intentId!)).toMatchObject({
      status: 'requires_capture',
      amount: 20_000,
    });
  });

  test('a raise the card refuses keeps the old limit and its hold', async () => {
    const { t } = shop;
    const ada = await signedInDiner(t);
    const { tabId, payOrderId } = await heldTab(t, ada);
    const old = (await holdOfTab(tabId)).latest;
    await ada.visitor.post(`${API}/orders/open_tab/limit`, { tab_id: tabId, limit: 20_000 });
    const { response } = await holdCard(t, ada, payOrderId, CARDS.insufficientFunds);
    expectError(response, 402, 'PAYMENT_DECLINED');
    expect(await tabOf(ada, tabId)).toMatchObject({
      limit: 10_000,
      pending_limit: null,
      hold: { status: 'held' },
    });
    expect((await sandboxIntent(t, old.intentId!)).status).toBe('requires_capture');
    // The tab still closes on the hold it has.
    expect((await closeTab(ada, tabId, 0)).body.data.attributes.state).toBe('closed');
    expect((await sandboxIntent(t, old.intentId!)).amountCaptured).toBe(1100);
  });
});

describe('closing', () => {
  test('captures once for the bill and the tip and lets the rest go; the receipt shows the tip', async () => {
    const { t } = shop;
    const { ada, tabId } = await tabOfThirty();
    const closed = await closeTab(ada, tabId, 300);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const tab = closed.body.data.attributes;
    expect(tab).toMatchObject({ state: 'closed', closed_by: 'holder', holder_tip: 300 });
    expect(tab.hold).toEqual({ status: 'captured', paid_with: 'Visa ending 4242' });
    expect(tab.receipt).toEqual([
      { label: 'Food and drink (2 rounds)', value: '£30.00', kind: 'item' },
      { label: 'Tip', value: '£3.00', kind: 'tip' },
      { label: 'Charged to Visa ending 4242', value: '£33.00', kind: 'charged' },
    ]);
    const { tab: row, rows, latest } = await holdOfTab(tabId);
    expect(row).toMatchObject({ state: 'closed', captureAmount: 3300 });
    expect(rows).toHaveLength(1);
    expect(latest).toMatchObject({ status: 'succeeded', amount: 10_000, captureAmount: 3300 });
    expect(await sandboxIntent(t, latest.intentId!)).toMatchObject({
      status: 'succeeded',
      amountCaptured: 3300,
    });
    expect(await captureRequests(t, latest.intentId!)).toHaveLength(1);
    expect(capturesOf(latest.intentId!)).toEqual([
      { intentId: latest.intentId, amount: 3300, key: `capture:${latest.id}` },
    ]);

    const [receipt, ...more] = await emailsTo(t, ada.email, 'tab_receipt');
    expect(more).toEqual([]);
    expect(receipt!.subject).toBe('Your receipt from Sfoglia Soho');
    expect(receipt!.text).toContain('Tip: £3.00');
    expect(receipt!.text).toContain('Charged to Visa ending 4242: £33.00');
    expect(receipt!.text).toMatch(/Round 2 \(Ada\): Tiramisù, Tagliatelle al Ragù\s+£19\.00/);

    // A second close is refused and changes nothing; recovery and the tabs job take nothing more.
    const before = await databaseState(t);
    expectError(await closeTab(ada, tabId, 300), 409, 'TAB_CLOSED', 'This tab is paid and closed');
    expect(await databaseState(t)).toEqual(before);
    t.clock.advance(5 * 60_000);
    await runJob(JOB.recoverPayments);
    await runJob(JOB.closeTabs);
    expect(capturesOf(latest.intentId!)).toHaveLength(1);
    expect((await sandboxIntent(t, latest.intentId!)).amountCaptured).toBe(3300);
  });

  test('nothing is captured above the hold: a tip it cannot cover is refused, and nothing changes', async () => {
    const { t } = shop;
    const { ada, tabId } = await tabOfThirty(3000);
    const before = await databaseState(t);
    const [refused] = expectError(
      await closeTab(ada, tabId, 100),
      409,
      'TAB_LIMIT_REACHED',
      'Your tip takes the bill to £31.00, over the £30.00 held on your card. Choose a smaller tip or raise the limit.',
    );
    expect(refused!.meta).toEqual({ needs: 3100, limit: 3000 });
    for (const [tip, code, detail] of [
      [3001, 'TIP_INVALID', 'A tip can be at most £30.00: check the amount'],
      [-1, 'VALIDATION_FAILED', 'tip must be at least 0'],
      [1.5, 'VALIDATION_FAILED', 'tip must be a whole number'],
    ] as const) {
      expectError(await closeTab(ada, tabId, tip), 400, code, detail);
    }
    expect(await databaseState(t)).toEqual(before);
    const closed = await closeTab(ada, tabId, 0);
    expect(closed.body.data.attributes.state).toBe('closed');
    const { latest } = await holdOfTab(tabId);
    expect(await sandboxIntent(t, latest.intentId!)).toMatchObject({ amount: 3000, amountCaptured: 3000 });
  });

  for (const fault of ['answer-lost', 'unreachable'] as const) {
    test(`a capture the processor did not answer (${fault}) is finished by payments-recover, once`, async () => {
      const { t } = shop;
      const { ada, tabId } = await tabOfThirty();
      const held = (await holdOfTab(tabId)).latest;
      faults.fault = fault;
      const closing = await closeTab(ada, tabId, 200);
      faults.fault = 'none';
      // The holder is told the tab is closing; the capture is asked for, and recorded once it is made.
      expect(closing.status, JSON.stringify(closing.body)).toBe(200);
      expect(closing.body.data.attributes).toMatchObject({ state: 'closing', state_label: 'Closing' });
      expect(await holdOfTab(tabId)).toMatchObject({
        tab: { state: 'closing', captureAmount: 3200 },
        latest: { id: held.id, status: 'held', captureAmount: 3200 },
      });
      expect((await sandboxIntent(t, held.intentId!)).status).toBe(
        fault === 'answer-lost' ? 'succeeded' : 'requires_capture',
      );
      // Recovery leaves a capture asked for moments ago to its request; after 30 seconds it finishes it.
      await runJob(JOB.recoverPayments);
      expect((await holdOfTab(tabId)).latest.status).toBe('held');
      t.clock.advance(31_000);
      await runJob(JOB.recoverPayments);
      const { tab, latest } = await holdOfTab(tabId);
      expect(tab.state).toBe('closed');
      expect(latest).toMatchObject({ id: held.id, status: 'succeeded', captureAmount: 3200 });
      // One key, one capture: the replay with the same key was answered with the first.
      const requests = await captureRequests(t, held.intentId!);
      expect(requests.map((request) => request.key)).toEqual([`capture:${held.id}`]);
      const asked = { intentId: held.intentId, amount: 3200, key: `capture:${held.id}` };
      // Lost: asked, then asked again with the same key; unreachable: asked once, by recovery.
      expect(capturesOf(held.intentId!)).toEqual(fault === 'answer-lost' ? [asked, asked] : [asked]);
      expect(await sandboxIntent(t, held.intentId!)).toMatchObject({
        status: 'succeeded',
        amountCaptured: 3200,
      });
      t.clock.advance(5 * 60_000);
      await runJob(JOB.recoverPayments);
      await runJob(JOB.closeTabs);
      expect(capturesOf(held.intentId!)).toHaveLength(fault === 'answer-lost' ? 2 : 1);
      expect(await emailsTo(t, ada.email, 'tab_receipt')).toHaveLength(1);
    });
  }
});
