import type { QueryClient } from '@tanstack/react-query';
import { redirect, type RouteObject } from 'react-router';
import { lazyPage } from './app/lazy-page';
import { NotFoundPage } from './app/not-found';
import { RecipeKitLayout } from './app/recipe-kit-bar';
import { RouteError } from './app/route-error';
import { Shell } from './app/shell';

// The whole route table (spec §2). Screens are lazy chunks; guards are loaders that redirect. Routes of
// later areas join this table with their issues.

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: '/',
      Component: Shell,
      ErrorBoundary: RouteError,
      HydrateFallback: () => null,
      children: [
        {
          ErrorBoundary: RouteError,
          children: [
            // Until takeaway exists, the home page is the recipe-kit menu.
            { index: true, loader: () => redirect('/menu') },
            { path: 'products', loader: () => redirect('/menu') },
            {
              Component: RecipeKitLayout,
              children: [
                {
                  path: 'menu',
                  lazy: lazyPage(async () => {
                    const { MenuPage, menuLoader } = await import('./pages/menu-page');
                    return { Component: MenuPage, loader: menuLoader(queryClient) };
                  }),
                },
                { path: 'menu/*', Component: NotFoundPage },
              ],
            },
            { path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
}
