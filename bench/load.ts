import { Agent, request as httpRequest } from 'node:http';
import autocannon from 'autocannon';
import { cpuSnapshot, cpuSplit, type CpuSplit } from './cpu';

// Load figures for `npm run bench`. autocannon 8's latency histogram has p50, p97.5 and p99 but no p95, so
// the latencies are taken here from every response instead (as autocannon's own histogram does, 2xx only)
// and the percentiles computed from them.

export interface LoadResult {
  requests: number;
  rps: number;
  /** 2xx answers per second (what "successful adds per second" compares). */
  okPerSecond?: number;
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
        okPerSecond: Math.round(result['2xx'] / (result.duration || 1)),
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

/** Shoppers per connection: enough baskets that a fast run keeps every line well within stock and the cap. */
const SHOPPERS_PER_CONNECTION = 4;

interface AddPlan {
  shopper: Shopper;
  picks: { variant: string; week: string }[];
  step: number;
}

/** What the add-to-basket loads share: baskets ready to add to, each with 8 dishes picked for it. */
async function addPlans(base: string, count: number): Promise<AddPlan[]> {
  const shoppers: Shopper[] = [];
  // In batches, so that making the baskets does not itself overload the shop.
  for (let i = 0; i < count; i += 25)
    shoppers.push(
      ...(await Promise.all(Array.from({ length: Math.min(25, count - i) }, () => newShopper(base)))),
    );
  const pairs = await addable(base);
  // Eight different dishes a basket (a dish picked twice would reach its stock twice as fast).
  const eightOf = () => {
    const order = pairs.map((pair) => ({ pair, key: Math.random() })).sort((a, b) => a.key - b.key);
    return order.slice(0, 8).map(({ pair }) => pair);
  };
  return shoppers.map((shopper) => ({ shopper, picks: eightOf(), step: 0 }));
}

/** The next add of a basket: one portion of the next of its 8 dishes. */
function nextAdd(plan: AddPlan) {
  plan.step += 1;
  const pair = plan.picks[plan.step % plan.picks.length]!;
  return {
    method: 'POST',
    path: `/api/v2/baskets/${plan.shopper.basketId}/items`,
    headers: { 'content-type': 'application/json', 'x-branch': 'web', cookie: plan.shopper.cookie },
    body: JSON.stringify({ product_variant_id: pair.variant, quantity: 1, meal_week: pair.week }),
  };
}

/**
 * Add-to-basket under load: `connections` connections, each adding in turn to its own few shoppers' baskets
 * of a realistic size: each request adds one portion of the next of 8 dishes the basket's shopper picked, so
 * baskets hold 8 lines whose quantities grow (well within stock for a run of a few seconds, even at a few
 * thousand adds a second). autocannon resets its per-request context after every request, so what a
 * connection remembers lives on its own copy of the request (Vendure kit, pitfall 8).
 */
export async function addToBasketLoad(
  base: string,
  connections: number,
  seconds: number,
  extra: MeasureOptions = {},
): Promise<LoadResult> {
  const plans = await addPlans(base, connections * SHOPPERS_PER_CONNECTION);
  let next = 0;
  interface State {
    own: AddPlan[];
    turn: number;
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
            const mine = request as typeof request & { state?: State };
            mine.state ??= {
              own: Array.from({ length: SHOPPERS_PER_CONNECTION }, () => plans[next++ % plans.length]!),
              turn: 0,
            };
            const state = mine.state;
            state.turn += 1;
            const add = nextAdd(state.own[state.turn % state.own.length]!);
            return { ...request, path: add.path, headers: add.headers, body: add.body };
          },
        },
      ],
    },
    extra,
  );
}

export interface OpenLoopResult {
  /** Requests per second asked for, and for how long. */
  rate: number;
  seconds: number;
  sent: number;
  ok: number;
  /** Latency from when each request was due (not when it went out), ms to 0.1 ms, 2xx only. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Requests not answered 2xx: errors, other statuses, no answer within 10 s. */
  misses: number;
  /** Requests the load generator itself sent over 2 ms late (its own lag, not the server's). */
  lateSends: number;
  cpu?: CpuSplit | null;
}

/**
 * An open loop: a request is due every 1/rate s whatever the answers, on as many connections as that needs,
 * and each latency counts from when its request was due, so a slow answer delays no later request and
 * queueing cannot hide what one request costs (the coordinated omission a closed loop has).
 */
export async function openLoop(
  base: string,
  rate: number,
  seconds: number,
  next: () => { method: string; path: string; headers: Record<string, string>; body?: string },
  extra: MeasureOptions = {},
): Promise<OpenLoopResult> {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const send = (due: number, latencies: number[] | null) =>
    new Promise<'ok' | 'miss'>((resolve) => {
      const { method, path, headers, body } = next();
      const req = httpRequest(
        { host: url.hostname, port: url.port, method, path, headers, agent, timeout: 10_000 },
        (res) => {
          res.resume();
          res.on('end', () => {
            const ok = res.statusCode! >= 200 && res.statusCode! < 300;
            if (ok) latencies?.push(performance.now() - due);
            resolve(ok ? 'ok' : 'miss');
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve('miss'));
      req.end(body);
    });
  const run = async (runSeconds: number, latencies: number[] | null) => {
    const interval = 1000 / rate;
    const count = Math.round(runSeconds * rate);
    const start = performance.now();
    const inFlight: Promise<'ok' | 'miss'>[] = [];
    let lateSends = 0;
    for (let i = 0; i < count; i++) {
      const due = start + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (performance.now() - due > 2) lateSends += 1;
      inFlight.push(send(due, latencies));
    }
    const outcomes = await Promise.all(inFlight);
    return { sent: count, ok: outcomes.filter((o) => o === 'ok').length, lateSends };
  };
  try {
    if (extra.warmupSeconds) await run(extra.warmupSeconds, null);
    const latencies: number[] = [];
    const before = cpuSnapshot();
    const { sent, ok, lateSends } = await run(seconds, latencies);
    const cpu = extra.cpuRoots ? cpuSplit(before, cpuSnapshot(), extra.cpuRoots) : undefined;
    const sorted = Float64Array.from(latencies).sort();
    return {
      rate,
      seconds,
      sent,
      ok,
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      p99: percentile(sorted, 0.99),
      max: percentile(sorted, 1),
      misses: sent - ok,
      lateSends,
      ...(cpu !== undefined ? { cpu } : {}),
    };
  } finally {
    agent.destroy();
  }
}

/** Add-to-basket in an open loop at `rate` adds a second (issue 24 part 5: p95 ≤ 20 ms at 100 a second). */
export async function addToBasketOpenLoop(
  base: string,
  rate: number,
  seconds: number,
  extra: MeasureOptions = {},
): Promise<OpenLoopResult> {
  const plans = await addPlans(base, 50);
  let turn = 0;
  return openLoop(base, rate, seconds, () => nextAdd(plans[turn++ % plans.length]!), extra);
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
