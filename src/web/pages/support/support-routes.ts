import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import type { SupportScreen } from './load';

// Support's routes (issue 23 part 5; spec §2 /support, /support-success, /beta-opt-in; the account's Help and
// the support team's inbox). Only this table is in the first bundle; each screen loads by name (load.ts).

const screen = (queryClient: QueryClient, name: SupportScreen): Pick<RouteObject, 'lazy'> => ({
  lazy: lazyPage(async () => (await import('./load')).route(queryClient, name)),
});

export const supportRoutes = (queryClient: QueryClient): RouteObject[] => [
  { path: 'support', ...screen(queryClient, 'ask') },
  { path: 'support-success', ...screen(queryClient, 'success') },
  { path: 'support/inbox', ...screen(queryClient, 'inbox') },
  { path: 'beta-opt-in', ...screen(queryClient, 'beta') },
];

/** The account's Help (/account/support), a child of the account's layout (its guard included). */
export const supportAccountRoute = (queryClient: QueryClient): RouteObject => ({
  path: 'support',
  ...screen(queryClient, 'account'),
});
