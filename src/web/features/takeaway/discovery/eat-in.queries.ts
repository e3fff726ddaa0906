import { queryOptions } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { diningTablesDocument } from '../../../../contracts/dine-in';
import { eatInAvailableDocument } from '../../../../contracts/restaurants';
import { api } from '../../../shared/api/client';
import { read } from '../../../shared/api/documents';
import { restaurantQueries } from '../restaurants.queries';

// Eat-in from /pasta-type (issue 21 part 1): a restaurant's tables (GET /restaurants/{id}/tables) and whether
// a table can order now (GET /restaurants/{id}/eat_in_available?table=…). Apart from restaurants.queries.ts,
// which the public address search loads at once: these only load with the choice of how to have it.

// Checked in development and tests; a production build trusts the server, which checked it (decision 31).
const tablesCheck = import.meta.env.PROD ? null : diningTablesDocument;
const availabilityCheck = import.meta.env.PROD ? null : eatInAvailableDocument;
/** Read without parsing in production: first-load-reads.test.ts holds each to the data as sent. */
export const UNPARSED_IN_PRODUCTION = [tablesCheck, availabilityCheck];

export type EatInAvailability = z.infer<typeof eatInAvailableDocument>['data']['attributes'];

export const eatInQueries = {
  /** The restaurant's table numbers, in its order. */
  tables: (restaurantId: string) =>
    queryOptions({
      queryKey: [...restaurantQueries.all, 'tables', restaurantId] as const,
      queryFn: async ({ signal }): Promise<string[]> =>
        read(tablesCheck, await api('GET', `/restaurants/${restaurantId}/tables`, { signal })).data.map(
          (table) => table.attributes.number,
        ),
      staleTime: 5 * 60_000,
    }),
  /** Whether the table can order now, and whether it is one of the restaurant's. */
  availability: (restaurantId: string, table: string | null) =>
    queryOptions({
      queryKey: [...restaurantQueries.all, 'eat-in', restaurantId, table] as const,
      queryFn: async ({ signal }): Promise<EatInAvailability> =>
        read(
          availabilityCheck,
          await api('GET', `/restaurants/${restaurantId}/eat_in_available`, {
            query: { table: table ?? undefined },
            signal,
          }),
        ).data.attributes,
      staleTime: 0,
    }),
};
