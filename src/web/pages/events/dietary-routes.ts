import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

// The dietary form (issue 22 part 3; spec §2 /events/dietary-form/{orderId} and /success): signed out with
// the link's key, or the booker signed in, so no guard. Loaded through events' load.ts, so the first JS
// carries no list of the form's files.

const page = (name: 'form' | 'success'): Pick<RouteObject, 'lazy'> => ({
  lazy: lazyPage(async () => (await import('./load')).dietaryPage(name)),
});

export const dietaryRoutes = (): RouteObject[] => [
  { path: 'events/dietary-form/success', ...page('success') },
  { path: 'events/dietary-form/:orderId', ...page('form') },
];
