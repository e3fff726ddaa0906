import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from 'vitest';
import type { Basket } from '../../../contracts/baskets';
import { snakeKeys } from '../../../contracts/case';
import { api } from '../../shared/api/client';
import { setTransport } from '../../shared/api/transport';
import * as toast from '../../shared/ui/toast';
import { basketQueries, readBasket } from './baskets.queries';
import { basketOf } from './test-baskets';
import { basketChange } from './use-basket';

// Basket changes against basket reloads (spec §4 Baskets: changes apply optimistically and roll back on
// error), on a real QueryClient and a shop whose answers the test lets through one at a time. The basket's
// version is its item count: 1 before the change, 2 once the shop has made it; the screen shows 2 from the
// click on. A reload is the shop reading the basket when the request reaches it, answering whenever the
// network lets it.

// Toasts are caught, not shown: a spy on the module's export, restored after each test (the unit project
// shares modules between test files, so a vi.mock here would not reach a use-basket another file loaded).
let showToast: MockInstance<typeof toast.showToast>;

const key = basketQueries.recipeKit().queryKey;

/** The shop's basket document at a version (its item count): the whole list, or the one basket. */
function basketDoc(version: number, list: boolean) {
  const { id, items: _items, ...attributes } = basketOf([], { itemCount: version });
  const resource = { type: 'baskets', id, attributes, relationships: { items: { data: [] } } };
  return snakeKeys({
    data: list ? [resource] : resource,
    included: [],
    meta: { minimumSpend: 1000, minimumSpendPerOrder: 1000, requestCard: false },
  });
}

interface Seen {
  method: string;
  /** The basket's version when the request reached the shop. */
  version: number;
}

/** The shop: holds each answer until the test lets it through. */
class Shop {
  version = 1;
  seen: Seen[] = [];
  /** Reloads answer as soon as they arrive (else they wait for answerReloads or letReloadsThrough). */
  reloadsAtOnce = false;
  private reloads: (() => void)[] = [];
  private changes: ((ok: boolean) => void)[] = [];

  fetch = (url: string, init: RequestInit): Promise<Response> => {
    const method = init.method ?? 'GET';
    const { pathname } = new URL(url);
    const version = this.version;
    this.seen.push({ method, version });
    return new Promise((resolve) => {
      if (method === 'GET' && pathname === '/api/v2/baskets') {
        const answer = () => resolve(Response.json(basketDoc(version, true)));
        if (this.reloadsAtOnce) answer();
        else this.reloads.push(answer);
      } else if (method === 'POST' && pathname === `/api/v2/baskets/${basketOf([]).id}/items`) {
        this.changes.push((ok) => {
          if (!ok) return resolve(Response.json({ errors: [] }, { status: 500 }));
          this.version += 1;
          resolve(Response.json(basketDoc(this.version, false)));
        });
      } else {
        resolve(Response.json({ errors: [] }, { status: 404 }));
      }
    });
  };

  get reloadsWaiting(): number {
    return this.reloads.length;
  }
  answerReloads(): void {
    this.reloads.splice(0).forEach((answer) => answer());
  }
  /** From now on the network is quick: the reloads waiting answer, and any later one at once. */
  letReloadsThrough(): void {
    this.reloadsAtOnce = true;
    this.answerReloads();
  }
  answerChange(ok = true): void {
    this.changes.shift()!(ok);
  }
  /** What the shop had when each reload reached it. */
  reloadsSaw(): number[] {
    return this.seen.filter((s) => s.method === 'GET').map((s) => s.version);
  }
}

let shop: Shop;
let client: QueryClient;
/** Every basket the screen showed, by version. */
let screen: number[];
let unloadListeners: Set<EventListener>;

const tick = () => new Promise<void>((resolve) => setTimeout(resolve));

/** Resolves once nothing is being fetched or sent (watching the caches, never a clock). */
function settled(): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (client.isFetching() || client.isMutating()) return;
      stopQueries();
      stopMutations();
      resolve();
    };
    const stopQueries = client.getQueryCache().subscribe(check);
    const stopMutations = client.getMutationCache().subscribe(check);
    check();
  });
}

/** A basket change as the menu's: sent to the shop, its answer the whole basket; on screen, one more item. */
function change() {
  const observer = new MutationObserver(
    client,
    basketChange(
      client,
      'plan',
      async () => {
        const { basket } = await client.ensureQueryData(basketQueries.recipeKit());
        return readBasket(await api('POST', `/baskets/${basket.id}/items`, { body: { quantity: 1 } }));
      },
      (basket: Basket) => ({ ...basket, itemCount: basket.itemCount + 1 }),
    ),
  );
  return observer.mutate(undefined).catch(() => undefined);
}

async function changeReachesShop() {
  await vi.waitFor(() => expect(shop.seen.some((s) => s.method === 'POST')).toBe(true));
}

beforeEach(async () => {
  showToast = vi.spyOn(toast, 'showToast').mockImplementation(() => undefined);
  shop = new Shop();
  setTransport(shop.fetch);
  unloadListeners = new Set();
  vi.stubGlobal('addEventListener', (type: string, listener: EventListener) => {
    if (type === 'beforeunload') unloadListeners.add(listener);
  });
  vi.stubGlobal('removeEventListener', (type: string, listener: EventListener) => {
    if (type === 'beforeunload') unloadListeners.delete(listener);
  });
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  screen = [];
  shop.reloadsAtOnce = true;
  // The menu shows the basket: an observer, so that an invalidation reloads it.
  new QueryObserver(client, basketQueries.recipeKit()).subscribe((result) => {
    if (result.data) screen.push(result.data.basket.itemCount);
  });
  await settled();
  shop.reloadsAtOnce = false;
  shop.seen = [];
  expect(screen.at(-1)).toBe(1);
});

