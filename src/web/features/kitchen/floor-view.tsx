import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from '../../shared/router';
import { formatPence } from '../../../domain/money';
import { isApiError, type ApiError } from '../../shared/api/client';
import { Dialog } from '../../shared/ui/dialog';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import {
  canClose,
  closeButtonText,
  closeChargeText,
  closedText,
  floorSummary,
  moveChoices,
  tabFacts,
  tableName,
  tabName,
} from './floor';
import {
  kitchenApi,
  kitchenQueries,
  type Floor,
  type FloorTab,
  type FloorTable,
  type KitchenRestaurant,
} from './kitchen.queries';
import { boardTime } from './ticket-board';
import { problemText } from './use-kitchen-action';

// The floor (issue 21 part 6; decision 28): the restaurant's tables in order, each with its open tabs (who
// holds it, what is ordered, the limit its card holds, its rounds and people, when it closes by itself),
// read again every few seconds. Staff close a tab the guests left (a confirm says what the card is charged,
// and that no tip is added) or move one to another table (its tickets follow). Tabs of a restaurant that
// serves by name are listed by their holder's name.

export function FloorView({
  restaurant,
  now,
  cardsHref,
}: {
  restaurant: KitchenRestaurant;
  now: Date;
  /** The print sheet of the table cards. */
  cardsHref: string;
}) {
  const floor = useQuery(kitchenQueries.floor(restaurant.id));
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  if (!floor.data) {
    if (!floor.isError) return <Spinner label="Loading the floor" />;
    return <FloorFailed restaurant={restaurant} error={floor.error} onRetry={() => void floor.refetch()} />;
  }
  const data = floor.data;
  const report = (text: string) => {
    setDone(text);
    void floor.refetch();
  };
  return (
    <div className="floor">
      <div className="floor__bar">
        <h2 className="floor__summary">{floorSummary(data)}</h2>
        <p className="floor__refresh">Updates by itself every few seconds.</p>
        {data.hasTableNumbers ? (
          <Link className="button button--secondary button--small floor__print" to={cardsHref}>
            Print table cards
          </Link>
        ) : (
          <Link className="button button--secondary button--small floor__print" to={cardsHref}>
            Print the restaurant’s QR card
          </Link>
        )}
      </div>
      {floor.isError && !isApiError(floor.error, 'FORBIDDEN', 'RESTAURANT_NOT_FOUND') ? (
        <p className="notice notice--warning" role="status">
          We couldn’t refresh the floor just now, so it may be out of date. We’ll keep trying; check this
          device’s Wi-Fi if this stays.
        </p>
      ) : null}
      {floor.isError && isApiError(floor.error, 'FORBIDDEN', 'RESTAURANT_NOT_FOUND') ? (
        <FloorFailed restaurant={restaurant} error={floor.error} />
      ) : null}
      <div className="floor__done" role="status">
        {done ? (
          <p ref={doneRef} tabIndex={-1} className="notice">
            {done}
          </p>
        ) : null}
      </div>
      <ul className="floor__tables" aria-label={data.hasTableNumbers ? 'Tables, in order' : 'Open tabs'}>
        {data.tables.map((table) => (
          <FloorTableItem
            key={table.number ?? 'by-name'}
            table={table}
            floor={data}
            restaurant={restaurant}
            now={now}
            onDone={report}
          />
        ))}
      </ul>
    </div>
  );
}

function FloorFailed({
  restaurant,
  error,
  onRetry,
}: {
  restaurant: KitchenRestaurant;
  error: unknown;
  onRetry?: () => void;
}) {
  if (isApiError(error, 'FORBIDDEN')) {
    return (
      <div className="notice notice--error" role="alert">
        <p>
          This screen is for restaurant staff. Ask your manager to add your account to the kitchen, then
          reload the page.
        </p>
      </div>
    );
  }
  if (isApiError(error, 'RESTAURANT_NOT_FOUND')) {
    return (
      <div className="notice notice--error" role="alert">
        <p>
          Your account is no longer on the staff of {restaurant.name}, so its floor can’t be shown. Ask your
          manager to add you again, or choose another of your kitchens.
        </p>
      </div>
    );
  }
  if (isApiError(error, 'UNAUTHENTICATED')) {
    return (
      <div className="notice notice--error" role="alert">
        <p>You have been signed out.</p>
        <p className="notice__actions">
          <Link to={`/social-login?returnTo=${encodeURIComponent('/kitchen')}`}>Sign in again</Link>
        </p>
      </div>
    );
  }
  return <LoadFailed message={`We couldn’t load the floor. ${problemText(error)}`} onRetry={onRetry} />;
}

