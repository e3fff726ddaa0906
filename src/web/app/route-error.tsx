import { isRouteErrorResponse, useRouteError } from '../shared/router';
import { Link } from '../shared/router';
import { RouteNotFoundError } from './lazy-page';
import { NotFoundPage } from './not-found';

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const chunk = error instanceof RouteNotFoundError;
  return (
    <div className="page page--narrow not-found" role="alert">
      <h1>{chunk ? 'Route not found' : 'Something went wrong'}</h1>
      <p>
        {chunk
          ? 'This page could not be loaded. Check your connection and try again.'
          : 'Sorry, this page hit a problem. Please try again.'}
      </p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Try again
        </button>
        <Link to="/menu" className="button button--secondary">
          Go to the menu
        </Link>
      </div>
    </div>
  );
}
