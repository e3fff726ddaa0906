import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import type * as GiftsChunk from './gifts-chunk';
import type * as GiftsPublicChunk from './gifts-public-chunk';

// The gift routes (spec §2 /gift-boxes and the gift box product route, where default basket creation is
// skipped: none of them reads the recipe-kit basket). Two lazy chunks: the public pages (rendered on the
// server, light) and the flow of sending one (signed in: addresses, delivery days, paying); only this table
// is in the first bundle.

type Picked = Pick<RouteObject, 'Component' | 'loader'>;
const publicPage = (pick: (m: typeof GiftsPublicChunk) => Picked) =>
  lazyPage(async () => pick(await import('./gifts-public-chunk')));
const flowPage = (pick: (m: typeof GiftsChunk) => Picked) =>
  lazyPage(async () => pick(await import('./gifts-chunk')));

export function giftRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'gift-boxes',
      lazy: publicPage((m) => ({ Component: m.GiftBoxesPage, loader: m.giftBoxesLoader(queryClient) })),
    },
    {
      path: 'gift-boxes/confirmation',
      shouldRevalidate: () => false,
      lazy: flowPage((m) => ({
        Component: m.GiftConfirmationPage,
        loader: m.giftGuards.confirmation(queryClient),
      })),
    },
    {
      path: 'gift-boxes/:handle',
      lazy: publicPage((m) => ({ Component: m.GiftBoxPage, loader: m.giftBoxesLoader(queryClient) })),
    },
    {
      path: 'gift-boxes/:handle/send',
      lazy: flowPage((m) => ({ Component: m.GiftSendPage, loader: m.giftGuards.send(queryClient) })),
    },
  ];
}