function FloorTableItem({
  table,
  floor,
  restaurant,
  now,
  onDone,
}: {
  table: FloorTable;
  floor: Floor;
  restaurant: KitchenRestaurant;
  now: Date;
  onDone: (text: string) => void;
}) {
  const headingId = useId();
  const busy = table.tabs.length > 0;
  return (
    <li
      className={`floor-table${busy ? ' floor-table--busy' : ''}${table.number ? '' : ' floor-table--names'}`}
      aria-labelledby={headingId}
    >
      <h3 id={headingId} className="floor-table__name">
        {tableName(table, floor.hasTableNumbers)}
      </h3>
      {table.seats ? <p className="floor-table__seats">{table.seats} seats</p> : null}
      {busy ? (
        <ul className="floor-table__tabs">
          {table.tabs.map((tab) => (
            <li key={tab.id}>
              <TabCard tab={tab} floor={floor} restaurant={restaurant} now={now} onDone={onDone} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="floor-table__free">{table.number ? 'Free' : 'No open tabs'}</p>
      )}
    </li>
  );
}

function TabCard({
  tab,
  floor,
  restaurant,
  now,
  onDone,
}: {
  tab: FloorTab;
  floor: Floor;
  restaurant: KitchenRestaurant;
  now: Date;
  onDone: (text: string) => void;
}) {
  const headingId = useId();
  const [dialog, setDialog] = useState<'close' | 'move' | null>(null);
  return (
    <article className={`floor-tab floor-tab--${tab.state}`} aria-labelledby={headingId}>
      <header className="floor-tab__head">
        <h4 id={headingId} className="floor-tab__name">
          {tabName(tab)}
        </h4>
        <span className="floor-tab__state">{tab.stateLabel}</span>
      </header>
      <p className="floor-tab__total">
        <strong>{formatPence(tab.foodTotal)}</strong> ordered{' '}
        <span className="floor-tab__limit">· card held for {formatPence(tab.limit)}</span>
      </p>
      {tab.outstanding > 0 ? (
        <p className="floor-tab__outstanding">{formatPence(tab.outstanding)} of other parts still to pay</p>
      ) : null}
      <p className="floor-tab__facts">{tabFacts(tab, now)}</p>
      <p className="floor-tab__facts">Closes by itself at {boardTime(tab.autoCloseAt, now)}</p>
      <div className="floor-tab__buttons">
        {floor.hasTableNumbers ? (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setDialog('move')}
          >
            Move to table…
          </button>
        ) : null}
        {canClose(tab) ? (
          <button
            type="button"
            className="button button--secondary button--small floor-tab__close"
            onClick={() => setDialog('close')}
          >
            Close tab (guests left)
          </button>
        ) : null}
      </div>
      <CloseTabDialog
        open={dialog === 'close'}
        onClose={() => setDialog(null)}
        tab={tab}
        restaurant={restaurant}
        onDone={onDone}
      />
      {floor.hasTableNumbers ? (
        <MoveTabDialog
          open={dialog === 'move'}
          onClose={() => setDialog(null)}
          tab={tab}
          floor={floor}
          restaurant={restaurant}
          onDone={onDone}
        />
      ) : null}
    </article>
  );
}

/** What went wrong closing or moving a tab, and what to do. */
function tabProblem(error: unknown, restaurant: KitchenRestaurant): string {
  const apiError = error as ApiError;
  if (isApiError(error, 'TAB_CLOSED')) {
    return `${apiError.message.replace(/\.$/, '')}: the floor now shows it as it is.`;
  }
  if (isApiError(error, 'TAB_NOT_FOUND')) {
    return `This tab is no longer at ${restaurant.name}: the floor now shows it as it is.`;
  }
  if (isApiError(error, 'TABLE_NOT_FOUND')) {
    return `${apiError.message.replace(/\.$/, '')}. Choose another table.`;
  }
  if (isApiError(error, 'PAYMENT_DECLINED', 'PAYMENT_PROCESSOR_ERROR')) {
    return 'The card held couldn’t be charged just now. Try again in a minute; if it still fails, ask the guests to pay at the till.';
  }
  return problemText(error);
}

/** One close or move at a time (a double tap sends once); on failure, what to do, and the floor read again. */
function useTabAction(restaurant: KitchenRestaurant) {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const [pending, setPending] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (name: string, call: () => Promise<FloorTab>, done: (tab: FloorTab) => void) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(name);
    setProblem(null);
    try {
      done(await call());
    } catch (error) {
      setProblem(tabProblem(error, restaurant));
      await queryClient.invalidateQueries({ queryKey: kitchenQueries.floor(restaurant.id).queryKey });
    } finally {
      inFlight.current = false;
      setPending(null);
    }
  };
  return { pending, problem, run };
}

function TabDialogProblem({ problem }: { problem: string | null }) {
  return problem ? (
    <p className="kitchen__problem" role="alert">
      {problem}
    </p>
  ) : null;
}

function CloseTabDialog({
  open,
  onClose,
  tab,
  restaurant,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  tab: FloorTab;
  restaurant: KitchenRestaurant;
  onDone: (text: string) => void;
}) {
  const action = useTabAction(restaurant);
  const busy = action.pending === 'close';
  const where = tab.tableNumber ? ` at table ${tab.tableNumber}` : '';
  const close = () =>
    void action.run(
      'close',
      () => kitchenApi.closeTab(restaurant.id, tab.id),
      (closed) => {
        onClose();
        onDone(closedText(closed));
      },
    );
  return (
    <Dialog
      open={open}
      onClose={busy ? () => undefined : onClose}
      title={`Close ${tabName(tab)}${where}?`}
      name="kitchen_close_tab"
    >
      <div className="floor-dialog">
        <p>Do this only when the guests have left without closing their tab.</p>
        <p className="floor-dialog__charge">{closeChargeText(tab)}</p>
        <p>{tab.holderName} is emailed the receipt. This can’t be undone.</p>
        <TabDialogProblem problem={open ? action.problem : null} />
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            Keep it open
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={close}
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? 'Closing the tab…' : closeButtonText(tab)}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

function MoveTabDialog({
  open,
  onClose,
  tab,
  floor,
  restaurant,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  tab: FloorTab;
  floor: Floor;
  restaurant: KitchenRestaurant;
  onDone: (text: string) => void;
}) {
  const action = useTabAction(restaurant);
  const choices = moveChoices(floor, tab);
  const [table, setTable] = useState('');
  const [error, setError] = useState<string | undefined>();
  const ids = useId();
  const busy = action.pending === 'move';
  const from = tab.tableNumber ? ` from table ${tab.tableNumber}` : '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!table) {
      setError('Choose the table the guests moved to.');
      return;
    }
    setError(undefined);
    void action.run(
      'move',
      () => kitchenApi.moveTab(restaurant.id, tab.id, table),
      (moved) => {
        onClose();
        setTable('');
        onDone(`${tabName(moved)} is now at table ${moved.tableNumber}. Its tickets say so too.`);
      },
    );
  };
  const field: ReactNode = (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={`${ids}-table`}>Move to</label>
      <select
        id={`${ids}-table`}
        className="select"
        value={table}
        onChange={(event) => {
          setTable(event.target.value);
          setError(undefined);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${ids}-error` : undefined}
      >
        <option value="">Choose a table</option>
        {choices.map((choice) => (
          <option key={choice.number} value={choice.number}>
            {choice.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${ids}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
  return (
    <Dialog
      open={open}
      onClose={busy ? () => undefined : onClose}
      title={`Move ${tabName(tab)}${from}`}
      name="kitchen_move_tab"
    >
      <form className="floor-dialog" onSubmit={submit} noValidate>
        <p>For guests who changed tables. The tab’s tickets in the kitchen move with it.</p>
        {field}
        <TabDialogProblem problem={open ? action.problem : null} />
        <div className="button-row">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {busy ? 'Moving…' : table ? `Move to table ${table}` : 'Move the tab'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
