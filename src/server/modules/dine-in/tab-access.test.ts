import { describe, expect, test } from 'vitest';
import { API, expectError } from '../../test/api-expect';
import { databaseState } from '../../test/database-state';
import {
  guestDiner,
  guestOnTab,
  heldTab,
  signedInDiner,
  splitTab,
  tableBasket,
  tabOf,
  type Diner,
} from '../../test/dine-in';
import type { Response } from '../../test/harness';
import { registeredRoutes } from '../../test/routes';
import { useTakeawayShop } from '../../test/takeaway';

// Who may do what on a tab (issue 21 part 7; decision 28): every dine-in call needs a diner (an account or a
// guest session: 401 otherwise); a tab, its parts and its rounds are its members' only (404 for anyone
// else's, exactly as for an id that names nothing: a stranger learns nothing); the holder's actions are the
// holder's (403 for the others at the table). Each refusal changes nothing.

const shop = useTakeawayShop();
const NO_SUCH_ID = '00000000-0000-4000-8000-00000000d1e5';

/** A tab at Soho table 12 held by Ada, Bo on it, its bill split in two: the ids a stranger might try. */
async function splitTabOfTwo() {
  const { t } = shop;
  const holder = await signedInDiner(t);
  const { tabId, payOrderId } = await heldTab(t, holder);
  const member = await guestOnTab(t, holder, tabId);
  const { join_url: joinUrl } = await tabOf(holder, tabId);
  const token = new URL(joinUrl as string).searchParams.get('join')!;
  const { parts } = await splitTab(holder, tabId, { kind: 'evenly', parts: 2 });
  return { holder, member, tabId, roundId: payOrderId, partId: parts[1].id as string, token };
}

/** Every dine-in call a diner makes, with a body the schema takes, on the ids given. */
function dineInCalls(ids: {
  tabId: string;
  roundId: string;
  partId: string;
  token: string;
  basketId: string;
}) {
  const calls: Record<string, [method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown]> = {
    'GET /api/v2/orders/open_tab': ['GET', `${API}/orders/open_tab?tab_id=${ids.tabId}`],
    'POST /api/v2/orders/open_tab': [
      'POST',
      `${API}/orders/open_tab`,
      { basket_id: ids.basketId, tab_id: ids.tabId },
    ],
    'POST /api/v2/orders/open_tab/join': ['POST', `${API}/orders/open_tab/join`, { token: ids.token }],
    'POST /api/v2/orders/open_tab/limit': [
      'POST',
      `${API}/orders/open_tab/limit`,
      { tab_id: ids.tabId, limit: 20_000 },
    ],
    'POST /api/v2/orders/open_tab/split': [
      'POST',
      `${API}/orders/open_tab/split`,
      { tab_id: ids.tabId, split: { kind: 'evenly', parts: 3 } },
    ],
    'DELETE /api/v2/orders/open_tab/split': ['DELETE', `${API}/orders/open_tab/split?tab_id=${ids.tabId}`],
    'POST /api/v2/orders/open_tab/parts/{partId}': [
      'POST',
      `${API}/orders/open_tab/parts/${ids.partId}`,
      { tip: 0 },
    ],
    'POST /api/v2/orders/open_tab/checkout': [
      'POST',
      `${API}/orders/open_tab/checkout`,
      { tab_id: ids.tabId, tip: 0 },
    ],
    'GET /api/v2/orders/open_tab/qr': ['GET', `${API}/orders/open_tab/qr?tab_id=${ids.tabId}`],
    'POST /api/v2/orders/{id}/tip_preview': ['POST', `${API}/orders/${ids.roundId}/tip_preview`, {}],
    'POST /api/v2/orders/guest': ['POST', `${API}/orders/guest`, { basket_id: ids.basketId, tip: 0 }],
  };
  return calls;
}

const send = (diner: Pick<Diner, 'visitor'>, [method, url, body]: [string, string, unknown?]) =>
  diner.visitor.request(method as 'GET', url, body === undefined ? {} : { body });

/** The part of an error answer a client sees, without the request id. */
const seen = (response: Response<any>) => ({
  status: response.status,
  errors: response.body.errors?.map(({ code, detail }: { code: string; detail: string }) => ({
    code,
    detail,
  })),
});

describe('without a session', () => {
  test('every dine-in call is 401 (sign in or carry on as a guest), and changes nothing', async () => {
    const { t } = shop;
    const ids = await splitTabOfTwo();
    const nobody = t.visitor();
    const basketId = await tableBasket({ visitor: nobody } as Diner);
    const anonymous = { visitor: nobody };
    const calls = dineInCalls({ ...ids, basketId });
    // Every route of a diner is here: a new one must be added (and so refused without a session).
    const dineIn = registeredRoutes(t.app, API).filter(
      (route) =>
        /\/orders\/(open_tab|guest|\{id\}\/tip_preview)/.test(route) &&
        !route.startsWith('GET /api/v2/orders/{id}'),
    );
    expect(Object.keys(calls).sort()).toEqual(dineIn);
    const before = await databaseState(t);
    for (const [route, call] of Object.entries(calls)) {
      const answer = await send(anonymous, call);
      expect(answer.status, route).toBe(401);
      expectError(answer, 401, 'UNAUTHENTICATED', 'Please sign in or continue as a guest');
    }
    expect(await databaseState(t)).toEqual(before);
  });
});

