import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { SnoozeOption } from '../../../domain/kitchen-options';
import {
  kitchenApi,
  kitchenQueries,
  type SnoozableProduct,
  type SnoozedProduct,
} from '../../features/kitchen/kitchen.queries';
import { snoozedUntilLabel } from '../../features/kitchen/ticket-board';
import { useKitchenAction } from '../../features/kitchen/use-kitchen-action';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';

// Snoozes (issue 13 part 3): the restaurant's Pasta Now menu with what is snoozed and until when; snooze a
// dish or an extra for an hour or until tomorrow (customers' menus hide it within 30 seconds), or put it
// back on the menu. The kitchen's answer is the list of what is snoozed now, which replaces the one shown.

type Row = SnoozableProduct;

export function SnoozePanel({ restaurantId, now }: { restaurantId: string; now: Date }) {
  const menu = useQuery(kitchenQueries.menu(restaurantId));
  const snoozed = useQuery(kitchenQueries.snoozed(restaurantId));
  const [filter, setFilter] = useState('');
  const filterId = useId();

  if (menu.isPending || snoozed.isPending) return <Spinner label="Loading the menu" />;
  if (menu.isError || snoozed.isError) {
    return (
      <LoadFailed
        message="We couldn’t load the menu."
        onRetry={() => Promise.all([menu.refetch(), snoozed.refetch()])}
      />
    );
  }
  const byId = new Map(snoozed.data.map((s) => [s.productId, s]));
  const words = filter.trim().toLowerCase();
  const shown = (row: Row) => words === '' || row.title.toLowerCase().includes(words);
  const sections = menu.data
    .map((section) => ({ ...section, rows: section.products.filter(shown) }))
    .filter((section) => section.rows.length > 0);

  return (
    <div className="snoozes">
      <section className="snoozes__now" aria-labelledby={`${filterId}-now`}>
        <h2 id={`${filterId}-now`}>Snoozed now</h2>
        {snoozed.data.length === 0 ? (
          <p className="snoozes__empty">Nothing is snoozed: everything is on the menu.</p>
        ) : (
          <ul className="snoozes__list">
            {snoozed.data.map((s) => (
              <SnoozeRow key={s.productId} restaurantId={restaurantId} row={s} snoozed={s} now={now} />
            ))}
          </ul>
        )}
      </section>
      <div className="field snoozes__filter">
        <label htmlFor={filterId}>Find a dish or an extra</label>
        <input
          id={filterId}
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          autoComplete="off"
        />
      </div>
      {sections.length === 0 ? <p>Nothing on the menu matches “{filter.trim()}”.</p> : null}
      <div className="snoozes__sections">
        {sections.map((section) => (
          <section
            key={section.id}
            className="snoozes__section"
            aria-labelledby={`${filterId}-${section.id}`}
          >
            <h2 id={`${filterId}-${section.id}`}>{section.name}</h2>
            <ul className="snoozes__list">
              {section.rows.map((row) => (
                <SnoozeRow
                  key={row.productId}
                  restaurantId={restaurantId}
                  row={row}
                  snoozed={byId.get(row.productId) ?? null}
                  now={now}
                />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}

function SnoozeRow({
  restaurantId,
  row,
  snoozed,
  now,
}: {
  restaurantId: string;
  row: Row;
  snoozed: SnoozedProduct | null;
  now: Date;
}) {
  const queryClient = useQueryClient();
  const action = useKitchenAction();
  const store = (list: SnoozedProduct[]) => {
    queryClient.setQueryData(kitchenQueries.snoozed(restaurantId).queryKey, list);
  };
  const snooze = (duration: SnoozeOption) =>
    void action.run(duration, () => kitchenApi.snooze(restaurantId, row.productId, duration), store);
  const unsnooze = () =>
    void action.run('back', () => kitchenApi.unsnooze(restaurantId, row.productId), store);
  const waiting = action.pending !== null;
  const button = (name: string, label: string, busyLabel: string, onClick: () => void, aria: string) => (
    <button
      key={name}
      type="button"
      className="button button--secondary button--small"
      disabled={waiting}
      aria-busy={action.pending === name}
      aria-label={action.pending === name ? undefined : aria}
      onClick={onClick}
    >
      {action.pending === name ? busyLabel : label}
    </button>
  );
  return (
    <li className={`snooze${snoozed ? ' snooze--snoozed' : ''}`}>
      <div className="snooze__what">
        <span className="snooze__title">{row.title}</span>
        {snoozed ? (
          <span className="snooze__until">Snoozed {snoozedUntilLabel(snoozed.until, now)}</span>
        ) : null}
      </div>
      <div className="snooze__buttons">
        {snoozed
          ? button('back', 'Back on', 'Saving…', unsnooze, `Put ${row.title} back on the menu`)
          : [
              button('hour', '1 hour', 'Snoozing…', () => snooze('hour'), `Snooze ${row.title} for 1 hour`),
              button(
                'tomorrow',
                'Until tomorrow',
                'Snoozing…',
                () => snooze('tomorrow'),
                `Snooze ${row.title} until tomorrow`,
              ),
            ]}
      </div>
      {action.problem ? (
        <p className="kitchen__problem" role="alert">
          {action.problem}
        </p>
      ) : null}
    </li>
  );
}
