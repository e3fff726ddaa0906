import { Link } from '../shared/router';
import { usePageMeta } from '../shared/use-page-meta';

export function NotFoundPage() {
  usePageMeta('Page not found');
  return (
    <div className="page page--narrow not-found">
      <h1>We can’t find that page</h1>
      <p>It may have moved, or the link may be mistyped. Our menu is always a good place to start.</p>
      <Link to="/menu" className="button button--primary">
        See this week’s menu
      </Link>
    </div>
  );
}
