import pg from 'pg';
import { percentiles, signedUpCustomer, type Percentiles } from './checkout';
import { hammer, type LoadResult, type MeasureOptions } from './load';

// Issue 13 part 7: the takeaway menu and placing takeaway orders under load, on PostgreSQL.
// - Menu: GET /restaurants/soho/menu at `connections` connections (autocannon), as Pasta Now's page reads it
//   (and refetches every 60 s).
// - Orders: `connections` customers at once, each over and over: a takeaway basket (collection, ASAP) with
//   two dishes, POST /orders/takeaway (timed), then paid (not timed) so the next order is a new one. The
//   customers are spread over five London restaurants; every placement locks its slot's row, so the figures
//   include the slot-capacity check under contention. Slot capacity is raised for the run so that the
//   figures are of orders, not of "fully booked" refusals (counted all the same).

export interface TakeawayOrderLoad {
  placed: number;
  refused: number;
  failures: number;
  perSecond: number;
  place: Percentiles;
}

const RESTAURANTS = ['soho', 'borough', 'clapham', 'islington', 'hackney'];

export function menuLoad(
  base: string,
  connections: number,
  seconds: number,
  extra: MeasureOptions = {},
): Promise<LoadResult> {
  return hammer(
    `${base}/api/v2/restaurants/soho/menu?fulfillment_type=delivery`,
    connections,
    seconds,
    extra,
  );
}

export async function takeawayOrderLoad(
  base: string,
  databaseUrl: string,
  connections: number,
  seconds: number,
): Promise<TakeawayOrderLoad> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query('update restaurants set slot_capacity = 500, busy_minutes = 0');
  const customers = [];
  // Sign-ups from one address are limited (20 an hour): the bench clears the counter between them.
  for (let i = 0; i < connections; i++) {
    if (i % 15 === 0) await admin.query('delete from rate_limits');
    customers.push(await signedUpCustomer(base, 1000 + i));
  }
  await admin.end();

  const place: number[] = [];
  let refused = 0;
  let failures = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    customers.map(async ({ customer, cardId }, index) => {
      const restaurantId = RESTAURANTS[index % RESTAURANTS.length]!;
      while (Date.now() < until) {
        const basket = await customer.call('POST', '/api/v2/baskets', {
          type: 'TakeawayBasket',
          restaurant_id: restaurantId,
          fulfillment_type: 'pickup',
          time_slot: { asap: true },
        });
        const basketId = basket.body?.data?.id as string | undefined;
        if (!basketId) {
          failures++;
          continue;
        }
        await customer.call('POST', `/api/v2/baskets/${basketId}/takeaway_items`, {
          product_id: 2001,
          quantity: 1,
          sub_items: [{ product_id: 3002 }, { product_id: 3011 }],
        });
        await customer.call('POST', `/api/v2/baskets/${basketId}/takeaway_items`, {
          product_id: 2020,
          quantity: 1,
        });
        const started = performance.now();
        const placed = await customer.call('POST', '/api/v2/orders/takeaway', { basket_id: basketId });
        const took = performance.now() - started;
        if (placed.status === 400) {
          refused++;
          await customer.call('DELETE', `/api/v2/baskets/${basketId}`);
          continue;
        }
        if (placed.status !== 201) {
          failures++;
          continue;
        }
        place.push(took);
        const paid = await customer.call('POST', '/api/v2/payments', {
          order_id: placed.body.data.id,
          payment_method_id: cardId,
        });
        if (paid.status !== 201) failures++;
      }
    }),
  );
  return {
    placed: place.length,
    refused,
    failures,
    perSecond: Math.round((place.length / seconds) * 10) / 10,
    place: percentiles(place),
  };
}
