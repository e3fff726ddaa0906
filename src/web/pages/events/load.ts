import type { QueryClient } from '@tanstack/react-query';
import type { BookingScreen } from './booking-chunk';

// Events' screens, loaded through this small module rather than straight from the route table (which is in
// every page's first JS): each lazy import there carries its list of files to preload, and these lists load
// only on the way to an events page (as pages/dine-in/load.ts). Three chunks: the public pages (rendered on
// the server, no forms or payments), the booking and its checkout, and paying (the only one with payment code).

export type Screen = 'themes' | 'theme' | BookingScreen | 'payment';

export async function route(queryClient: QueryClient, name: Screen) {
  if (name === 'themes' || name === 'theme') {
    const m = await import('./public-chunk');
    return name === 'themes'
      ? { Component: m.ThemesPage, loader: m.themesLoader(queryClient) }
      : { Component: m.ThemePage, loader: m.themeLoader(queryClient) };
  }
  return name === 'payment'
    ? (await import('./payment-chunk')).paymentRoute(queryClient)
    : (await import('./booking-chunk')).bookingRoute(queryClient, name);
}

/** The dietary form and its thanks (issue 22 part 3; dietary-routes.ts), one chunk of their own. */
export async function dietaryPage(name: 'form' | 'success') {
  const m = await import('./dietary-chunk');
  return { Component: name === 'form' ? m.DietaryFormPage : m.DietarySuccessPage };
}
