import { describe, expect, test } from 'vitest';
import { snakeKeys } from '../../../contracts/case';
import type { Ticket } from '../../../contracts/kitchen';
import { ApiError, NetworkError } from '../../shared/api/client';
import type { BoardDocument } from './kitchen.queries';
import { ticket } from './test-ticket';
import {
  connectTicketStream,
  FIRST_EVENT_MS,
  streamReducer,
  type Action,
  type EventSourceLike,
  type StreamState,
} from './use-ticket-stream';

// The board's live stream: the reducer that takes in snapshots, changes and answers, and the connection that
// keeps the stream open (the browser's own reconnects; a refused stream read once to learn why; the network
// or the shop failing, tried again 1 s, 2 s, 4 s… later).

describe('the stream of a board', () => {
  const initial: StreamState = {
    tickets: new Map(),
    status: 'connecting',
    loaded: false,
    fresh: new Set(),
    arrived: 0,
    problem: null,
  };
  const doc = (...tickets: Ticket[]) => ({ tickets, cursor: 9, busyMinutes: 0 });

  test('the first snapshot draws no attention; a ticket arriving after it does, until it is accepted', () => {
    let state = streamReducer(initial, {
      type: 'board',
      board: doc(ticket({ id: 'a' })),
      whole: true,
      live: true,
    });
    expect(state).toMatchObject({ status: 'live', loaded: true, arrived: 0 });
    expect([...state.fresh]).toEqual([]);
    state = streamReducer(state, {
      type: 'board',
      board: doc(ticket({ id: 'b', number: 2 })),
      whole: false,
      live: true,
    });
    expect([...state.tickets.keys()]).toEqual(['a', 'b']);
    expect([...state.fresh]).toEqual(['b']);
    expect(state.arrived).toBe(1);
    state = streamReducer(state, {
      type: 'take',
      ticket: ticket({ id: 'b', state: 'accepted', version: 2 }),
    });
    expect([...state.fresh]).toEqual([]);
  });

  test('a snapshot after reconnecting drops what left the board, keeps a newer answer, marks what came meanwhile', () => {
    let state = streamReducer(initial, {
      type: 'board',
      board: doc(ticket({ id: 'a' }), ticket({ id: 'gone' })),
      whole: true,
      live: true,
    });
    state = streamReducer(state, {
      type: 'take',
      ticket: ticket({ id: 'a', state: 'accepted', version: 3 }),
    });
    state = streamReducer(state, { type: 'status', status: 'reconnecting' });
    expect(state.status).toBe('reconnecting');
    // Read while the stream is down: taken in, and still reconnecting.
    state = streamReducer(state, {
      type: 'board',
      board: doc(ticket({ id: 'a', version: 2 }), ticket({ id: 'c' })),
      whole: true,
      live: false,
    });
    expect(state.status).toBe('reconnecting');
    expect([...state.tickets.keys()].sort()).toEqual(['a', 'c']);
    expect(state.tickets.get('a')!.state).toBe('accepted');
    expect([...state.fresh]).toEqual(['c']);
    state = streamReducer(state, { type: 'board', board: doc(), whole: false, live: true });
    expect(state.status).toBe('live');
  });
});

