import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import { NotFoundPage } from '../../app/not-found';
import type * as Chunk from './chunk';

// Dine-in (issue 21; spec §2): a table's menu (/dine-in?restaurant=…&table=…, its own lazy chunk), the
// dine-in checkout (continue, signup, login, guest/email, payment, tipping, add-to-order), the tab
// (/dine-in-view-tab, /dine-in-close-tab) and PayPal's return for a tab's hold. Only this table is in the
// first bundle; the screens and their guards are lazy chunks, loaded by name through ./load.ts.

type Screen = Chunk.Screen;
const screen = (queryClient: QueryClient, name: Screen): Pick<RouteObject, 'lazy'> => ({
  lazy: lazyPage(async () => (await import('./load')).route(queryClient, name)),
});

const STEPS = ['continue', 'signup', 'login', 'guest/email', 'payment', 'tipping', 'add-to-order'] as const;
const PAGES = ['dine-in', 'dine-in-view-tab', 'dine-in-close-tab', 'paypal-dine-in-setup'] as const;

export function dineInRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    ...PAGES.map((path) => ({ path, ...screen(queryClient, path) })),
    {
      path: 'dine-in-checkout',
      ...screen(queryClient, 'layout'),
      children: [
        { index: true, ...screen(queryClient, 'summary') },
        ...STEPS.map((path) => ({ path, ...screen(queryClient, path) })),
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
}
