import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from '../../shared/router';
import type { EventSlot, EventTemplate } from '../../../contracts/events';
import { eventQueries } from '../../features/events/events.queries';
import { ThemeCard } from '../../features/events/theme-card';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';
import { filtersFrom, filtersQuery, isFiltered } from './filters';
import { SlotFilterForm } from './slot-filters';

// /events/themes (issue 22; spec §2): the classes, supper clubs and kids' mornings on offer, each with its
// cover, what it is, the price from, how long and the next date. The filters (where, which month, how many
// seats) narrow the list to the themes with a date that matches (GET /event_slots with the filters), and a
// theme's link carries them so its page shows the same dates.

/** The themes with a bookable date among `slots`, each with its first such date. */
function matching(templates: readonly EventTemplate[], slots: readonly EventSlot[]): EventTemplate[] {
  return templates.flatMap((template) => {
    const first = slots.find((slot) => slot.templateId === template.id && slot.bookable);
    return first ? [{ ...template, nextStartsAt: first.startsAt }] : [];
  });
}

export function ThemesPage() {
  usePageMeta('Pasta classes and supper clubs');
  const [params] = useSearchParams();
  const filters = filtersFrom(params);
  const filtered = isFiltered(filters);
  const templates = useQuery(eventQueries.templates());
  const options = useQuery(eventQueries.filterOptions());
  const slots = useQuery({ ...eventQueries.slots(filters), enabled: filtered });

  const shown =
    templates.data && filtered ? (slots.data ? matching(templates.data, slots.data) : null) : templates.data;

  return (
    <div className="ev-page">
      <header className="ev-hero">
        <h1>Pasta classes and supper clubs</h1>
        <p>
          Roll pasta with our chefs, sit down to a supper club at one long table, or bring the children to a
          ravioli morning. Book your seats here, add extras, and tell us about allergies after you book.
        </p>
      </header>
      {options.data ? <SlotFilterForm options={options.data} label="Find a date" /> : null}
      {templates.isPending || (filtered && slots.isPending) ? (
        <Spinner label="Loading what’s on" />
      ) : templates.isError || slots.isError ? (
        <LoadFailed
          message="We couldn’t load what’s on."
          onRetry={() => void (templates.isError ? templates.refetch() : slots.refetch())}
        />
      ) : shown && shown.length > 0 ? (
        <>
          {filtered ? (
            <p className="ev-count" role="status">
              {shown.length === 1 ? '1 event has' : `${shown.length} events have`} dates that match.
            </p>
          ) : null}
          <ul className="ev-grid" aria-label="Events">
            {shown.map((template, index) => (
              <ThemeCard
                key={template.id}
                template={template}
                eager={index === 0}
                query={filtersQuery(filters)}
              />
            ))}
          </ul>
        </>
      ) : (
        <div className="notice" role="status">
          <p>
            {filtered
              ? 'No dates match those choices. Try another month, another restaurant or fewer seats.'
              : 'There’s nothing to book just now. Please come back soon.'}
          </p>
          {filtered ? (
            <p className="notice__actions">
              <Link to="/events/themes">Show every event</Link>
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}
