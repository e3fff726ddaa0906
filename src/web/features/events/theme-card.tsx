import { Link } from '../../shared/router';
import type { EventTemplate } from '../../../contracts/events';
import { formatPence } from '../../../domain/money';
import { durationLabel, startsLabel } from './format';
import { pictureSources } from '../../../domain/pictures';

/** A theme's page; `query` ("?month=2026-12…") carries the list's filters, so its dates are the ones matched. */
export const themePath = (id: string, query = '') => `/events/theme/${encodeURIComponent(id)}${query}`;

/** One theme in the list: its cover, title, summary, price from, duration and next date. */
export function ThemeCard({
  template,
  eager,
  query = '',
}: {
  template: EventTemplate;
  eager: boolean;
  /** The list's filters, carried to the theme's page. */
  query?: string;
}) {
  const cover = template.images[0];
  return (
    <li className="ev-card">
      {cover ? (
        <img
          {...pictureSources(cover, 480, '(max-width: 699px) 100vw, 480px')}
          alt=""
          width={800}
          height={600}
          // The first card is the page's largest paint; the others are below the fold on a phone.
          {...(eager ? { loading: 'eager', fetchPriority: 'high' } : { loading: 'lazy', decoding: 'async' })}
        />
      ) : null}
      <div className="ev-card__body">
        <p className="ev-card__kind">{template.themeLabel}</p>
        <h2>
          <Link to={themePath(template.id, query)} className="ev-card__link">
            {template.title}
          </Link>
        </h2>
        <p className="ev-card__summary">{template.summary}</p>
        <ul className="ev-facts" aria-label="At a glance">
          <li>
            <strong>From {formatPence(template.fromPrice)}</strong> per guest
          </li>
          <li>{durationLabel(template.durationMinutes)}</li>
          <li>
            {template.nextStartsAt
              ? `Next: ${startsLabel(template.nextStartsAt)}`
              : 'No dates with seats left'}
          </li>
        </ul>
      </div>
    </li>
  );
}