class FakeSource implements EventSourceLike {
  readyState = 1;
  closed = false;
  onerror: ((event: Event) => void) | null = null;
  readonly listeners = new Map<string, (event: MessageEvent<string>) => void>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  /** The server sends an event: the board's document on the wire (snake_case JSON:API). */
  send(type: 'snapshot' | 'tickets', doc: BoardDocument) {
    const wire = {
      data: doc.tickets.map(({ id, ...attributes }) => ({ id, type: 'tickets', attributes })),
      meta: { restaurantId: 'soho', cursor: doc.cursor, busyMinutes: doc.busyMinutes },
    };
    this.listeners.get(type)!({ data: JSON.stringify(snakeKeys(wire)) } as MessageEvent<string>);
  }
  fail(readyState: 0 | 2) {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
}

function harness(readBoard: (id: string) => Promise<BoardDocument>) {
  const sources: FakeSource[] = [];
  const actions: Action[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const stop = connectTicketStream('soho', {
    open: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    readBoard,
    dispatch: (action) => actions.push(action),
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      if (timer) (timer as { cleared: boolean }).cleared = true;
    },
  });
  /** The waits before opening the stream again (not the first-event watchdogs). */
  const retries = () => timers.filter((t) => t.ms !== FIRST_EVENT_MS);
  return { sources, actions, timers, retries, stop, last: () => sources.at(-1)! };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const boardDoc = (...tickets: ReturnType<typeof ticket>[]): BoardDocument => ({
  tickets,
  cursor: 7,
  busyMinutes: 0,
});

describe('the connection to the stream', () => {
  test('opens the board’s stream and takes in its snapshot, then its changes', () => {
    const h = harness(() => Promise.reject(new Error('not asked')));
    expect(h.last().url).toBe('/api/v2/kitchen/restaurants/soho/tickets/events');
    h.last().send('snapshot', boardDoc(ticket({ id: 'a' })));
    h.last().send('tickets', boardDoc(ticket({ id: 'b', number: 2 })));
    expect(h.actions.map((a) => (a.type === 'board' ? [a.whole, a.board.tickets[0]!.id] : a.type))).toEqual([
      [true, 'a'],
      [false, 'b'],
    ]);
    expect(h.actions[0]).toMatchObject({ board: { cursor: 7, tickets: [{ customerName: 'Ada Lovelace' }] } });
  });

  test('while the browser reconnects by itself it says so, and nothing else is done', () => {
    const h = harness(() => Promise.reject(new Error('not asked')));
    h.last().fail(0);
    expect(h.actions).toEqual([{ type: 'status', status: 'reconnecting' }]);
    expect(h.sources).toHaveLength(1);
    expect(h.last().closed).toBe(false);
  });

  test('a stream that sends nothing in 10 seconds is given up like a refused one; one that does is kept', async () => {
    const h = harness(async () => boardDoc(ticket({ id: 'a' })));
    expect(h.timers.map((t) => t.ms)).toEqual([FIRST_EVENT_MS]);
    h.timers[0]!.run();
    await settle();
    expect(h.sources[0]!.closed).toBe(true);
    expect(h.actions).toMatchObject([
      { type: 'board', whole: true, live: false },
      { type: 'status', status: 'reconnecting' },
    ]);
    h.timers.at(-1)!.run();
    expect(h.sources).toHaveLength(2);
    h.last().send('snapshot', boardDoc());
    expect(h.timers.at(-1)).toMatchObject({ ms: FIRST_EVENT_MS, cleared: true });
    expect(h.last().closed).toBe(false);
  });

  test('a stream the browser gave up on: the board is read once, and the stream opened again later', async () => {
    let reads = 0;
    const h = harness(async () => {
      reads += 1;
      return boardDoc(ticket({ id: 'a' }));
    });
    h.last().fail(2);
    await settle();
    expect(reads).toBe(1);
    expect(h.sources[0]!.closed).toBe(true);
    expect(h.actions).toMatchObject([
      { type: 'board', whole: true },
      { type: 'status', status: 'reconnecting' },
    ]);
    expect(h.retries().map((t) => t.ms)).toEqual([1000]);
    expect(h.timers[0]).toMatchObject({ ms: FIRST_EVENT_MS, cleared: true });
    h.retries()[0]!.run();
    expect(h.sources).toHaveLength(2);
  });

  test('the network down: tried again later and later, up to 30 seconds apart', async () => {
    const h = harness(() => Promise.reject(new NetworkError('offline')));
    for (let i = 0; i < 7; i++) {
      h.last().fail(2);
      await settle();
      h.retries().at(-1)!.run();
    }
    expect(h.retries().map((t) => t.ms)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(h.sources).toHaveLength(8);
    expect(h.actions.every((a) => a.type === 'status' && a.status === 'reconnecting')).toBe(true);
  });

  test('refused (signed out, or no longer staff there): it stops and says why', async () => {
    const refusal = new ApiError(403, 'FORBIDDEN', 'This is for restaurant staff.');
    const h = harness(() => Promise.reject(refusal));
    h.last().fail(2);
    await settle();
    expect(h.actions).toEqual([{ type: 'stopped', problem: refusal }]);
    expect(h.retries()).toEqual([]);
  });

  test('closed by the screen: the stream is closed and a late answer is ignored', async () => {
    let answer!: (doc: BoardDocument) => void;
    const h = harness(() => new Promise((resolve) => (answer = resolve)));
    h.last().fail(2);
    h.stop();
    answer(boardDoc(ticket({ id: 'a' })));
    await settle();
    expect(h.actions).toEqual([]);
    expect(h.retries()).toEqual([]);
    expect(h.timers.every((t) => t.cleared)).toBe(true);
  });

  test('an event the contract does not describe leaves the board as it is', () => {
    const h = harness(() => Promise.reject(new Error('not asked')));
    h.last().listeners.get('tickets')!({ data: '{"data":[{"id":"x"}]}' } as MessageEvent<string>);
    expect(h.actions).toEqual([]);
  });
});
