import type { QueryClient } from '@tanstack/react-query';
import { firstScreenLoader } from '../../app/first-screen';
import { menuQueries } from '../../features/menu/menu.queries';

/** The gift boxes and a box's page show the storefront's gift boxes: on the server, in the HTML. */
export const giftBoxesLoader = (queryClient: QueryClient) =>
  firstScreenLoader({ firstScreen: () => queryClient.prefetchQuery(menuQueries.giftBoxes()) });
