import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { NotFoundPage } from '../../app/not-found';
import type { Screen } from './load';

// Events (issue 22; spec §2 Public routes /events/*, Events checkout): the themes and a theme (public, rendered
// on the server), the booking and the reservation, and /events-checkout (continue, signup, login, addons,
// payment). Only this table is in the first bundle, each screen loaded by name through load.ts.

export function eventRoutes(queryClient: QueryClient): RouteObject[] {
  const screen = (name: Screen): Pick<RouteObject, 'lazy'> => ({
    lazy: lazyPage(async () => (await import('./load')).route(queryClient, name)),
  });
  return [
    { path: 'events/themes', ...screen('themes') },
    { path: 'events/theme/:id', ...screen('theme') },
    { path: 'events/booking', ...screen('booking') },
    { path: 'events/reservation', ...screen('reservation') },
    {
      path: 'events-checkout',
      ...screen('layout'),
      children: [
        { index: true, ...screen('start') },
        ...(['continue', 'signup', 'login', 'addons', 'payment'] as const).map((path) => ({
          path,
          ...screen(path),
        })),
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
}
