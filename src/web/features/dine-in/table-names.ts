// A table's menu address and title: apart from the rest of dine-in's rules, as the table's public page
// (a first load, issue 24) needs only these.

/** A table's menu: /dine-in?restaurant=…&table=… (no table where the restaurant serves by name). */
export function tableMenuPath(restaurantId: string, tableNumber: string | null): string {
  const query = new URLSearchParams({ restaurant: restaurantId });
  if (tableNumber) query.set('table', tableNumber);
  return `/dine-in?${query.toString()}`;
}

/** "Table 12 · Sfoglia Soho", or the restaurant alone where it serves by name. */
export function tableTitle(restaurantName: string, tableNumber: string | null): string {
  return tableNumber ? `Table ${tableNumber} · ${restaurantName}` : restaurantName;
}
