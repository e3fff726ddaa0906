// A takeaway menu's public address (issue 24 part 2): the restaurant in the query, so the server renders it
// the same for everyone (docs/decisions/0017) and the visitor's basket joins once the page is live. The bare
// /pasta-now and /catering-menu go to the basket's restaurant's (the server, or the route's loader).

export const menuAddress = (restaurantId: string, catering: boolean) =>
  `${catering ? '/catering-menu' : '/pasta-now'}?restaurant=${encodeURIComponent(restaurantId)}`;

/** The restaurant a menu address names, or null. */
export const restaurantOfAddress = (search: URLSearchParams): string | null =>
  search.get('restaurant')?.trim() || null;
