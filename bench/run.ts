import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { checkoutLoad } from './checkout';
import { addToBasketLoad, hammer, type LoadResult } from './load';
import { PUBLIC_PAGES } from '../tools/public-pages';
import { lighthouseMedian } from './lighthouse';
import { buildWeight, initialJs } from './page-weight';
import { helloWorld, postgres, startShop, stop } from './server';

// `npm run bench`: figures, not pass/fail. Targets: initial JS and chunk sizes of every public page from the
// build (tools/js-budget.ts); Lighthouse mobile performance ≥ 95 and CLS ≤ 0.05 on every public page
// (median of 5, issue 11); add-to-basket p95 ≤ 20 ms on PostgreSQL at 50
// connections. A Fastify hello world on the same machine, same run, gives the scale.

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const NOW = '2026-11-18T10:00:00Z';
const only = new Set(
  (process.env.BENCH_ONLY ?? 'weight,lighthouse,pglite,postgres,checkout,hello').split(','),
);
/** Issue 11: Lighthouse runs per public page (the median is reported). */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
/** Issue 4: concurrent checkouts on PostgreSQL with the sandbox processor. */
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 20);

const line = (name: string, r: LoadResult) =>
  `${name.padEnd(34)} p50 ${String(r.p50).padStart(4)} ms  p95 ${String(r.p95).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  ${String(r.rps).padStart(6)} req/s  (${r.requests} requests, ${r.non2xx} non-2xx, ${r.errors} errors)`;

async function main() {
  execFileSync(process.execPath, ['scripts/ensure-web-build.mjs'], { stdio: 'inherit' });
  const results: Record<string, unknown> = {
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
        // Issue 11 parts 2 and 3: every public page (tools/public-pages.ts), its JS and Lighthouse mobile.
        if (only.has('weight')) {
          const weight = buildWeight();
          results.jsBudget = weight.report;
          report.push(weight.text);
          for (const { path } of PUBLIC_PAGES) {
            const loaded = await initialJs(`${shop.url}${path}`);
            results[`loadedJs ${path}`] = loaded;
            report.push(`JS a browser loaded on ${path} until idle: ${loaded.kbGzip.toFixed(1)} KB gzipped`);
          }
        }
        if (only.has('lighthouse')) {
          for (const { path } of PUBLIC_PAGES) {
            const lh = await lighthouseMedian(`${shop.url}${path}`, LIGHTHOUSE_RUNS);
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

    if (only.has('postgres')) {
      const pg = await postgres();
      if (!pg)
        report.push('Add to basket, PostgreSQL: skipped (no PostgreSQL binaries and no BENCH_DATABASE_URL)');
      else {
        try {
          const shop = await startShop({ DATABASE_URL: pg.url, SFOGLIA_NOW: NOW, LOG_LEVEL: 'error' });
          try {
            const load = await addToBasketLoad(shop.url, CONNECTIONS, SECONDS);
            results.addToBasketPostgres = load;
            report.push(
              line(`Add to basket, PostgreSQL, ${CONNECTIONS} conns`, load) + '  (target p95 ≤ 20 ms)',
            );
          } finally {
            await stop(shop);
          }
        } finally {
          await pg.close();
        }
      }
    }

    if (only.has('hello')) {
      const hello = await helloWorld();
      try {
        const load = await hammer(hello.url, CONNECTIONS, SECONDS);
        results.fastifyHelloWorld = load;
        report.push(line(`Fastify hello world, ${CONNECTIONS} conns`, load));
      } finally {
        await hello.close();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/latest.json', JSON.stringify(results, null, 2));
  process.stdout.write(`\n${report.join('\n')}\n\nWritten to bench/results/latest.json\n`);
}

await main();
