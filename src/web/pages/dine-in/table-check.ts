import { eatInQueries } from '../../features/takeaway/discovery/eat-in.queries';
import { isApiError } from '../../shared/api/client';

// Whether a table can order now (GET /restaurants/{id}/eat_in_available?table=…): a table's page's first read,
// on the server and in the browser. The light query (/pasta-type's), not dine-in's own module, whose tab and
// guest contracts (about 50 KB) a table's first screen does not need.

export const tableCheck = (restaurantId: string, table: string | null) => ({
  ...eatInQueries.availability(restaurantId, table),
  staleTime: 30_000,
  retry: (count: number, error: Error) => !isApiError(error, 'RESTAURANT_NOT_FOUND') && count < 2,
});
