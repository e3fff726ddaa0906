import { queryOptions } from '@tanstack/react-query';
import { eatInQueries, type EatInAvailability } from '../../features/takeaway/discovery/eat-in.queries';
import { isApiError } from '../../shared/api/client';

// Whether a table can order now (GET /restaurants/{id}/eat_in_available?table=…): a table's page's first read,
// on the server and in the browser. The light query (/pasta-type's), not dine-in's own module, whose tab and
// guest contracts (about 50 KB) a table's first screen does not need.
// An address that names no restaurant of ours is an answer (null), never an error, so the server's render
// and the browser's first one read the same (an error is not carried into the page), and so is a table
// number longer than any table's (the API refuses it): a table the restaurant does not have.

/** The longest table number the API takes (contracts/restaurants.ts eatInQuery). */
const TABLE_MAX = 12;

export const tableCheck = (restaurantId: string, table: string | null) => {
  const asked = table !== null && table.length > TABLE_MAX ? null : table;
  const availability = eatInQueries.availability(restaurantId, asked);
  return queryOptions({
    queryKey: [...availability.queryKey, 'page', table] as const,
    queryFn: async (context): Promise<EatInAvailability | null> => {
      try {
        const facts = await availability.queryFn!({ ...context, queryKey: availability.queryKey });
        return table !== null && asked === null && facts.hasTableNumbers
          ? { ...facts, table: { number: table, exists: false } }
          : facts;
      } catch (error) {
        // VALIDATION_FAILED: the restaurant's id is not one at all.
        if (isApiError(error, 'RESTAURANT_NOT_FOUND', 'VALIDATION_FAILED')) return null;
        throw error;
      }
    },
    staleTime: 30_000,
    retry: (count: number) => count < 2,
  });
};
