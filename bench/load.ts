import autocannon from 'autocannon';

// Load figures for `npm run bench`. autocannon 8's latency histogram has p50, p97.5 and p99 but no p95, so
// the latencies are taken here from every response instead (as autocannon's own histogram does, 2xx only)
// and the percentiles computed from them.

export interface LoadResult {
  requests: number;
  rps: number;
  /** Milliseconds, to 0.1 ms. */
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** The nearest-rank percentile of sorted values (q in 0..1), in ms to 0.1 ms; 0 when there are none. */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return Math.round(sorted[rank - 1]! * 10) / 10;
}

/** Runs autocannon, recording the latency of every 2xx response, and summarises the run. */
function measure(options: autocannon.Options): Promise<LoadResult> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, result: autocannon.Result) => {
      if (error) return reject(error instanceof Error ? error : new Error(String(error)));
      const sorted = Float64Array.from(latencies).sort();
      resolve({
        requests: result.requests.total,
        rps: Math.round(result.requests.average),
        p50: percentile(sorted, 0.5),
        p95: percentile(sorted, 0.95),
        p99: percentile(sorted, 0.99),
        errors: result.errors,
        non2xx: result.non2xx,
      });
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

export async function hammer(url: string, connections: number, seconds: number): Promise<LoadResult> {
  return measure({ url, connections, duration: seconds });
}

interface Shopper {
  cookie: string;
  basketId: string;
}

async function newShopper(base: string): Promise<Shopper> {
  const response = await fetch(`${base}/api/v2/baskets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-branch': 'web' },
    body: JSON.stringify({ type: 'RecipeKitBasket', start_subscription: true }),
  });
  if (response.status !== 201) throw new Error(`could not create a basket: ${response.status}`);
  const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
  const { data } = (await response.json()) as { data: { id: string } };
  return { cookie, basketId: data.id };
}

/** What can be added: every variant on the menu of every orderable week (from the storefront). */
async function addable(base: string): Promise<{ variant: string; week: string }[]> {
  const settings = (await (await fetch(`${base}/api/v2/settings`)).json()) as {
    data: { attributes: { menu_weeks: { week_start: string; orderable: boolean }[] } };
  };
  const weeks = settings.data.attributes.menu_weeks.filter((w) => w.orderable).map((w) => w.week_start);
  const pairs: { variant: string; week: string }[] = [];
  for (const week of weeks) {
    const response = await fetch(`${base}/storefront/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-storefront-access-token': 'demo-storefront-token',
      },
      body: JSON.stringify({
        query: `query($h:String!){collection(handle:$h){products(first:100){nodes{tags productType variants(first:2){nodes{id quantityAvailable}}}}}}`,
        variables: { h: week },
      }),
    });
    const json = (await response.json()) as {
      data: {
        collection: {
          products: {
            nodes: {
              tags: string[];
              productType: string;
              variants: { nodes: { id: string; quantityAvailable: number }[] };
            }[];
          };
        };
      };
    };
    for (const product of json.data.collection.products.nodes) {
      if (product.tags.includes('hide-from-menu') || product.productType !== 'Pasta Kit') continue;
      for (const v of product.variants.nodes)
        if (v.quantityAvailable >= 40) pairs.push({ variant: v.id, week });
    }
  }
  return pairs;
}

/**
 * Add-to-basket under load: `connections` shoppers, each with their own basket of a realistic size: each
 * request adds one portion of the next of 8 dishes the shopper has picked, so baskets hold 8 lines whose
 * quantities grow (well within stock for a run of a few seconds).
 */
export async function addToBasketLoad(
  base: string,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const shoppers = await Promise.all(Array.from({ length: connections }, () => newShopper(base)));
  const pairs = await addable(base);
  let next = 0;
  return measure({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request, ctx) => {
          const context = ctx as Record<string, unknown>;
          const shopper = (context.shopper ??= shoppers[next++ % shoppers.length]) as Shopper;
          const picks = (context.picks ??= Array.from(
            { length: 8 },
            () => pairs[Math.floor(Math.random() * pairs.length)]!,
          )) as { variant: string; week: string }[];
          const step = ((context.step as number | undefined) ?? 0) + 1;
          context.step = step;
          const pair = picks[step % picks.length]!;
          return {
            ...request,
            path: `/api/v2/baskets/${shopper.basketId}/items`,
            headers: { 'content-type': 'application/json', 'x-branch': 'web', cookie: shopper.cookie },
            body: JSON.stringify({ product_variant_id: pair.variant, quantity: 1, meal_week: pair.week }),
          };
        },
      },
    ],
  });
}
