import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { type RouteObject } from 'react-router';
import { Link, useSearchParams } from '../../shared/router';
import { requireCustomer } from '../../app/guards';
import { HostEventsView } from '../../features/events/host-view';
import { BusyMode } from '../../features/kitchen/busy-mode';
import { floorTabLabel } from '../../features/kitchen/floor';
import { FloorView } from '../../features/kitchen/floor-view';
import { KitchenRatings } from '../../features/ratings/kitchen-ratings';
import { kitchenQueries, type KitchenRestaurant } from '../../features/kitchen/kitchen.queries';
import { TableCardsSheet } from '../../features/kitchen/table-cards';
import { TabList, TabPanel } from '../../features/kitchen/tabs';
import { TicketCard } from '../../features/kitchen/ticket-card';
import { arrivalText, STAGES, ticketsIn, type StageId } from '../../features/kitchen/ticket-board';
import { useBoardClock, useWideBoard } from '../../features/kitchen/use-board-clock';
import { useTicketStream, type StreamStatus } from '../../features/kitchen/use-ticket-stream';
import { isApiError, type ApiError } from '../../shared/api/client';
import { customerQueries } from '../../shared/customer.queries';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';
import { SnoozePanel } from './snooze-panel';
import './kitchen.css';

// The kitchen screen (issue 13 part 3; docs/decisions/0023): a restaurant's live tickets for its staff,
// grouped by stage (columns on a tablet or desktop, tabs on a phone), the menu's snoozes and busy mode, and
// the floor (issue 21 part 6): open tabs by table, and the table cards to print. A member of staff at several
// restaurants picks one (kept in the address, ?restaurant=…, and remembered on this device); the view is in
// the address too (?view=menu, floor, cards, events: the host's view of events, issue 22 part 6, or ratings:
// the restaurant's recent ratings, issue 23), so a tablet can be left on the floor. Anyone else signed in is
// told the screen is for restaurant staff.

export function kitchenRoute(queryClient: QueryClient): Pick<RouteObject, 'loader' | 'Component'> {
  return { loader: requireCustomer(queryClient), Component: KitchenPage };
}

const REMEMBERED = 'sfoglia:kitchen';
const remembered = () => {
  try {
    return localStorage.getItem(REMEMBERED);
  } catch {
    return null;
  }
};

function KitchenPage() {
  const restaurants = useQuery(kitchenQueries.restaurants());
  const [params, setParams] = useSearchParams();
  usePageMeta('Kitchen');

  // Once the kitchens are known, a failed refetch keeps the board (its stream says if access is gone).
  if (restaurants.data === undefined) {
    if (!restaurants.isError) {
      return (
        <div className="kitchen kitchen--message">
          <Spinner label="Opening the kitchen" />
        </div>
      );
    }
    if (isApiError(restaurants.error, 'FORBIDDEN')) return <NotStaff />;
    return (
      <div className="kitchen kitchen--message">
        <h1>Kitchen</h1>
        <LoadFailed message="We couldn’t open the kitchen screen." onRetry={() => restaurants.refetch()} />
      </div>
    );
  }
  const list = restaurants.data;
  const asked = params.get('restaurant');
  const wanted = asked ?? remembered();
  const found = list.find((r) => r.id === wanted);
  // A link to a kitchen that is not theirs asks which of theirs, and says why.
  const chosen = found ?? (list.length === 1 && !asked ? list[0]! : null);
  const view = viewOf(params.get('view'));
  const choose = (id: string) => {
    try {
      localStorage.setItem(REMEMBERED, id);
    } catch {
      // A private window: the address still says which kitchen.
    }
    setParams(view === 'orders' ? { restaurant: id } : { restaurant: id, view });
  };
  if (!chosen)
    return <ChooseKitchen restaurants={list} onChoose={choose} notYours={asked && !found ? asked : null} />;
  return <Board key={chosen.id} restaurant={chosen} restaurants={list} onChoose={choose} view={view} />;
}

function NotStaff() {
  const me = useQuery(customerQueries.me());
  return (
    <div className="kitchen kitchen--message">
      <h1>This screen is for restaurant staff</h1>
      <p>
        {me.data ? <>You are signed in as {me.data.email}, which is not on a kitchen’s staff. </> : null}
        Ask your manager to add your account to the kitchen, then open this page again.
      </p>
      <p>
        <Link to="/" className="button button--secondary">
          Go to the shop
        </Link>
      </p>
    </div>
  );
}

