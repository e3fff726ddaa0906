import type { SlotFilters } from '../../features/events/events.queries';

// The slot filters of the events pages live in the address (?location=…&month=…&seats=…), so a filtered list
// is rendered on the server, shared and kept on reload.

const MONTH = /^\d{4}-\d{2}$/;
const LOCATION = /^[a-z0-9-]{1,80}$/;

export function filtersFrom(params: URLSearchParams): SlotFilters {
  const location = params.get('location') ?? '';
  const month = params.get('month') ?? '';
  const seats = Number(params.get('seats'));
  return {
    ...(LOCATION.test(location) ? { location } : {}),
    ...(MONTH.test(month) ? { month } : {}),
    ...(Number.isInteger(seats) && seats >= 1 && seats <= 50 ? { seats } : {}),
  };
}

export const isFiltered = (filters: SlotFilters) =>
  filters.location !== undefined || filters.month !== undefined || filters.seats !== undefined;

/** "?location=soho&month=2026-12&seats=4" of the filters set ('' when none), to carry them to another page. */
export function filtersQuery(filters: SlotFilters): string {
  const query = String(
    new URLSearchParams(Object.entries(filters).map(([name, value]) => [name, String(value)])),
  );
  return query ? `?${query}` : '';
}

/** The address's query with one filter changed ('' clears it). */
export function withFilter(params: URLSearchParams, name: 'location' | 'month' | 'seats', value: string) {
  const next = new URLSearchParams(params);
  if (value === '') next.delete(name);
  else next.set(name, value);
  return next;
}
