import type { FastifyRequest } from 'fastify';
import { and, asc, eq, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { baskets, visitors } from '../db/schema/baskets';
import { takeawayBaskets } from '../db/schema/takeaway';
import { hashToken } from '../security/tokens';
import { routedPath } from './routed-path';
import { visitorCookieName } from './visitor';

// A takeaway menu's public address is its restaurant's (/pasta-now?restaurant=soho, /catering-menu?…): the
// server renders it, the same for everyone, and caches it (docs/decisions/0017). The bare address (a
// bookmark, an email's link, "back to the menu") names no restaurant, so it is answered here, before any
// rendering or caching: 302 to the menu of the restaurant the visitor's takeaway basket is for, or to the
// address search when they have none (or a basket of the other kind: catering's is /catering-menu's). The
// answer depends on the visitor's cookie, so it is never stored by anyone (no-store). A sign-in token in
// the address is left to the page, which uses it first and then goes to the same place.

const MENUS: Record<string, { catering: boolean; search: string }> = {
  '/pasta-now': { catering: false, search: '/pasta-now-search-address' },
  '/catering-menu': { catering: true, search: '/catering-search-address' },
};

export interface MenuAddressOptions {
  db: Db;
  secureCookies: boolean;
}

export interface TakeawayBasketPlace {
  restaurantId: string | null;
  catering: boolean;
  fulfillmentType: 'delivery' | 'pickup' | 'eat_in' | null;
  tableNumber: string | null;
}

/**
 * The restaurant of the browser's (or the signed-in customer's) takeaway basket, whether it is catering, and
 * how it is had (eaten in: at which table; http/restaurant-addresses.ts).
 */
export async function takeawayBasketOf(
  request: FastifyRequest,
  { db, secureCookies }: MenuAddressOptions,
): Promise<TakeawayBasketPlace | null> {
  const token = request.cookies[visitorCookieName(secureCookies)];
  const [visitor] =
    token && token.length <= 64
      ? await db
          .select({ id: visitors.id })
          .from(visitors)
          .where(eq(visitors.tokenHash, hashToken(token)))
          .limit(1)
      : [];
  const customerId = request.session?.kind === 'customer' ? request.session.customerId : null;
  // Whose baskets: this browser's and the signed-in customer's, as every basket call reads them.
  const owners = [
    visitor ? eq(baskets.visitorId, visitor.id) : null,
    customerId ? eq(baskets.customerId, customerId) : null,
  ].filter((condition): condition is SQL => condition !== null);
  if (owners.length === 0) return null;
  // The first takeaway basket, as the web app's GET /baskets reads it.
  const [row] = await db
    .select({
      restaurantId: takeawayBaskets.restaurantId,
      catering: takeawayBaskets.isCateringOrder,
      fulfillmentType: takeawayBaskets.fulfillmentType,
      tableNumber: takeawayBaskets.tableNumber,
    })
    .from(baskets)
    .innerJoin(takeawayBaskets, eq(takeawayBaskets.basketId, baskets.id))
    .where(and(eq(baskets.type, 'TakeawayBasket'), or(...owners)))
    .orderBy(asc(baskets.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Where a page load of a bare takeaway menu address goes (null: not one, so the page is served as usual):
 * `/pasta-now` → `/pasta-now?restaurant=<the basket's>` or the address search; other query parameters kept.
 */
export async function takeawayMenuRedirect(
  request: FastifyRequest,
  options: MenuAddressOptions,
): Promise<string | null> {
  if (request.method !== 'GET') return null;
  const path = routedPath(request).replace(/\/+$/, '').toLowerCase();
  const menu = MENUS[path];
  if (!menu) return null;
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  if (query.get('restaurant')?.trim() || query.has('token')) return null;
  const basket = await takeawayBasketOf(request, options);
  if (!basket?.restaurantId || basket.catering !== menu.catering) return menu.search;
  query.delete('restaurant');
  query.set('restaurant', basket.restaurantId);
  return `${path}?${query.toString()}`;
}
