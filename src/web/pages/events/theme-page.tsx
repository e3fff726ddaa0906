import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from '../../shared/router';
import type { EventTemplate } from '../../../contracts/events';
import { formatPence } from '../../../domain/money';
import { eventQueries } from '../../features/events/events.queries';
import { durationLabel } from '../../features/events/format';
import { RefundRule } from '../../features/events/refund-rule';
import { SlotList } from '../../features/events/slot-list';
import { themePath } from '../../features/events/theme-card';
import { isApiError } from '../../shared/api/client';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';
import { filtersFrom, filtersQuery, isFiltered } from './filters';
import { SlotFilterForm } from './slot-filters';
import { pictureSources } from '../../../domain/pictures';

// /events/theme/{id} (issue 22; spec §2): one theme: its pictures, what happens, how long, what is included
// and what to bring, the prices (adults, and children where they may come), the refund rule in plain words
// before anything is paid (decision 29), and its upcoming dates with the seats left, narrowed by restaurant,
// month and seats needed (in the address, carried from /events/themes). Choosing a date goes on to
// /events/booking?slot=… (with the seats needed, as the guests to start from).

export function ThemePage() {
  const { id = '' } = useParams();
  const template = useQuery(eventQueries.template(id));
  usePageMeta(template.data?.title ?? 'Event');
  if (template.isPending) return <Spinner label="Loading the event" />;
  if (template.isError) {
    return (
      <div className="ev-page">
        {isApiError(template.error, 'EVENT_NOT_FOUND', 'NOT_FOUND') ? (
          <>
            <h1>We can’t find that event</h1>
            <p>It may have finished. Have a look at what’s on instead.</p>
            <Link to="/events/themes" className="button button--primary">
              See what’s on
            </Link>
          </>
        ) : (
          <LoadFailed message="We couldn’t load this event." onRetry={template.refetch} />
        )}
      </div>
    );
  }
  return <Theme template={template.data} />;
}

function Theme({ template }: { template: EventTemplate }) {
  const [params] = useSearchParams();
  const filters = filtersFrom(params);
  const options = useQuery(eventQueries.filterOptions());
  const filtered = isFiltered(filters);
  const slots = useQuery(eventQueries.slots({ ...filters, template: template.id }));
  const [cover, ...more] = template.images;
  return (
    <article className="ev-page ev-theme">
      <Link to={`/events/themes${filtersQuery(filters)}`} className="back-link">
        All events
      </Link>
      <header className="ev-theme__head">
        {cover ? (
          <img
            className="ev-theme__cover"
            {...pictureSources(cover, 640, '(max-width: 899px) 100vw, 640px')}
            alt=""
            width={800}
            height={600}
            loading="eager"
            fetchPriority="high"
          />
        ) : null}
        <div>
          <p className="ev-card__kind">{template.themeLabel}</p>
          <h1>{template.title}</h1>
          <p className="ev-theme__summary">{template.summary}</p>
          <ul className="ev-facts" aria-label="At a glance">
            <li>
              <strong>From {formatPence(template.fromPrice)}</strong> per guest
            </li>
            <li>{durationLabel(template.durationMinutes)}</li>
            <li>Up to {template.maxGuests} guests a booking</li>
          </ul>
        </div>
      </header>

      <div className="ev-theme__body">
        <div className="ev-theme__about">
          <p>{template.description}</p>
          {more.length > 0 ? (
            <ul className="ev-gallery" aria-label="More pictures">
              {more.map((src) => (
                <li key={src}>
                  <img
                    {...pictureSources(src, 200)}
                    alt=""
                    width={800}
                    height={600}
                    loading="lazy"
                    decoding="async"
                  />
                </li>
              ))}
            </ul>
          ) : null}
          <section aria-labelledby="ev-included-heading">
            <h2 id="ev-included-heading">What’s included</h2>
            <ul className="ev-list">
              {template.included.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="ev-bring-heading">
            <h2 id="ev-bring-heading">What to bring</h2>
            <ul className="ev-list">
              {template.bring.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="ev-prices-heading">
            <h2 id="ev-prices-heading">Prices</h2>
            <dl className="ev-prices">
              <div>
                <dt>Adults</dt>
                <dd>{formatPence(template.adultPrice)} each</dd>
              </div>
              {template.childPrice !== null ? (
                <div>
                  <dt>
                    Children
                    {template.childNote ? (
                      <span className="ev-prices__note">{template.childNote}</span>
                    ) : null}
                  </dt>
                  <dd>{formatPence(template.childPrice)} each</dd>
                </div>
              ) : null}
            </dl>
            {template.childPrice === null ? <p className="ev-muted">Adults only.</p> : null}
            <p className="ev-muted">Some dates cost a little more: each date shows its adult price.</p>
          </section>
          <RefundRule rule={template.refundRule} />
        </div>

        <section className="ev-theme__dates" aria-labelledby="ev-dates-heading">
          <h2 id="ev-dates-heading">Choose a date</h2>
          {options.data ? <SlotFilterForm options={options.data} label="Narrow the dates" /> : null}
          {slots.isPending ? (
            <Spinner label="Loading the dates" />
          ) : slots.isError ? (
            <LoadFailed message="We couldn’t load the dates." onRetry={slots.refetch} />
          ) : slots.data.length === 0 ? (
            <div className="notice" role="status">
              <p>
                {filtered
                  ? 'No dates match. Try another month, another restaurant or fewer seats.'
                  : 'There are no dates for this event just now. Please come back soon.'}
              </p>
              {filtered ? (
                <p className="notice__actions">
                  <Link to={themePath(template.id)}>Show every date</Link>
                </p>
              ) : null}
            </div>
          ) : (
            <SlotList slots={slots.data} label={`Dates for ${template.title}`} seats={filters.seats} />
          )}
        </section>
      </div>
    </article>
  );
}
