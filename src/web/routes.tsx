import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { guestOnly, redirectTo, requireCustomer, signInFromToken } from './app/guards';
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
      loader: signInFromToken(queryClient),
      shouldRevalidate: ({ currentUrl, nextUrl }) =>
        nextUrl.searchParams.has('token') && currentUrl.href !== nextUrl.href,
      children: [
        {
          ErrorBoundary: RouteError,
          children: [
            // Until takeaway exists, the home page is the recipe-kit menu.
            { index: true, loader: redirectTo(queryClient, '/menu') },
            { path: 'products', loader: redirectTo(queryClient, '/menu') },
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
            {
              loader: guestOnly(queryClient),
              children: [
                {
                  path: 'login',
                  lazy: lazyPage(() =>
                    import('./features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
                  ),
                },
                {
                  path: 'signup',
                  lazy: lazyPage(() =>
                    import('./features/auth/signup-page').then((m) => ({ Component: m.SignupPage })),
                  ),
                },
                {
                  path: 'forgot-password',
                  lazy: lazyPage(() =>
                    import('./features/auth/forgot-password-page').then((m) => ({
                      Component: m.ForgotPasswordPage,
                    })),
                  ),
                },
              ],
            },
            // Not guarded: a signed-in customer returning from a provider, or resetting from an email link.
            {
              path: 'social-login',
              lazy: lazyPage(() =>
                import('./features/auth/social-login-page').then((m) => ({ Component: m.SocialLoginPage })),
              ),
            },
            {
              path: 'auth-facebook-cb',
              lazy: lazyPage(() =>
                import('./features/auth/facebook-callback-page').then((m) => ({
                  Component: m.FacebookCallbackPage,
                })),
              ),
            },
            {
              path: 'forgot-password/reset',
              lazy: lazyPage(() =>
                import('./features/auth/reset-password-page').then((m) => ({
                  Component: m.ResetPasswordPage,
                })),
              ),
            },
            {
              path: 'signed-out',
              lazy: lazyPage(() =>
                import('./features/auth/signed-out-page').then((m) => ({ Component: m.SignedOutPage })),
              ),
            },
            {
              path: 'account',
              loader: requireCustomer(queryClient),
              lazy: lazyPage(() =>
                import('./pages/account/account-layout').then((m) => ({ Component: m.AccountLayout })),
              ),
              children: [
                {
                  index: true,
                  lazy: lazyPage(() =>
                    import('./pages/account/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
                  ),
                },
                { path: 'dashboard', loader: redirectTo(queryClient, '/account') },
                {
                  path: 'my-details',
                  lazy: lazyPage(() =>
                    import('./pages/account/my-details-page').then((m) => ({ Component: m.MyDetailsPage })),
                  ),
                },
                { path: '*', Component: NotFoundPage },
              ],
            },
            { path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
}
