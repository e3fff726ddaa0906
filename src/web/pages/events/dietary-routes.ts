import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';

// The dietary form (issue 22 part 3; spec §2 /events/dietary-form/{orderId} and /success): signed out with
// the link's key, or the booker signed in, so no guard; one lazy chunk for both (dietary-chunk.ts).

const page = (name: 'form' | 'success'): Pick<RouteObject, 'lazy'> => ({
  lazy: lazyPage(async () => {
    const m = await import('./dietary-chunk');
    return { Component: name === 'form' ? m.DietaryFormPage : m.DietarySuccessPage };
  }),
});

export const dietaryRoutes = (): RouteObject[] => [
  { path: 'events/dietary-form/success', ...page('success') },
  { path: 'events/dietary-form/:orderId', ...page('form') },
];
