import type { FastifyRequest } from 'fastify';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { dineInTabMembers, dineInTabs } from '../db/schema/dine-in';
import { diningTables, restaurants } from '../db/schema/restaurants';
import { routedPath } from './routed-path';
import { takeawayBasketOf, type MenuAddressOptions } from './takeaway-menu-address';

// The pages whose address names a restaurant (issue 24): the takeaway menus (/pasta-now?restaurant=…,
// /catering-menu?restaurant=…) and a table's page (/dine-in?restaurant=…&table=…). They are public and
// rendered the same for everyone, so a page load is answered here, before any rendering, only where the
// answer is not the page:
// - an address that names no restaurant of ours, or a table the restaurant does not have, is not a page:
//   404 (the page then renders the shop's not-found screen for it, with the way on);
// - the bare /dine-in (a bookmark, "See the menu" from a tab) goes to the visitor's table: the table of
//   their takeaway basket when it is eaten in, else the table of the signed-in customer's live tab; without
//   either it is the page that asks them to scan the QR code on their table. That answer depends on the
//   cookie, so it is never stored (no-store), as the bare /pasta-now's (takeaway-menu-address.ts).

const PAGES = new Set(['/pasta-now', '/catering-menu', '/dine-in']);
// As the API takes them (contracts/takeaway-basket-fields.ts, contracts/restaurants.ts eatInQuery).
const RESTAURANT_ID = /^[a-z0-9-]{1,40}$/;
const TABLE_MAX = 12;
// A tab that is not over (modules/dine-in/tabs.repo.ts LIVE_TAB_STATES: the server's http layer reads no module).
const LIVE_TAB_STATES = ['opening', 'open', 'settling', 'closing'] as const;

const pathOf = (request: FastifyRequest) => routedPath(request).replace(/\/+$/, '').toLowerCase();
const queryOf = (request: FastifyRequest) => new URLSearchParams(request.url.split('?')[1] ?? '');

/** `/dine-in?restaurant=soho&table=12`, as the web app writes a table's address (features/dine-in/rules.ts). */
function tableAddress(restaurantId: string, table: string | null): string {
  const query = new URLSearchParams({ restaurant: restaurantId });
  if (table) query.set('table', table);
  return `/dine-in?${query.toString()}`;
}

/**
 * Whether a page load's address names a restaurant we do not have (or one that is closed for good), or, on a
 * table's page, a table the restaurant does not have (a restaurant that serves by name takes any).
 */
export async function namesNoRestaurant(
  request: FastifyRequest,
  { db }: Pick<MenuAddressOptions, 'db'>,
): Promise<boolean> {
  if (request.method !== 'GET') return false;
  const path = pathOf(request);
  if (!PAGES.has(path)) return false;
  const query = queryOf(request);
  const restaurantId = query.get('restaurant')?.trim();
  if (!restaurantId) return false;
  if (!RESTAURANT_ID.test(restaurantId)) return true;
  const [restaurant] = await db
    .select({ hasTableNumbers: restaurants.hasTableNumbers })
    .from(restaurants)
    .where(and(eq(restaurants.id, restaurantId), eq(restaurants.active, true)))
    .limit(1);
  if (!restaurant) return true;
  const table = path === '/dine-in' ? query.get('table')?.trim() : undefined;
  if (!table || !restaurant.hasTableNumbers) return false;
  if (table.length > TABLE_MAX) return true;
  const [found] = await db
    .select({ number: diningTables.number })
    .from(diningTables)
    .where(
      and(eq(diningTables.restaurantId, restaurantId), sql`lower(${diningTables.number}) = lower(${table})`),
    )
    .limit(1);
  return !found;
}

/**
 * Where a page load of the bare /dine-in goes (null: not that, or nowhere: the page is served as usual):
 * the table of the visitor's eaten-in takeaway basket, else of the signed-in customer's live tab.
 */
export async function tableRedirect(
  request: FastifyRequest,
  options: MenuAddressOptions,
): Promise<string | null> {
  if (request.method !== 'GET' || pathOf(request) !== '/dine-in') return null;
  const query = queryOf(request);
  if (query.get('restaurant')?.trim() || query.has('token')) return null;
  const basket = await takeawayBasketOf(request, options);
  if (basket?.restaurantId && basket.fulfillmentType === 'eat_in' && !basket.catering) {
    return tableAddress(basket.restaurantId, basket.tableNumber);
  }
  const customerId = request.session?.kind === 'customer' ? request.session.customerId : null;
  if (!customerId) return null;
  const [tab] = await options.db
    .select({ restaurantId: dineInTabs.restaurantId, tableNumber: dineInTabs.tableNumber })
    .from(dineInTabMembers)
    .innerJoin(dineInTabs, eq(dineInTabs.id, dineInTabMembers.tabId))
    .where(and(eq(dineInTabMembers.customerId, customerId), inArray(dineInTabs.state, [...LIVE_TAB_STATES])))
    .orderBy(desc(dineInTabs.openedAt))
    .limit(1);
  return tab ? tableAddress(tab.restaurantId, tab.tableNumber) : null;
}