function ChooseKitchen({
  restaurants,
  onChoose,
  notYours,
}: {
  restaurants: KitchenRestaurant[];
  onChoose: (id: string) => void;
  /** The restaurant the link asked for, which is not one of theirs. */
  notYours: string | null;
}) {
  return (
    <div className="kitchen kitchen--message">
      <h1>Choose your kitchen</h1>
      {notYours ? (
        <p className="notice notice--warning" role="status">
          Your account isn’t on the staff of the restaurant this link is for ({notYours}). Choose one of your
          kitchens below, or ask your manager to add you to that one.
        </p>
      ) : null}
      <p>
        {restaurants.length === 1
          ? 'You work at one restaurant.'
          : `You work at ${restaurants.length} restaurants.`}{' '}
        This device remembers the one you choose.
      </p>
      <ul className="kitchen__choices">
        {restaurants.map((r) => (
          <li key={r.id}>
            <button type="button" className="kitchen__choice" onClick={() => onChoose(r.id)}>
              <span className="kitchen__choice-name">{r.name}</span>
              <span className="kitchen__choice-state">{r.openNow ? 'Open now' : 'Closed now'}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

const CONNECTION: Record<StreamStatus, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  stopped: 'Not connected',
};

const VIEWS = ['orders', 'menu', 'floor', 'cards', 'events', 'ratings'] as const;
type View = (typeof VIEWS)[number];
/** The view the address asks for (?view=…); the orders otherwise. */
const viewOf = (asked: string | null): View => VIEWS.find((view) => view === asked) ?? 'orders';

function Board({
  restaurant,
  restaurants,
  onChoose,
  view,
}: {
  restaurant: KitchenRestaurant;
  restaurants: KitchenRestaurant[];
  onChoose: (id: string) => void;
  view: View;
}) {
  const stream = useTicketStream(restaurant.id);
  const now = useBoardClock();
  const wide = useWideBoard();
  const snoozed = useQuery(kitchenQueries.snoozed(restaurant.id));
  // The tab's count, kept fresh less often while the floor is out of sight (the floor reads it every 5 s).
  const floor = useQuery({ ...kitchenQueries.floor(restaurant.id), refetchInterval: 30_000 });
  const [, setParams] = useSearchParams();
  const viewHref = (to: View) =>
    `/kitchen?${new URLSearchParams(to === 'orders' ? { restaurant: restaurant.id } : { restaurant: restaurant.id, view: to })}`;
  // Tabs change the view in place (no history entry each); the print sheet is a page to go back from.
  const setView = (to: View) =>
    setParams(to === 'orders' ? { restaurant: restaurant.id } : { restaurant: restaurant.id, view: to }, {
      replace: true,
    });
  const [stage, setStage] = useState<Exclude<StageId, 'done'>>('new');
  const chime = useChime(stream.arrived);
  const base = useId();
  const kitchenSelect = useId();
  const freshCount = stream.fresh.size;
  usePageMeta(freshCount > 0 ? `(${freshCount}) New orders · Kitchen` : 'Kitchen');

  const byStage = Object.fromEntries(
    [...STAGES.map((s) => s.id), 'done' as const].map((id) => [id, ticketsIn(stream.tickets, id)]),
  ) as Record<StageId, ReturnType<typeof ticketsIn>>;
  const openCount = STAGES.reduce((sum, s) => sum + byStage[s.id].length, 0);
  const freshTickets = byStage.new.filter((t) => stream.fresh.has(t.id));
  const newInSight = view === 'orders' && (wide || stage === 'new');
  const usualPrep = restaurant.prepMinutes + restaurant.busyMinutes;

  const card = (ticket: (typeof byStage)['new'][number]) => (
    <li key={ticket.id}>
      <TicketCard
        ticket={ticket}
        now={now}
        fresh={stream.fresh.has(ticket.id)}
        usualPrep={usualPrep}
        onChange={stream.take}
      />
    </li>
  );
  const stageList = (id: StageId, empty: string) =>
    byStage[id].length > 0 ? (
      <ul className="kitchen__tickets">{byStage[id].map(card)}</ul>
    ) : (
      <p className="kitchen__empty">{empty}</p>
    );
  const EMPTY: Record<Exclude<StageId, 'done'>, string> = {
    new: 'No new orders. They appear here by themselves: no need to refresh.',
    kitchen: 'Nothing cooking.',
    ready: 'Nothing waiting.',
    out: 'Nothing out.',
  };

  return (
    <div className="kitchen">
      <header className="kitchen__header">
        <div className="kitchen__title">
          <h1>{restaurant.name} kitchen</h1>
          <span className={`connection connection--${stream.status}`} role="status">
            {CONNECTION[stream.status]}
          </span>
        </div>
        <div className="kitchen__tools">
          {restaurants.length > 1 ? (
            <div className="kitchen__switch">
              <label htmlFor={kitchenSelect}>Kitchen</label>
              <select
                id={kitchenSelect}
                className="select"
                value={restaurant.id}
                onChange={(event) => onChoose(event.target.value)}
              >
                {restaurants.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <BusyMode restaurant={restaurant} />
          <button
            type="button"
            className={`busy__toggle${chime.on ? ' busy__toggle--sound' : ''}`}
            title="A chime when an order arrives"
            onClick={() => chime.toggle()}
          >
            Sound: {chime.on ? 'on' : 'off'}
          </button>
        </div>
      </header>

      <div className="kitchen__arrivals" role="status">
        {freshTickets.length > 0 ? (
          <div className="arrivals">
            <p>{arrivalText(freshTickets)}</p>
            {newInSight ? null : (
              <button
                type="button"
                className="button button--primary button--small"
                onClick={() => {
                  setView('orders');
                  setStage('new');
                }}
              >
                Show
              </button>
            )}
          </div>
        ) : null}
      </div>

      {stream.problem ? <StreamStopped problem={stream.problem} /> : null}

      {view === 'cards' ? (
        <TableCardsSheet restaurant={restaurant} backHref={viewHref('floor')} />
      ) : (
        <TabList
          base={`${base}-view`}
          label="Kitchen screen"
          className="kitchen__views"
          selected={view}
          onSelect={setView}
          tabs={[
            { id: 'orders', label: `Orders (${openCount})` },
            {
              id: 'menu',
              label: `Menu and snoozes${snoozed.data?.length ? ` (${snoozed.data.length} snoozed)` : ''}`,
            },
            { id: 'floor', label: floorTabLabel(floor.data?.openTabs) },
            { id: 'events', label: 'Events' },
            { id: 'ratings', label: 'Ratings' },
          ]}
        />
      )}
      {view === 'cards' ? null : view === 'menu' ? (
        <TabPanel base={`${base}-view`} id="menu">
          <SnoozePanel restaurantId={restaurant.id} now={now} />
        </TabPanel>
      ) : view === 'events' ? (
        <TabPanel base={`${base}-view`} id="events">
          <HostEventsView restaurantId={restaurant.id} />
        </TabPanel>
      ) : view === 'ratings' ? (
        <TabPanel base={`${base}-view`} id="ratings">
          <KitchenRatings restaurantId={restaurant.id} />
        </TabPanel>
      ) : view === 'floor' ? (
        <TabPanel base={`${base}-view`} id="floor">
          <FloorView restaurant={restaurant} now={now} cardsHref={viewHref('cards')} />
        </TabPanel>
      ) : (
        <TabPanel base={`${base}-view`} id="orders">
          {!stream.loaded ? (
            <Spinner label="Loading the tickets" />
          ) : wide ? (
            <div className="kitchen__columns">
              {STAGES.map((s) => (
                <section
                  key={s.id}
                  className={`kitchen__column kitchen__column--${s.id}`}
                  aria-labelledby={`${base}-${s.id}`}
                >
                  <h2 id={`${base}-${s.id}`}>
                    {s.label} <span className="kitchen__count">({byStage[s.id].length})</span>
                  </h2>
                  {stageList(s.id, EMPTY[s.id])}
                </section>
              ))}
            </div>
          ) : (
            <>
              <TabList
                base={`${base}-stage`}
                label="Stages"
                className="kitchen__stages"
                selected={stage}
                onSelect={setStage}
                tabs={STAGES.map((s) => ({
                  id: s.id,
                  label: `${s.label} (${byStage[s.id].length})`,
                  alert: s.id === 'new' && freshTickets.length > 0,
                }))}
              />
              <TabPanel base={`${base}-stage`} id={stage}>
                <h2 className="visually-hidden">{STAGES.find((s) => s.id === stage)!.label}</h2>
                {stageList(stage, EMPTY[stage])}
              </TabPanel>
            </>
          )}
          {stream.loaded && byStage.done.length > 0 ? (
            <details className="kitchen__done">
              <summary>Done in the last two hours ({byStage.done.length})</summary>
              {stageList('done', '')}
            </details>
          ) : null}
        </TabPanel>
      )}
    </div>
  );
}

function StreamStopped({ problem }: { problem: ApiError }) {
  if (problem.code === 'UNAUTHENTICATED') {
    return (
      <div className="notice notice--error" role="alert">
        <p>You have been signed out, so new orders no longer arrive here.</p>
        <p className="notice__actions">
          <Link to={`/social-login?returnTo=${encodeURIComponent('/kitchen')}`}>Sign in again</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="notice notice--error" role="alert">
      <p>
        {problem.message.replace(/\.$/, '')}. New orders no longer arrive here: ask your manager to check your
        access.
      </p>
    </div>
  );
}

/** A short chime when an order arrives, once someone has turned it on (browsers allow sound after a tap). */
function useChime(arrived: number) {
  const [on, setOn] = useState(false);
  const audio = useRef<AudioContext | null>(null);
  const heard = useRef(arrived);
  const ring = () => {
    const context = audio.current;
    if (!context) return;
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.25, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.8);
    tone.connect(gain).connect(context.destination);
    tone.start();
    tone.stop(context.currentTime + 0.8);
  };
  useEffect(() => {
    if (arrived > heard.current && on) ring();
    heard.current = arrived;
  }, [arrived, on]);
  return {
    on,
    toggle: () => {
      if (!on && !audio.current && typeof AudioContext !== 'undefined') audio.current = new AudioContext();
      if (!on) ring();
      setOn(!on);
    },
  };
}
