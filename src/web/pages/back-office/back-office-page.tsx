import { useQuery, type QueryClient } from '@tanstack/react-query';
import { createElement, lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import { may, ROLE_LABELS } from '../../../domain/staff-roles';
import { requireCustomer } from '../../app/guards';
import { isApiError } from '../../shared/api/client';
import { Link, NavLink, useLocation } from '../../shared/router';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';
import { backOfficeQueries, type BackOfficeMe } from './back-office.queries';
import { InvitationPage } from './staff/invitation-page';
import { BACK_OFFICE_SCREENS, type BackOfficeScreen, type BackOfficeScreenProps } from './screens';
import './back-office.css';

// /back-office (issue 25): the people who run the shop. Signed in (the guard sends a visitor to sign in and
// back); a member of staff sees the screens their roles allow, in a navigation down the side (across the top on
// a phone); anyone else is told it is for the shop's staff. /back-office/invitation is where an invited person
// accepts, before they have a role.

export function backOfficeRoute(queryClient: QueryClient): Pick<RouteObject, 'loader' | 'Component'> {
  return { loader: requireCustomer(queryClient), Component: BackOfficePage };
}

/** Each screen's code, loaded the first time it is opened. */
const SCREEN_COMPONENTS = new Map<string, LazyExoticComponent<ComponentType<BackOfficeScreenProps>>>(
  BACK_OFFICE_SCREENS.map((screen) => [screen.path, lazy(async () => ({ default: await screen.load() }))]),
);

/** The screen a path under /back-office names, and what follows its own path. */
function matchScreen(pathname: string): { path: string; rest: string } {
  const under = pathname.replace(/^\/back-office\/?/, '').replace(/\/+$/, '');
  const [first = '', ...rest] = under.split('/');
  return { path: first, rest: rest.join('/') };
}

function BackOfficePage() {
  const { pathname } = useLocation();
  const { path, rest } = matchScreen(pathname);
  if (path === 'invitation') return <InvitationPage />;
  return <StaffOnly path={path} rest={rest} />;
}

function StaffOnly({ path, rest }: { path: string; rest: string }) {
  const me = useQuery(backOfficeQueries.me());
  usePageMeta('Back office');
  if (me.isPending) {
    return (
      <div className="back-office back-office--message">
        <Spinner label="Opening the back office" />
      </div>
    );
  }
  if (me.isError) {
    return (
      <div className="back-office back-office--message">
        {isApiError(me.error, 'FORBIDDEN') ? (
          <div className="notice notice--warning">
            <h1>The back office is for the people who run Sfoglia</h1>
            <p>
              Your account isn’t on the staff. If you should be, ask an owner of the shop to invite you; the
              link in their email adds you.
            </p>
            <Link to="/menu">Back to the menu</Link>
          </div>
        ) : (
          <LoadFailed message="We couldn’t open the back office." onRetry={() => void me.refetch()} />
        )}
      </div>
    );
  }
  return <Layout me={me.data} path={path} rest={rest} />;
}

function Layout({ me, path, rest }: { me: BackOfficeMe; path: string; rest: string }) {
  const screens = useMemo(
    () => BACK_OFFICE_SCREENS.filter((screen) => may(me.roles, screen.capability)),
    [me],
  );
  const screen = screens.find((s) => s.path === path);
  const Screen = screen ? SCREEN_COMPONENTS.get(screen.path) : undefined;
  return (
    <div className="back-office">
      <nav className="back-office__nav" aria-label="Back office">
        <p className="back-office__who">
          {me.firstName || me.email}
          <span>{me.roles.map((role) => ROLE_LABELS[role]).join(', ')}</span>
        </p>
        <ul>
          <li>
            <NavLink to="/back-office" end>
              Overview
            </NavLink>
          </li>
          {screens.map((s) => (
            <li key={s.path}>
              <NavLink to={`/back-office/${s.path}`}>{s.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className="back-office__main" id="back-office-main">
        {path === '' ? (
          <Overview me={me} screens={screens} />
        ) : Screen ? (
          <Suspense fallback={<Spinner label={`Opening ${screen!.label.toLowerCase()}`} />}>
            {createElement(Screen, { me, rest })}
          </Suspense>
        ) : (
          <div className="notice notice--warning">
            <h1>Not here</h1>
            <p>
              {BACK_OFFICE_SCREENS.some((s) => s.path === path)
                ? 'Your role doesn’t include this screen. Ask an owner of the shop if you need it.'
                : 'There’s no such screen in the back office.'}
            </p>
            <Link to="/back-office">Back to the overview</Link>
          </div>
        )}
      </main>
    </div>
  );
}

function Overview({ me, screens }: { me: BackOfficeMe; screens: BackOfficeScreen[] }) {
  return (
    <section aria-labelledby="back-office-overview">
      <h1 id="back-office-overview">Back office</h1>
      <p>
        Signed in as {me.email} ({me.roles.map((role) => ROLE_LABELS[role]).join(', ')}).
        {me.kitchenRestaurants.length > 0 ? ` Kitchen at ${me.kitchenRestaurants.join(', ')}.` : ''}
      </p>
      {screens.length > 0 ? (
        <ul className="back-office__cards">
          {screens.map((s) => (
            <li key={s.path}>
              <Link to={`/back-office/${s.path}`}>{s.label}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>
          Your role has no back-office screens yet
          {me.roles.includes('kitchen') ? ': the kitchen screen is at /kitchen' : ''}.
        </p>
      )}
      {me.roles.includes('kitchen') ? (
        <p>
          <Link to="/kitchen">Open the kitchen screen</Link>
        </p>
      ) : null}
    </section>
  );
}
