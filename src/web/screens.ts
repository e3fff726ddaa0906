import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

// The signed-in and sign-in screens the route table (routes.tsx) names, loaded through this small module
// rather than from the table itself. The table is in every page's first JS, and each lazy import written there
// carries the list of files to preload with it: the order page's alone named seventy once an event booking's
// section joined it (issue 22). Here those lists load only on the way to one of these screens (as dine-in's
// and events' load.ts do), one small request before the screen's own.

type Route = Pick<RouteObject, 'Component' | 'loader' | 'element'>;

const screens = {
  order: async () => ({ Component: (await import('./pages/order-page')).OrderPage }),
  oneOffView: async () => ({ Component: (await import('./pages/order-page')).OneOffViewPage }),
  myBasket: async (queryClient: QueryClient) => ({
    loader: (await import('./pages/restore-basket-page')).restoreBasketLoader(queryClient, '/menu'),
    element: null,
  }),
  myRecipeKitBasket: async (queryClient: QueryClient) => ({
    loader: (await import('./pages/restore-basket-page')).restoreBasketLoader(queryClient, '/checkout'),
    element: null,
  }),
  login: async () => ({ Component: (await import('./features/auth/login-page')).LoginPage }),
  signup: async () => ({ Component: (await import('./features/auth/signup-page')).SignupPage }),
  forgotPassword: async () => ({
    Component: (await import('./features/auth/forgot-password-page')).ForgotPasswordPage,
  }),
  socialLogin: async () => ({
    Component: (await import('./features/auth/social-login-page')).SocialLoginPage,
  }),
  facebookCallback: async () => ({
    Component: (await import('./features/auth/facebook-callback-page')).FacebookCallbackPage,
  }),
  resetPassword: async () => ({
    Component: (await import('./features/auth/reset-password-page')).ResetPasswordPage,
  }),
  signedOut: async () => ({ Component: (await import('./features/auth/signed-out-page')).SignedOutPage }),
  accountLayout: async () => ({ Component: (await import('./pages/account/account-layout')).AccountLayout }),
  dashboard: async () => ({ Component: (await import('./pages/account/dashboard-page')).DashboardPage }),
  orderHistory: async () => ({
    Component: (await import('./pages/account/order-history-page')).OrderHistoryPage,
  }),
  paymentMethods: async () => ({
    Component: (await import('./pages/account/payment-methods-page')).PaymentMethodsPage,
  }),
  myDetails: async () => ({ Component: (await import('./pages/account/my-details-page')).MyDetailsPage }),
  rewards: async () => ({ Component: (await import('./pages/account/rewards-page')).RewardsPage }),
  // /refer/{token} (decision 30): a friend's referral link, public.
  refer: async () => ({ Component: (await import('./pages/rewards/refer-page')).ReferPage }),
  // /rate-my-takeaway's confirmation (issue 23): the email link's key or the customer signed in. The page
  // itself is public, a route of its own (routes.tsx).
  rated: async () => ({ Component: (await import('./pages/ratings/ratings-chunk')).RatingConfirmationPage }),
} satisfies Record<string, (queryClient: QueryClient) => Promise<Route>>;

export type ScreenName = keyof typeof screens;

export function loadScreen(name: ScreenName, queryClient: QueryClient): Promise<Route> {
  return screens[name](queryClient);
}
