import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import type * as GiftsChunk from './gifts-chunk';

// The gift routes (spec §2 /gift-boxes and the gift box product route, where default basket creation is
// skipped: none of them reads the recipe-kit basket). One lazy chunk; only this table is in the first bundle.

type Chunk = typeof GiftsChunk;
const page = (pick: (m: Chunk) => Pick<RouteObject, 'Component' | 'loader'>) =>
  lazyPage(async () => pick(await import('./gifts-chunk')));

export function giftRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'gift-boxes',
      lazy: page((m) => ({ Component: m.GiftBoxesPage, loader: m.giftBoxesLoader(queryClient) })),
    },
    {
      path: 'gift-boxes/confirmation',
      shouldRevalidate: () => false,
      lazy: page((m) => ({
        Component: m.GiftConfirmationPage,
        loader: m.giftGuards.confirmation(queryClient),
      })),
    },
    {
      path: 'gift-boxes/:handle',
      lazy: page((m) => ({ Component: m.GiftBoxPage, loader: m.giftBoxesLoader(queryClient) })),
    },
    {
      path: 'gift-boxes/:handle/send',
      lazy: page((m) => ({ Component: m.GiftSendPage, loader: m.giftGuards.send(queryClient) })),
    },
  ];
}
