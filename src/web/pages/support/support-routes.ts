import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { requireCustomer } from '../../app/guards';
import { lazyPage } from '../../app/lazy-page';
import type { SupportScreen } from './load';

// Support's routes (issue 23 part 5; spec §2 /support, /support-success, /beta-opt-in; the account's Help and
// the support team's inbox). Only this table is in the first bundle; each screen loads by name (load.ts).
// The inbox needs a signed-in member of the team: a visitor signs in first and comes back.

const screen = (name: SupportScreen): Pick<RouteObject, 'lazy'> => ({
  lazy: lazyPage(async () => (await import('./load')).route(name)),
});

export const supportRoutes = (queryClient: QueryClient): RouteObject[] => [
  { path: 'support', ...screen('ask') },
  { path: 'support-success', ...screen('success') },
  { path: 'support/inbox', loader: requireCustomer(queryClient), ...screen('inbox') },
  { path: 'beta-opt-in', ...screen('beta') },
];

/** The account's Help (/account/support), a child of the account's layout (its guard included). */
export const supportAccountRoute = (): RouteObject => ({ path: 'support', ...screen('account') });
