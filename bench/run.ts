import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { billingBench } from './billing';
import { checkoutLoad } from './checkout';
import { menuLoad, takeawayOrderLoad } from './takeaway';
import {
  cpuSnapshot,
  cpuSplit,
  formatCpu,
  formatProfile,
  profilingNodeOptions,
  readProfiles,
  summariseProfiles,
  type CpuSplit,
  type ProfileSummary,
} from './cpu';
import {
  addToBasketLoad,
  addToBasketOpenLoop,
  hammer,
  productListLoad,
  type LoadResult,
  type OpenLoopResult,
} from './load';
import { MEASURED_PAGES } from '../src/contracts/page-routes';
import { lighthouseMedian, TAKEAWAY_MENU, takeawayVisitor } from './lighthouse';
import { buildWeight, initialJs } from './page-weight';
import { allWorkersUp, helloWorld, postgres, startShop, stop } from './server';
import { VENDURE_SETUP, vendureBench, vendureMissing, type VendureFigures } from './vendure';

// `npm run bench`: figures, not pass/fail. Targets: initial JS and chunk sizes of every public page from the
// build (tools/js-budget.ts); Lighthouse mobile performance ≥ 95 and CLS ≤ 0.05 on every public page
// (median of 5, issue 11); add-to-basket p95 ≤ 20 ms on PostgreSQL at 50
// connections. A Fastify hello world on the same machine, same run, gives the scale.

const E2E_LOCK = '/tmp/sfoglia-e2e.lock';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const NOW = '2026-11-18T10:00:00Z';
const only = new Set(
  (
    process.env.BENCH_ONLY ?? 'weight,lighthouse,pglite,postgres,checkout,billing,takeaway,hello,vendure'
  ).split(','),
);
/** Issue 11: Lighthouse runs per public page (the median is reported). */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
/** BENCH_PAGES=/menu,/gift-boxes: Lighthouse on those pages only (their paths as the report names them). */
const ONLY_PAGES = process.env.BENCH_PAGES ? new Set(process.env.BENCH_PAGES.split(',')) : null;
/** Issue 11: the shop and the hello world with 1 and with n processes (n: WORKERS' default, the cores). */
const WORKERS = Number(process.env.BENCH_WORKERS ?? availableParallelism());
const PROCESS_COUNTS = [...new Set([1, WORKERS])];
/** A warm-up before each measured load run, its figures dropped (as the Vendure kit does). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const processes = (n: number) => `${n} process${n === 1 ? '' : 'es'}`;
/** Issue 4: concurrent checkouts on PostgreSQL with the sandbox processor. */
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 20);
/** Issue 24 part 5: add-to-basket in an open loop at this many requests a second (target p95 ≤ 20 ms). */
const OPEN_RATE = Number(process.env.BENCH_OPEN_RATE ?? 100);
/** Issue 24 part 5: seconds of each profiled run (a --cpu-prof of one server process); 0 leaves it out. */
const PROFILE_SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 5);
/** Issue 12 part 6: active plans billed for one week. */
const BILLING_PLANS = Number(process.env.BENCH_BILLING_PLANS ?? 100_000);

const line = (name: string, r: LoadResult) =>
  `${name.padEnd(40)} p50 ${String(r.p50).padStart(4)} ms  p95 ${String(r.p95).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  ${String(r.rps).padStart(6)} req/s  (${r.requests} requests, ${r.non2xx} non-2xx, ${r.errors} errors)`;
const openLine = (name: string, r: OpenLoopResult) =>
  `${name.padEnd(40)} p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  max ${r.max} ms  (${r.sent} sent at ${r.rate}/s for ${r.seconds} s, ${r.ok} answered 2xx, ${r.misses} misses, ${r.lateSends} sent late by the load generator)`;

/** Runs `run` with the CPU split between its start and end handed to `done` (bench/cpu.ts). */
async function measureCpu<T>(
  roots: { server: number[]; postgres: number[] },
  run: () => Promise<T>,
  done: (split: CpuSplit | null) => void,
): Promise<T> {
  const before = cpuSnapshot();
  const result = await run();
  done(cpuSplit(before, cpuSnapshot(), roots));
  return result;
}

/**
 * Issue 24 part 5: where one server process's CPU goes under each load, from a V8 sampling profile: the shop
 * started again with --cpu-prof, each load run for PROFILE_SECONDS, the samples of each run's window summarised
 * by category (bench/cpu.ts). Its own run, so the profiler's cost never touches the measured figures.
 */