describe('a stranger (another customer, another guest)', () => {
  test('gets 404 for the tab, its rounds and its parts, as for ids that name nothing; nothing changes', async () => {
    const { t } = shop;
    const ids = await splitTabOfTwo();
    for (const stranger of [await signedInDiner(t), await guestDiner(t, 'Stranger')]) {
      const basketId = await tableBasket(stranger);
      const real = dineInCalls({ ...ids, basketId });
      const none = dineInCalls({
        tabId: NO_SUCH_ID,
        roundId: NO_SUCH_ID,
        partId: NO_SUCH_ID,
        token: 'f'.repeat(32),
        basketId,
      });
      const before = await databaseState(t);
      for (const route of Object.keys(real)) {
        // Joining with the link is how a stranger becomes a member; placing a guest order is their own.
        if (route.endsWith('/join') || route.endsWith('/orders/guest')) continue;
        const theirs = await send(stranger, real[route]!);
        const nothing = await send(stranger, none[route]!);
        expect(theirs.status, `${route}: ${JSON.stringify(theirs.body)}`).toBe(404);
        expect(seen(theirs), route).toEqual(seen(nothing));
      }
      expect(await databaseState(t)).toEqual(before);
      // A link that is not right says so, and joins nothing.
      expectError(
        await send(stranger, none['POST /api/v2/orders/open_tab/join']!),
        404,
        'TAB_NOT_FOUND',
        'This tab’s link is not right: ask for it again at your table',
      );
      // Without a tab of their own, their newest tab is not found either.
      expectError(await stranger.visitor.get(`${API}/orders/open_tab`), 404, 'TAB_NOT_FOUND');
    }
  });

  test('sees a tab only once they join it from its link, and then never anyone’s email', async () => {
    const { t } = shop;
    const ids = await splitTabOfTwo();
    const stranger = await guestDiner(t, 'Cy');
    expectError(
      await stranger.visitor.get(`${API}/orders/open_tab?tab_id=${ids.tabId}`),
      404,
      'TAB_NOT_FOUND',
    );
    const joined = await stranger.visitor.post(`${API}/orders/open_tab/join`, { token: ids.token });
    expect(joined.status).toBe(200);
    const tab = joined.body.data.attributes;
    expect(tab.members.map((m: any) => [m.name, m.is_you, m.is_holder])).toEqual([
      ['Ada', false, true],
      ['Bo', false, false],
      ['Cy', true, false],
    ]);
    const text = JSON.stringify(joined.body);
    for (const diner of [ids.holder, ids.member, stranger]) expect(text).not.toContain(diner.email);
    // The card is named for the holder only.
    expect(tab.hold).toEqual({ status: 'held', paid_with: null });
    expect((await tabOf(ids.holder, ids.tabId)).hold.paid_with).toBe('Visa ending 4242');
    // Joining again is the same membership.
    const again = await stranger.visitor.post(`${API}/orders/open_tab/join`, { token: ids.token });
    expect(again.body.data.attributes.members).toHaveLength(3);
    expect(again.body.data.attributes.version).toBe(tab.version);
  });
});

describe('a member who is not the holder', () => {
  test('cannot raise the limit, split, undo the split or close: 403, and nothing changes', async () => {
    const { t } = shop;
    const ids = await splitTabOfTwo();
    const basketId = await tableBasket(ids.member);
    const calls = dineInCalls({ ...ids, basketId });
    const before = await databaseState(t);
    const holderOnly: [string, RegExp][] = [
      ['POST /api/v2/orders/open_tab/limit', /^Only whoever opened the tab can raise its limit/],
      ['POST /api/v2/orders/open_tab/split', /^Only whoever opened the tab can split the bill/],
      ['DELETE /api/v2/orders/open_tab/split', /^Only whoever opened the tab can change the split/],
      ['POST /api/v2/orders/open_tab/checkout', /^Only whoever opened the tab can close it/],
    ];
    for (const [route, detail] of holderOnly) {
      expectError(await send(ids.member, calls[route]!), 403, 'FORBIDDEN', detail);
    }
    // The holder's own part is taken from the hold: nobody else can pay it.
    const { parts } = await tabOf(ids.member, ids.tabId);
    expectError(
      await ids.member.visitor.post(`${API}/orders/open_tab/parts/${parts[0].id}`, { tip: 0 }),
      409,
      'PART_UNAVAILABLE',
      /taken from the card held for the tab/,
    );
    expect(await databaseState(t)).toEqual(before);
    // What a member may do: read the tab, its QR code and the tip choices on its bill.
    expect((await send(ids.member, calls['GET /api/v2/orders/open_tab']!)).status).toBe(200);
    expect((await send(ids.member, calls['GET /api/v2/orders/open_tab/qr']!)).status).toBe(200);
    expect((await send(ids.member, calls['POST /api/v2/orders/{id}/tip_preview']!)).status).toBe(200);
  });
});
