import { useCallback, useEffect, useReducer } from 'react';
import { camelKeys } from '../../../contracts/case';
import type { Ticket } from '../../../contracts/kitchen';
import { analytics } from '../../shared/analytics';
import { type ApiError, isApiError } from '../../shared/api/client';
import { kitchenApi, readBoard, ticketEventsUrl, type BoardDocument } from './kitchen.queries';
import { arrivals, mergeTickets, stageOf, type TicketMap } from './ticket-board';

// A board's tickets, live (docs/decisions/0023): an EventSource on GET …/tickets/events sends `snapshot`
// (the board) and then `tickets` (what changed). When the connection drops the browser reconnects by itself
// and sends the last event's id back (Last-Event-ID), so nothing is missed. When the shop refuses the stream
// (signed out, no longer staff) or answers something other than a stream, the browser gives up: then the
// board is read once to learn why and, if it is only the network or the shop, the stream is opened again a
// little later (1 s, 2 s, 4 s… up to 30 s). The shop sends a stream's first event at once: a stream that has
// sent nothing in 10 seconds (a proxy that holds it back, a request stuck on the way) is given up the same way.

export type StreamStatus = 'connecting' | 'live' | 'reconnecting' | 'stopped';

export interface StreamState {
  tickets: TicketMap;
  status: StreamStatus;
  /** The board has been read at least once. */
  loaded: boolean;
  /** Tickets that arrived while the screen was open and are still waiting to be accepted. */
  fresh: ReadonlySet<string>;
  /** How many tickets have arrived while the screen was open (a chime can follow it). */
  arrived: number;
  /** Why the stream stopped for good (signed out, not staff here). */
  problem: ApiError | null;
}

export type Action =
  | { type: 'status'; status: StreamStatus }
  /** `live`: it came on the stream (a board read while reconnecting leaves the status as it is). */
  | { type: 'board'; board: BoardDocument; whole: boolean; live: boolean }
  | { type: 'take'; ticket: Ticket }
  | { type: 'stopped'; problem: ApiError };

const initial: StreamState = {
  tickets: new Map(),
  status: 'connecting',
  loaded: false,
  fresh: new Set(),
  arrived: 0,
  problem: null,
};

function withFresh(state: StreamState, tickets: Map<string, Ticket>, newIds: string[]): StreamState {
  const waiting = (id: string) => {
    const ticket = tickets.get(id);
    return ticket !== undefined && stageOf(ticket) === 'new';
  };
  const fresh = new Set([...state.fresh, ...newIds].filter(waiting));
  return { ...state, tickets, fresh, arrived: state.arrived + newIds.length };
}

export function streamReducer(state: StreamState, action: Action): StreamState {
  switch (action.type) {
    case 'status':
      return { ...state, status: action.status, problem: action.status === 'stopped' ? state.problem : null };
    case 'stopped':
      return { ...state, status: 'stopped', problem: action.problem };
    case 'take':
      return withFresh(state, mergeTickets(state.tickets, [action.ticket]), []);
    case 'board': {
      const incoming = action.board.tickets;
      // A first read draws no attention: only what comes in while the kitchen watches is new to it.
      const newIds = state.loaded ? arrivals(state.tickets, incoming) : [];
      let tickets: Map<string, Ticket>;
      if (action.whole) {
        // The whole board: what it leaves out has left the board, unless a button's answer is newer.
        tickets = mergeTickets(
          new Map(),
          incoming.map((t) => {
            const held = state.tickets.get(t.id);
            return held && held.version > t.version ? held : t;
          }),
        );
      } else {
        tickets = mergeTickets(state.tickets, incoming);
      }
      return {
        ...withFresh(state, tickets, newIds),
        loaded: true,
        ...(action.live ? { status: 'live' as const, problem: null } : {}),
      };
    }
  }
}

/** Refusals that opening the stream again would not change. */
const FINAL_CODES = ['UNAUTHENTICATED', 'FORBIDDEN', 'RESTAURANT_NOT_FOUND'] as const;
const MAX_BACKOFF_MS = 30_000;
/** EventSource.CONNECTING: after an error, the browser is trying again by itself. */
const CONNECTING = 0;
/** A stream that has sent nothing for this long after opening is given up (its first event comes at once). */
export const FIRST_EVENT_MS = 10_000;

/** What the stream needs of an EventSource (a test gives it a fake one). */
export interface EventSourceLike {
  readonly readyState: number;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface StreamDeps {
  open: (url: string) => EventSourceLike;
  readBoard: (restaurantId: string) => Promise<BoardDocument>;
  dispatch: (action: Action) => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/** Keeps a board's stream open until the returned function is called. */
export function connectTicketStream(restaurantId: string, deps: StreamDeps): () => void {
  const { dispatch } = deps;
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let source: EventSourceLike | null = null;
  let timer: unknown;
  let watchdog: unknown;
  let failures = 0;
  let ended = false;

  const onBoard = (whole: boolean) => (event: MessageEvent<string>) => {
    failures = 0;
    clearTimer(watchdog);
    let board: BoardDocument;
    try {
      board = readBoard(camelKeys(JSON.parse(event.data)));
    } catch (error) {
      // Not what the contract says: keep the board as it is rather than show half of it.
      analytics.errorReported('Kitchen event not understood', { cause: String(error) });
      return;
    }
    dispatch({ type: 'board', board, whole, live: true });
  };
  const again = () => {
    failures += 1;
    dispatch({ type: 'status', status: 'reconnecting' });
    timer = setTimer(open, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (failures - 1)));
  };
  // The browser gave up on the stream: read the board once to learn why, and to stay current meanwhile.
  const recover = async () => {
    try {
      const board = await deps.readBoard(restaurantId);
      if (!ended) dispatch({ type: 'board', board, whole: true, live: false });
    } catch (error) {
      if (ended) return;
      if (isApiError(error, ...FINAL_CODES)) {
        dispatch({ type: 'stopped', problem: error });
        return;
      }
    }
    if (!ended) again();
  };
  function open() {
    const opened = deps.open(ticketEventsUrl(restaurantId));
    source = opened;
    opened.addEventListener('snapshot', onBoard(true));
    opened.addEventListener('tickets', onBoard(false));
    const giveUp = () => {
      clearTimer(watchdog);
      opened.close();
      void recover();
    };
    opened.onerror = () => {
      if (opened.readyState === CONNECTING) {
        dispatch({ type: 'status', status: 'reconnecting' });
        return;
      }
      giveUp();
    };
    watchdog = setTimer(() => {
      if (source === opened && !ended) giveUp();
    }, FIRST_EVENT_MS);
  }

  open();
  return () => {
    ended = true;
    clearTimer(timer);
    clearTimer(watchdog);
    source?.close();
  };
}

export function useTicketStream(restaurantId: string) {
  const [state, dispatch] = useReducer(streamReducer, initial);

  useEffect(
    () =>
      connectTicketStream(restaurantId, {
        open: (url) => new EventSource(url),
        readBoard: (id) => kitchenApi.board(id),
        dispatch,
      }),
    [restaurantId],
  );

  /** A button's answer: the ticket as it is now. */
  const take = useCallback((ticket: Ticket) => dispatch({ type: 'take', ticket }), []);
  return { ...state, take };
}