async function profiled(
  env: Record<string, string>,
  loads: [string, (url: string) => Promise<unknown>][],
): Promise<Record<string, ProfileSummary>> {
  const dir = mkdtempSync(join(tmpdir(), 'sfoglia-bench-prof-'));
  try {
    const shop = await startShop({ ...env, NODE_OPTIONS: profilingNodeOptions(dir) });
    const windows: [string, number, number][] = [];
    try {
      for (const [name, load] of loads) {
        const from = Number(process.hrtime.bigint() / 1000n);
        await load(shop.url);
        windows.push([name, from, Number(process.hrtime.bigint() / 1000n)]);
      }
    } finally {
      await stop(shop);
    }
    const profiles = readProfiles(dir);
    return Object.fromEntries(
      windows.map(([name, from, to]) => [name, summariseProfiles(profiles, from, to)]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  // The pages' parts need the web build; it is made under the lock every build on this machine takes (a
  // Playwright run elsewhere reads dist/ meanwhile). The API's parts need none.
  if (only.has('weight') || only.has('lighthouse') || only.has('pglite'))
    execFileSync('flock', [E2E_LOCK, process.execPath, 'scripts/ensure-web-build.mjs'], { stdio: 'inherit' });
  // Every part starts the shop compiled, as `npm start` does (decision 36).
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  const results: Record<string, unknown> & { fastifyHelloWorld?: Record<string, LoadResult> } = {
    at: new Date().toISOString(),
    connections: CONNECTIONS,
    seconds: SECONDS,
  };
  const report: string[] = [];

  const dataDir = mkdtempSync(join(tmpdir(), 'sfoglia-bench-'));
  try {
    if (only.has('weight') || only.has('lighthouse') || only.has('pglite')) {
      const shop = await startShop({ DATA_DIR: dataDir, SFOGLIA_NOW: NOW, LOG_LEVEL: 'error' });
      try {
        // Issue 11 parts 2 and 3: every measured public page (src/contracts/page-routes.ts), its JS and Lighthouse mobile.
        if (only.has('weight')) {
          const weight = buildWeight();
          results.jsBudget = weight.report;
          report.push(weight.text);
          for (const { path, measuredAt } of MEASURED_PAGES) {
            const loaded = await initialJs(`${shop.url}${measuredAt ?? path}`);
            results[`loadedJs ${path}`] = loaded;
            report.push(`JS a browser loaded on ${path} until idle: ${loaded.kbGzip.toFixed(1)} KB gzipped`);
          }
        }
        if (only.has('lighthouse')) {
          // Issue 13 part 7: Pasta Now's menu too, for a visitor whose takeaway basket names its restaurant
          // (at its public address, issue 24: the basket joins once the page is live).
          const cookie = await takeawayVisitor(shop.url);
          const pages = [
            ...MEASURED_PAGES.map(({ path, measuredAt }) => ({
              path,
              at: measuredAt ?? path,
              cookie: undefined,
            })),
            { path: `${TAKEAWAY_MENU} with a basket`, at: TAKEAWAY_MENU, cookie },
          ].filter(({ path }) => !ONLY_PAGES || ONLY_PAGES.has(path));
          for (const { path, at, cookie } of pages) {
            const lh = await lighthouseMedian(`${shop.url}${at}`, LIGHTHOUSE_RUNS, cookie);
            results[`lighthouse ${path}`] = lh;
            const m = lh.median;
            report.push(
              `Lighthouse mobile on ${path}: median ${m.performance} (target ≥ 95), LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms, CLS ${m.cls} (target ≤ 0.05), FCP ${m.fcpMs} ms; runs ${lh.runs
                .map((r) => r.performance)
                .join(', ')}`,
            );
          }
        }
        if (only.has('pglite')) {
          const load = await addToBasketLoad(shop.url, CONNECTIONS, SECONDS);
          results.addToBasketPglite = load;
          report.push(line(`Add to basket, PGlite, ${CONNECTIONS} conns`, load));
        }
      } finally {
        await stop(shop);
      }
    }

    if (only.has('checkout')) {
      const pg = await postgres();
      if (!pg)
        report.push('Checkout, PostgreSQL: skipped (no PostgreSQL binaries and no BENCH_DATABASE_URL)');
      else {
        try {
          const shop = await startShop({ DATABASE_URL: pg.url, SFOGLIA_NOW: NOW, LOG_LEVEL: 'error' });
          try {
            const load = await checkoutLoad(shop.url, pg.url, CHECKOUTS, SECONDS, '2026-11-23', '2026-11-25');
            results.checkoutPostgres = load;
            const ms = (p: { p50: number; p95: number; p99: number }) =>
              `p50 ${p.p50} ms, p95 ${p.p95} ms, p99 ${p.p99} ms`;
            report.push(
              `Checkout, PostgreSQL, ${CHECKOUTS} customers at once: ${load.checkouts} paid checkouts (${load.perSecond}/s, ${load.failures} failed)`,
              `    place + pay (confirm): ${ms(load.confirm)}`,
              `    POST /orders/recipe_kits: ${ms(load.place)}`,
              `    POST /payments (charge + orders paid): ${ms(load.pay)}`,
            );
          } finally {
            await stop(shop);
          }
        } finally {
          await pg.close();
        }
      }
    }

    // Issue 13 part 7: the takeaway menu and POST /orders/takeaway at CONNECTIONS on PostgreSQL, with 1 and
    // n server processes. Lunchtime on the pinned clock, so the restaurants are open for ASAP.
    if (only.has('takeaway')) {
      const pg = await postgres();
      if (!pg)
        report.push('Takeaway, PostgreSQL: skipped (no PostgreSQL binaries and no BENCH_DATABASE_URL)');
      else {
        try {
          const takeaway: Record<string, unknown> = {};
          for (const workers of PROCESS_COUNTS) {
            const shop = await startShop({
              DATABASE_URL: pg.url,
              SFOGLIA_NOW: '2026-11-18T12:30:00Z',
              LOG_LEVEL: 'error',
              WORKERS: String(workers),
            });
            try {
              await allWorkersUp(shop, workers);
              const measure = {
                cpuRoots: { server: [shop.child.pid!], postgres: pg.postmasterPid ? [pg.postmasterPid] : [] },
                warmupSeconds: WARMUP,
              };
              const menu = await menuLoad(shop.url, CONNECTIONS, SECONDS, measure);
              let ordersCpu: CpuSplit | null = null;
              const orders = await takeawayOrderLoad(shop.url, pg.url, CONNECTIONS, SECONDS, (run) =>
                measureCpu(measure.cpuRoots, run, (split) => (ordersCpu = split)),
              );
              takeaway[`workers${workers}`] = { menu, orders: { ...orders, cpu: ordersCpu } };
              const ms = (p: { p50: number; p95: number }) => `p50 ${p.p50} ms, p95 ${p.p95} ms`;
              const s = orders.sessions;
              report.push(
                line(`Takeaway menu, PostgreSQL, ${processes(workers)}`, menu),
                `    ${formatCpu(menu.cpu, menu.rps)}`,
                `POST /orders/takeaway, PostgreSQL, ${processes(workers)}, ${CONNECTIONS} customers at once: ${orders.placed} orders placed (${orders.perSecond}/s), p50 ${orders.place.p50} ms, p95 ${orders.place.p95} ms, p99 ${orders.place.p99} ms (${orders.refused} refused${
                  orders.refused
                    ? `: ${Object.entries(orders.refusedWhy)
                        .map(([code, n]) => `${code} ${n}`)
                        .join(', ')}`
                    : ''
                }, ${orders.failures} failed)`,
                `    ${formatCpu(ordersCpu, orders.perSecond, 'order (its whole round: basket, dishes, place, pay)')}`,
                `    each customer's round: ${ms(orders.steps.round)} = basket ${ms(orders.steps.basket)} + 2 dishes ${ms(orders.steps.items)} + place ${ms(orders.steps.place)} + pay ${ms(orders.steps.pay)}`,
                `    PostgreSQL sessions (pg_stat_activity every 50 ms, ${s.samples} samples): on average ${s.mean.total} open, ${s.mean.active} running a statement, ${s.mean.lockWait} waiting for a lock, ${s.mean.idleInTransaction} idle in a transaction, ${s.mean.idle} idle; a lock wait in ${s.samplesWithLockWait}% of samples` +
                  (s.lockWaitsOn.length
                    ? `, on: ${s.lockWaitsOn.map((w) => `"${w.statement}" (${w.sessionSamples})`).join('; ')}`
                    : ''),
              );
            } finally {
              await stop(shop);
            }
          }
          results.takeawayPostgres = takeaway;
        } finally {
          await pg.close();
        }
      }
    }

    // Issue 12 part 6: BENCH_BILLING_PLANS active plans billed for one week (plans-bill), then again.
    if (only.has('billing')) {
      const pg = await postgres();
      if (!pg) report.push('Billing, PostgreSQL: skipped (no PostgreSQL binaries and no BENCH_DATABASE_URL)');
      else {
        try {
          const figures = await billingBench(pg.url, BILLING_PLANS);
          results.billingPostgres = figures;
          report.push(
            `Billing, PostgreSQL, ${figures.plans} active plans, one week (${figures.passes} passes × ${figures.concurrency} boxes at once): ${figures.wallSeconds} s, ${figures.chargesPerSecond} charges/s, ${figures.charged} charged (${figures.processorCharges} at the processor, ${figures.failed} failed); again: ${figures.secondRunCharged} charged in ${figures.secondRunSeconds} s`,
          );
        } finally {
          await pg.close();
        }
      }
    }

    // Add to basket and the product list on PostgreSQL with 1 and with n server processes (WORKERS); also
    // what the Vendure comparison needs of ours.
    const ours = new Map<number, { add: LoadResult; products: LoadResult; open: OpenLoopResult }>();
    if (only.has('postgres') || only.has('vendure')) {
      const pg = await postgres();
      if (!pg)
        report.push('Add to basket, PostgreSQL: skipped (no PostgreSQL binaries and no BENCH_DATABASE_URL)');
      else {
        try {
          for (const workers of PROCESS_COUNTS) {
            const shop = await startShop({
              DATABASE_URL: pg.url,
              SFOGLIA_NOW: NOW,
              LOG_LEVEL: 'error',
              WORKERS: String(workers),
            });
            try {
              await allWorkersUp(shop, workers);
              const measure = {
                cpuRoots: { server: [shop.child.pid!], postgres: pg.postmasterPid ? [pg.postmasterPid] : [] },
                warmupSeconds: WARMUP,
              };
              const add = await addToBasketLoad(shop.url, CONNECTIONS, SECONDS, measure);
              const products = await productListLoad(shop.url, CONNECTIONS, SECONDS, measure);
              const open = await addToBasketOpenLoop(shop.url, OPEN_RATE, SECONDS, measure);
              ours.set(workers, { add, products, open });
              report.push(
                line(`Add to basket, PostgreSQL, ${processes(workers)}`, add) +
                  `  ${add.okPerSecond} adds/s answered 2xx`,
                `    ${formatCpu(add.cpu, add.rps)}`,
                line(`Product list (20 + variants), ${processes(workers)}`, products) +
                  `  (${products.failures ?? 0} GraphQL errors)`,
                `    ${formatCpu(products.cpu, products.rps)}`,
                openLine(`Add to basket, open loop, ${processes(workers)}`, open) + '  (target p95 ≤ 20 ms)',
                `    ${formatCpu(open.cpu, open.ok / open.seconds)}`,
              );
            } finally {
              await stop(shop);
            }
          }
          results.postgres = Object.fromEntries(
            [...ours].map(([workers, r]) => [
              `workers${workers}`,
              { addToBasket: r.add, productList: r.products, addToBasketOpenLoop: r.open },
            ]),
          );
          if (PROFILE_SECONDS > 0) {
            const profiles = await profiled(
              { DATABASE_URL: pg.url, SFOGLIA_NOW: NOW, LOG_LEVEL: 'error', WORKERS: '1' },
              [
                ['add to basket', (url) => addToBasketLoad(url, CONNECTIONS, PROFILE_SECONDS)],
                ['product list', (url) => productListLoad(url, CONNECTIONS, PROFILE_SECONDS)],
              ],
            );
            results.profiles = profiles;
            for (const [name, summary] of Object.entries(profiles))
              report.push(
                `Where ${name}'s server CPU goes (1 process, --cpu-prof, ${PROFILE_SECONDS} s at ${CONNECTIONS} connections):`,
                `    ${formatProfile(summary)}`,
              );
          }
        } finally {
          await pg.close();
        }
      }
    }

    if (only.has('hello')) {
      for (const n of PROCESS_COUNTS) {
        const hello = await helloWorld(n);
        try {
          const load = await hammer(hello.url, CONNECTIONS, SECONDS, {
            cpuRoots: { server: [hello.pid], postgres: [] },
            warmupSeconds: WARMUP,
          });
          (results.fastifyHelloWorld ??= {} as Record<string, LoadResult>)[`processes${n}`] = load;
          report.push(line(`Fastify hello world, ${processes(n)}`, load), `    ${formatCpu(load.cpu)}`);
        } finally {
          await hello.close();
        }
      }
    }

    if (only.has('vendure')) {
      const missing = vendureMissing();
      if (missing) report.push(`Vendure: skipped (${missing}).\n${VENDURE_SETUP}`);
      else {
        const vendure = vendureBench({ connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP });
        results.vendure = vendure;
        report.push(...sideBySide(ours, vendure));
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/latest.json', JSON.stringify(results, null, 2));
  process.stdout.write(`\n${report.join('\n')}\n\nWritten to bench/results/latest.json\n`);
}

function cpuCell(cpu: CpuSplit | VendureFigures['cpuPctOfOneCore'] | null | undefined): string {
  if (!cpu) return '';
  const worker = 'worker' in cpu ? ` + worker ${cpu.worker}` : '';
  return `server ${cpu.server}${worker}, pg ${cpu.postgres}, loadgen ${cpu.loadgen}, other ${cpu.other}, busy ${cpu.machineBusy}`;
}

/** Both shops' add-to-cart and product list from this run, side by side. */
function sideBySide(
  ours: Map<number, { add: LoadResult; products: LoadResult; open: OpenLoopResult }>,
  vendure: { addToCart: VendureFigures; products: VendureFigures },
): string[] {
  const row = (
    name: string,
    rps: number,
    p: { p50: number; p95: number; p99: number },
    bad: number,
    cpu: string,
  ) =>
    `  ${name.padEnd(52)} ${String(rps).padStart(7)} ${String(p.p50).padStart(8)} ${String(p.p95).padStart(8)} ${String(p.p99).padStart(8)} ${String(bad).padStart(6)}   ${cpu}`;
  // A run in which no request finished has no latencies: say so rather than print nulls.
  const v = (name: string, f: VendureFigures) =>
    f.requests === 0
      ? `  ${name.padEnd(52)} no request finished within the ${SECONDS} s run   ${cpuCell(f.cpuPctOfOneCore)}`
      : row(
          name,
          Math.round(f.reqPerSec),
          f.latencyMs,
          f.bodyChecks.failures + f.non2xx + f.connErrors + f.timeouts,
          cpuCell(f.cpuPctOfOneCore),
        );
  const lines = [
    `Side by side, this run: ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${SECONDS} s measured, CPU in % of one core`,
    `  ${''.padEnd(52)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'failed'.padStart(6)}   CPU`,
  ];
  for (const [workers, r] of ours)
    lines.push(
      row(
        `Sfoglia add to basket, ${processes(workers)}`,
        r.add.rps,
        r.add,
        r.add.non2xx + r.add.errors,
        cpuCell(r.add.cpu),
      ),
    );
  lines.push(v('Vendure addItemToOrder (1 server + 1 worker)', vendure.addToCart));
  for (const [workers, r] of ours)
    lines.push(
      row(
        `Sfoglia products(first: 20) + variants, ${processes(workers)}`,
        r.products.rps,
        r.products,
        r.products.non2xx + r.products.errors + (r.products.failures ?? 0),
        cpuCell(r.products.cpu),
      ),
    );
  lines.push(v('Vendure products(take: 20) + variants', vendure.products));
  // Issue 24 part 5: the ratios, in answers that did what was asked per second (2xx; Vendure's: body checked).
  const good = (f: VendureFigures) => f.bodyChecks.ok;
  const perSecond = (f: VendureFigures) => good(f) / SECONDS;
  const times = (ours: number, theirs: number) => (theirs > 0 ? `${(ours / theirs).toFixed(1)}×` : 'n/a');
  for (const [workers, r] of ours) {
    const productsOk = (r.products.okPerSecond ?? r.products.rps) - (r.products.failures ?? 0) / SECONDS;
    lines.push(
      `  ${processes(workers)}: add to basket ${times(r.add.okPerSecond ?? r.add.rps, perSecond(vendure.addToCart))} Vendure's addItemToOrder (target ≥ 15×), product list ${times(productsOk, perSecond(vendure.products))} Vendure's products(take: 20) (target ≥ 40×)`,
    );
  }
  return lines;
}

await main();
