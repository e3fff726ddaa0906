import pg from 'pg';
import { percentiles, signedUpCustomer, type Percentiles } from './checkout';
import { hammer, type LoadResult, type MeasureOptions } from './load';

// Issue 13 part 7: the takeaway menu and placing takeaway orders under load, on PostgreSQL.
// - Menu: GET /restaurants/soho/menu at `connections` connections (autocannon), as Pasta Now's page reads it
//   (and refetches every 60 s).
// - Orders: `connections` customers at once, each over and over: a takeaway basket (collection, ASAP) with
//   two dishes, POST /orders/takeaway (timed), then paid (not timed) so the next order is a new one. The
//   customers are spread over the four London restaurants open at lunch; every placement locks its slot's row, so the figures
//   include the slot-capacity check under contention. Slot capacity is raised for the run so that the
//   figures are of orders, not of "fully booked" refusals (counted all the same).

export interface TakeawayOrderLoad {
  placed: number;
  refused: number;
  /** The refusals' error codes, with how many of each. */
  refusedWhy: Record<string, number>;
  failures: number;
  perSecond: number;
  place: Percentiles;
  /** Issue 24 part 6: each step of a customer's round, timed, to see which one bounds the rate. */
  steps: {
    basket: Percentiles;
    items: Percentiles;
    place: Percentiles;
    pay: Percentiles;
    round: Percentiles;
  };
  /** What the shop's PostgreSQL sessions were doing, sampled every 50 ms during the run. */
  sessions: SessionSamples;
}

/**
 * pg_stat_activity sampled through the run: per sample, how many of the shop's sessions were running a
 * statement, waiting for a lock (and on which statement), idle inside a transaction, or idle.
 */
export interface SessionSamples {
  samples: number;
  /** Mean sessions per sample in each state. */
  mean: { active: number; lockWait: number; idleInTransaction: number; idle: number; total: number };
  /** Share of samples with at least one session waiting for a lock, in %. */
  samplesWithLockWait: number;
  /** The statements sessions waited on a lock in, with how many session-samples each. */
  lockWaitsOn: { statement: string; sessionSamples: number }[];
}

/** Samples pg_stat_activity every 50 ms until `stop` is called. */
function sampleSessions(databaseUrl: string): { stop(): Promise<SessionSamples> } {
  const client = new pg.Client({ connectionString: databaseUrl });
  const sum = { active: 0, lockWait: 0, idleInTransaction: 0, idle: 0, total: 0 };
  const waitsOn = new Map<string, number>();
  let samples = 0;
  let withWait = 0;
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ state: string | null; wait: string | null; query: string }>(
        `select state, wait_event_type as wait, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as query
           from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
      samples += 1;
      let waiting = 0;
      for (const row of rows) {
        sum.total += 1;
        if (row.wait === 'Lock') {
          waiting += 1;
          sum.lockWait += 1;
          waitsOn.set(row.query, (waitsOn.get(row.query) ?? 0) + 1);
        } else if (row.state === 'active') sum.active += 1;
        else if (row.state?.startsWith('idle in transaction')) sum.idleInTransaction += 1;
        else sum.idle += 1;
      }
      if (waiting > 0) withWait += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const mean = (n: number) => Math.round((n / Math.max(1, samples)) * 10) / 10;
      return {
        samples,
        mean: {
          active: mean(sum.active),
          lockWait: mean(sum.lockWait),
          idleInTransaction: mean(sum.idleInTransaction),
          idle: mean(sum.idle),
          total: mean(sum.total),
        },
        samplesWithLockWait: Math.round((withWait / Math.max(1, samples)) * 100),
        lockWaitsOn: [...waitsOn]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([statement, sessionSamples]) => ({ statement, sessionSamples })),
      };
    },
  };
}

// The London restaurants open at lunchtime (Hackney opens at 5pm: its ASAP orders would all be refused).
const RESTAURANTS = ['soho', 'borough', 'clapham', 'islington'];

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
  /** Wraps the measured run (the sign-ups before it are not), e.g. to take its CPU split. */
  around: <T>(run: () => Promise<T>) => Promise<T> = (run) => run(),
): Promise<TakeawayOrderLoad> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query('update restaurants set slot_capacity = 500, busy_minutes = 0');
  const customers: Awaited<ReturnType<typeof signedUpCustomer>>[] = [];
  // Sign-ups from one address are limited (20 an hour): the bench clears the counter between them.
  for (let i = 0; i < connections; i++) {
    if (i % 15 === 0) await admin.query('delete from rate_limits');
    customers.push(await signedUpCustomer(base, 1000 + i));
  }
  await admin.end();

  const place: number[] = [];
  const steps = { basket: [] as number[], items: [] as number[], pay: [] as number[], round: [] as number[] };
  let refused = 0;
  const refusedWhy: Record<string, number> = {};
  let failures = 0;
  const sessions = sampleSessions(databaseUrl);
  const until = Date.now() + seconds * 1000;
  const timed = async <T>(into: number[], call: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await call();
    into.push(performance.now() - started);
    return result;
  };
  const measured = around(() =>
    Promise.all(
      customers.map(async ({ customer, cardId }, index) => {
        const restaurantId = RESTAURANTS[index % RESTAURANTS.length]!;
        while (Date.now() < until) {
          const round = performance.now();
          const basket = await timed(steps.basket, () =>
            customer.call('POST', '/api/v2/baskets', {
              type: 'TakeawayBasket',
              restaurant_id: restaurantId,
              fulfillment_type: 'pickup',
              time_slot: { asap: true },
            }),
          );
          const basketId = basket.body?.data?.id as string | undefined;
          if (!basketId) {
            failures++;
            continue;
          }
          await timed(steps.items, async () => {
            await customer.call('POST', `/api/v2/baskets/${basketId}/takeaway_items`, {
              product_id: 2001,
              quantity: 1,
              sub_items: [{ product_id: 3002 }, { product_id: 3011 }],
            });
            await customer.call('POST', `/api/v2/baskets/${basketId}/takeaway_items`, {
              product_id: 2020,
              quantity: 1,
            });
          });
          const started = performance.now();
          const placed = await customer.call('POST', '/api/v2/orders/takeaway', { basket_id: basketId });
          const took = performance.now() - started;
          if (placed.status === 400) {
            refused++;
            for (const error of (placed.body?.errors ?? []) as { code?: string }[]) {
              const code = error.code ?? 'unknown';
              refusedWhy[code] = (refusedWhy[code] ?? 0) + 1;
            }
            await customer.call('DELETE', `/api/v2/baskets/${basketId}`);
            continue;
          }
          if (placed.status !== 201) {
            failures++;
            continue;
          }
          place.push(took);
          const paid = await timed(steps.pay, () =>
            customer.call('POST', '/api/v2/payments', {
              order_id: placed.body.data.id,
              payment_method_id: cardId,
            }),
          );
          if (paid.status !== 201) failures++;
          steps.round.push(performance.now() - round);
        }
      }),
    ),
  );
  await measured;
  const sampled = await sessions.stop();
  return {
    placed: place.length,
    refused,
    refusedWhy,
    failures,
    perSecond: Math.round((place.length / seconds) * 10) / 10,
    place: percentiles(place),
    steps: {
      basket: percentiles(steps.basket),
      items: percentiles(steps.items),
      place: percentiles(place),
      pay: percentiles(steps.pay),
      round: percentiles(steps.round),
    },
    sessions: sampled,
  };
}
