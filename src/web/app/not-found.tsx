import type { ReactNode } from 'react';
import { Link } from '../shared/router';
import { usePageMeta } from '../shared/use-page-meta';

/**
 * The shop's not-found page. A page whose address names something that is not there (a restaurant, a
 * table) says what, and the way on; the server answers it 404.
 */
export function NotFoundPage({
  title = 'We can’t find that page',
  pageTitle = 'Page not found',
  message = 'It may have moved, or the link may be mistyped. Our menu is always a good place to start.',
  action = { to: '/menu', label: 'See this week’s menu' },
  children,
}: {
  title?: string;
  pageTitle?: string;
  message?: ReactNode;
  action?: { to: string; label: string };
  children?: ReactNode;
}) {
  usePageMeta(pageTitle);
  return (
    <div className="page page--narrow not-found">
      <h1>{title}</h1>
      <p>{message}</p>
      {children}
      <Link to={action.to} className="button button--primary">
        {action.label}
      </Link>
    </div>
  );
}
