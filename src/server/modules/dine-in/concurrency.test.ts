import { describe, expect, test } from 'vitest';
import { API } from '../../test/api-expect';
import {
  addRound,
  boardTickets,
  captureRequests,
  closeTab,
  guestOnTab,
  heldTab,
  paymentsOf,
  sandboxIntent,
  signedInDiner,
  tableBasket,
  tabOf,
  tabRow,
  type Diner,
} from '../../test/dine-in';
import type { Response } from '../../test/harness';
import { MENU, useTakeawayShop } from '../../test/takeaway';

// Issue 21 part 7: fifty people on one tab add to the order at the same moment the holder closes it. Whatever
// order the database decides them in, the outcomes add up: no 500, one capture, every round that was taken
// (200) is on the bill that was captured and on the kitchen's board, and every round refused was refused
// with a clear 409 TAB_CLOSED (its basket kept, nothing of it written). Decided by counting, never by timing:
// on PGlite, and on PostgreSQL (TEST_DATABASE_URL), where the requests really run at once.

const shop = useTakeawayShop();
const MEMBERS = 50;
const FOCACCIA = 450;

describe('fifty rounds and a close, all at once', () => {
  test('one capture, no lost round, no 500: every answer a round taken or a clear refusal', async () => {
    const { t, chef } = shop;
    const ada = await signedInDiner(t);
    // Enough for everyone's round: the limit is never what refuses one.
    const { tabId } = await heldTab(t, ada, [[MENU.cacio, 1]], 1100 + MEMBERS * FOCACCIA + 5000);
    const members: { diner: Diner; basketId: string }[] = [];
    for (let n = 0; n < MEMBERS; n++) {
      const diner = await guestOnTab(t, ada, tabId, `Guest ${n + 1}`);
      members.push({ diner, basketId: await tableBasket(diner, [[MENU.focaccia, 1]]) });
    }
    expect((await tabOf(ada, tabId)).members).toHaveLength(MEMBERS + 1);

    // Everyone sends at once, the holder's close sent in the middle of the rounds.
    const sent: Promise<Response<any>>[] = [];
    let closing: Promise<Response<any>> | null = null;
    members.forEach(({ diner, basketId }, n) => {
      if (n === MEMBERS / 2) closing = closeTab(ada, tabId, 0);
      sent.push(addRound(diner, tabId, basketId));
    });
    const [closed, ...answers] = await Promise.all([closing!, ...sent]);

    // No 500 anywhere; the close went through.
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(closed!.status, JSON.stringify(closed!.body)).toBe(200);
    expect(closed!.body.data.attributes.state).toBe('closed');

    // Every round was taken or refused, nothing else; each refusal says the tab is closed.
    const taken = answers.flatMap((answer, n) => (answer.status === 200 ? [n] : []));
    const refused = answers.flatMap((answer, n) => (answer.status === 409 ? [n] : []));
    expect(taken.length + refused.length, JSON.stringify(unexpected(answers))).toBe(MEMBERS);
    for (const n of refused) {
      expect(answers[n]!.body.errors).toEqual([
        {
          status: '409',
          code: 'TAB_CLOSED',
          detail: 'This tab is closed: open a new one to order more',
        },
      ]);
    }

    // The bill captured is exactly round 1 and every round taken; once.
    const tab = await tabOf(ada, tabId);
    expect(tab.rounds).toHaveLength(1 + taken.length);
    expect(tab.food_total).toBe(1100 + taken.length * FOCACCIA);
    const takenBy = new Set(taken.map((n) => `Guest ${n + 1}`));
    expect(new Set(tab.rounds.slice(1).map((round: any) => round.added_by))).toEqual(takenBy);
    const [hold, ...others] = await paymentsOf(t, (await tabRow(t, tabId)).checkoutId);
    expect(others).toEqual([]);
    expect(hold).toMatchObject({ status: 'succeeded', captureAmount: tab.food_total });
    expect(await sandboxIntent(t, hold!.intentId!)).toMatchObject({
      status: 'succeeded',
      amountCaptured: tab.food_total,
    });
    expect(await captureRequests(t, hold!.intentId!)).toHaveLength(1);

    // Every round taken is on the kitchen's board with the table; none refused is anywhere.
    const board = await boardTickets(chef);
    for (const round of tab.rounds) {
      expect(board.get(round.order_id), `round ${round.number}`).toMatchObject({
        table_number: '12',
        round: round.number,
      });
    }
    for (const n of refused) {
      const basket = await members[n]!.diner.visitor.get(`${API}/baskets/${members[n]!.basketId}`);
      expect(basket.status, `guest ${n + 1}'s basket is kept`).toBe(200);
    }
    for (const n of taken) {
      const basket = await members[n]!.diner.visitor.get(`${API}/baskets/${members[n]!.basketId}`);
      expect(basket.status, `guest ${n + 1}'s basket became the round`).toBe(404);
    }
  }, 120_000);
});

/** Answers that are neither a round taken nor a refusal, for the failure message. */
function unexpected(answers: Response<any>[]) {
  return answers
    .filter((answer) => answer.status !== 200 && answer.status !== 409)
    .map((answer) => answer.body);
}
