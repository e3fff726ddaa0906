import type { QueryClient } from '@tanstack/react-query';
import { firstScreenLoader } from '../../app/first-screen';
import { eventQueries } from '../../features/events/events.queries';
import { filtersFrom, isFiltered } from './filters';

// The public events pages' first screens (docs/decisions/0017): on the server, in the HTML.

const paramsOf = (request: Request) => new URL(request.url).searchParams;

export const themesLoader = (queryClient: QueryClient) =>
  firstScreenLoader({
    firstScreen: async ({ request }) => {
      const filters = filtersFrom(paramsOf(request));
      await Promise.all([
        queryClient.prefetchQuery(eventQueries.templates()),
        queryClient.prefetchQuery(eventQueries.filterOptions()),
        isFiltered(filters) ? queryClient.prefetchQuery(eventQueries.slots(filters)) : null,
      ]);
    },
  });

export const themeLoader = (queryClient: QueryClient) =>
  firstScreenLoader({
    firstScreen: async ({ request, params }) => {
      const id = params.id ?? '';
      const filters = filtersFrom(paramsOf(request));
      await Promise.all([
        queryClient.prefetchQuery(eventQueries.template(id)),
        queryClient.prefetchQuery(eventQueries.filterOptions()),
        queryClient.prefetchQuery(eventQueries.slots({ ...filters, template: id })),
      ]);
    },
  });