afterEach(() => {
  setTransport((url, init) => fetch(url, init));
  vi.unstubAllGlobals();
  showToast.mockRestore();
  client.clear();
});

/** After the change showed on screen, the screen never went back to the basket from before it. */
function neverWentBack() {
  expect(screen.slice(screen.indexOf(2))).not.toContain(1);
}

describe('a basket reload that starts while a change is being sent', () => {
  test('answered before the change: the screen keeps the change', async () => {
    void change();
    await changeReachesShop();
    expect(screen.at(-1)).toBe(2);

    void client.invalidateQueries({ queryKey: key }); // e.g. another part of the app asks for a reload
    await tick();
    shop.answerReloads(); // whatever reached the shop so far answers, from before the change
    await tick();
    expect(client.getQueryData(key)?.basket.itemCount).toBe(2);

    shop.letReloadsThrough();
    shop.answerChange();
    await settled();
    expect(client.getQueryData(key)?.basket.itemCount).toBe(2);
    neverWentBack();
  });

  test('answered after the change: the older basket does not overwrite the shop’s answer', async () => {
    void change();
    await changeReachesShop();
    void client.invalidateQueries({ queryKey: key });
    await tick();

    shop.answerChange();
    await vi.waitFor(() => expect(client.isMutating()).toBe(0));
    expect(client.getQueryData(key)?.basket.itemCount).toBe(2);

    shop.letReloadsThrough(); // the slow reload finally answers
    await settled();
    expect(client.getQueryData(key)?.basket.itemCount).toBe(2);
    neverWentBack();
    // The reload was not lost: it reached the shop once the change had been made.
    expect(shop.reloadsSaw()).toEqual([2]);
  });

  test('several quick changes: the reload waits for the last', async () => {
    void change();
    void change();
    await changeReachesShop();
    expect(screen.at(-1)).toBe(3);
    void client.invalidateQueries({ queryKey: key });
    await tick();
    shop.answerChange();
    await vi.waitFor(() => expect(shop.seen.filter((s) => s.method === 'POST')).toHaveLength(2));
    await tick();
    expect(shop.reloadsWaiting).toBe(0); // not sent between the two changes
    expect(client.getQueryData(key)?.basket.itemCount).toBe(3); // the first answer (2) is not shown

    shop.letReloadsThrough();
    shop.answerChange();
    await settled();
    expect(screen.slice(screen.indexOf(3))).toEqual(screen.slice(screen.indexOf(3)).map(() => 3));
    expect(shop.reloadsSaw()).toEqual([3]);
  });
});

describe('a basket reload already running when a change begins', () => {
  test('is called off, and runs again once the change has landed', async () => {
    void client.invalidateQueries({ queryKey: key });
    await vi.waitFor(() => expect(shop.reloadsWaiting).toBe(1));
    void change();
    await changeReachesShop();
    shop.answerReloads(); // its answer, from before the change, is not used
    await tick();
    expect(screen.at(-1)).toBe(2);

    shop.letReloadsThrough();
    shop.answerChange();
    await settled();
    expect(client.getQueryData(key)?.basket.itemCount).toBe(2);
    neverWentBack();
    expect(shop.reloadsSaw()).toEqual([1, 2]);
  });
});

describe('a basket change', () => {
  test('that fails is rolled back, with a message; a reload asked for meanwhile runs after it', async () => {
    void change();
    await changeReachesShop();
    expect(screen.at(-1)).toBe(2);
    void client.invalidateQueries({ queryKey: key });
    await tick();

    shop.letReloadsThrough();
    shop.answerChange(false);
    await settled();
    expect(client.getQueryData(key)?.basket.itemCount).toBe(1);
    expect(showToast).toHaveBeenCalledWith('Something went wrong', 'error');
    expect(shop.reloadsSaw()).toEqual([1]);
  });

  test('made before the basket has arrived waits for the basket, then is sent', async () => {
    client.removeQueries({ queryKey: key });
    shop.reloadsAtOnce = true;
    void change();
    await changeReachesShop();
    shop.answerChange();
    await settled();
    expect(client.getQueryData(key)?.basket.itemCount).toBe(2);
    expect(shop.seen.map((s) => s.method)).toEqual(['GET', 'POST']);
  });
});

describe('leaving the page while a change is being sent', () => {
  test('asks first; once the last change has landed, it no longer asks', async () => {
    expect(unloadListeners.size).toBe(0);
    void change();
    void change();
    await changeReachesShop();
    expect(unloadListeners.size).toBe(1);
    const event = { preventDefault: vi.fn(), returnValue: undefined as unknown };
    for (const listener of unloadListeners) listener(event as unknown as Event);
    expect(event.preventDefault).toHaveBeenCalled();

    shop.answerChange();
    await vi.waitFor(() => expect(shop.seen.filter((s) => s.method === 'POST')).toHaveLength(2));
    expect(unloadListeners.size).toBe(1); // the second is still being sent
    shop.answerChange(false);
    await settled();
    expect(unloadListeners.size).toBe(0);
  });
});
