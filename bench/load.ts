import autocannon from 'autocannon';
import { cpuSnapshot, cpuSplit, type CpuSplit } from './cpu';

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
  /** 2xx answers whose body said the request failed (GraphQL errors); counted only where checked. */
  failures?: number;
  /** Where the CPU went during the measured run (bench/cpu.ts). */
  cpu?: CpuSplit | null;
}

/** Whose CPU is whose (bench/cpu.ts), and a warm-up run first whose figures are dropped. */
export interface MeasureOptions {
  cpuRoots?: { server: number[]; postgres: number[] };
  warmupSeconds?: number;
}

/** The nearest-rank percentile of sorted values (q in 0..1), in ms to 0.1 ms; 0 when there are none. */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return Math.round(sorted[rank - 1]! * 10) / 10;
}

/** Runs autocannon (after a warm-up, when asked), recording the latency of every 2xx response and the CPU. */
async function measure(options: autocannon.Options, extra: MeasureOptions = {}): Promise<LoadResult> {
  if (extra.warmupSeconds) await once({ ...options, duration: extra.warmupSeconds });
  const before = cpuSnapshot();
  const result = await once(options);
  const cpu = extra.cpuRoots ? cpuSplit(before, cpuSnapshot(), extra.cpuRoots) : undefined;
  return { ...result, ...(cpu !== undefined ? { cpu } : {}) };
}

function once(options: autocannon.Options): Promise<LoadResult> {
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

export async function hammer(
  url: string,
  connections: number,
  seconds: number,
  extra: MeasureOptions = {},
): Promise<LoadResult> {
  return measure({ url, connections, duration: seconds }, extra);
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
 * quantities grow (well within stock for a run of a few seconds). autocannon resets its per-request context
 * after every request, so what a connection remembers lives on its own copy of the request (Vendure kit,
 * pitfall 8).
 */
export async function addToBasketLoad(
  base: string,
  connections: number,
  seconds: number,
  extra: MeasureOptions = {},
): Promise<LoadResult> {
  const shoppers = await Promise.all(Array.from({ length: connections }, () => newShopper(base)));
  const pairs = await addable(base);
  let next = 0;
  interface State {
    shopper: Shopper;
    picks: { variant: string; week: string }[];
    step: number;
  }
  return measure(
    {
      url: base,
      connections,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const own = request as typeof request & { state?: State };
            own.state ??= {
              shopper: shoppers[next++ % shoppers.length]!,
              picks: Array.from({ length: 8 }, () => pairs[Math.floor(Math.random() * pairs.length)]!),
              step: 0,
            };
            const state = own.state;
            state.step += 1;
            const pair = state.picks[state.step % state.picks.length]!;
            return {
              ...request,
              path: `/api/v2/baskets/${state.shopper.basketId}/items`,
              headers: {
                'content-type': 'application/json',
                'x-branch': 'web',
                cookie: state.shopper.cookie,
              },
              body: JSON.stringify({ product_variant_id: pair.variant, quantity: 1, meal_week: pair.week }),
            };
          },
        },
      ],
    },
    extra,
  );
}

/**
 * The product list as Vendure's kit asks its shop for it (products(take: 20) with variants, price, SKU and
 * stock): our storefront's products(first: 20) of this week's menu collection, the query the menu makes.
 * A 200 carrying GraphQL errors counts as a failure.
 */
export const PRODUCT_LIST_QUERY = `query($h: String!) { collection(handle: $h) { products(first: 20) { nodes {
  id title handle featuredImage { url }
  variants(first: 10) { nodes { id title sku price { amount currencyCode } quantityAvailable } } } } } }`;

export async function productListLoad(
  base: string,
  connections: number,
  seconds: number,
  extra: MeasureOptions = {},
): Promise<LoadResult> {
  const settings = (await (await fetch(`${base}/api/v2/settings`)).json()) as {
    data: { attributes: { menu_weeks: { week_start: string; orderable: boolean }[] } };
  };
  const week = settings.data.attributes.menu_weeks.find((w) => w.orderable)!.week_start;
  const body = JSON.stringify({ query: PRODUCT_LIST_QUERY, variables: { h: week } });
  const headers = {
    'content-type': 'application/json',
    'x-shopify-storefront-access-token': 'demo-storefront-token',
  };
  const probe = (await (
    await fetch(`${base}/storefront/graphql`, { method: 'POST', headers, body })
  ).json()) as {
    data?: { collection?: { products: { nodes: { variants: { nodes: unknown[] } }[] } } };
  };
  const products = probe.data?.collection?.products.nodes ?? [];
  if (products.length < 20 || products.some((p) => p.variants.nodes.length === 0)) {
    throw new Error(`the product list answered ${products.length} products, not 20 with variants`);
  }
  let failures = 0;
  const result = await measure(
    {
      url: `${base}/storefront/graphql`,
      connections,
      duration: seconds,
      method: 'POST',
      headers,
      body,
      requests: [
        {
          onResponse: (status, responseBody) => {
            if (status === 200 && responseBody.includes('"errors"')) failures += 1;
          },
        },
      ],
    },
    extra,
  );
  return { ...result, failures };
}
