import { configDefaults, defineConfig } from 'vitest/config';

// The API suite runs twice in CI: on PGlite (`npm test`, every file), then on a PostgreSQL server
// (TEST_DATABASE_URL) beside the browser journeys. The second pass runs the files whose subject could answer
// differently on a server with many connections than on the embedded database, which runs one statement at a
// time (decision 24, its addendum for issue 25): races and locks (anything sent at once), money (charges,
// refunds, holds, credit, vouchers, billing), jobs and the email outbox, the driver and the pool (a database
// lost, conflicts retried, what a failed statement logs, text the database stores), several processes on
// one database, and SQL of the server's own (xmin fingerprints). A file that only reads and writes through
// the same statements runs once, on PGlite. API_FILES=all runs every file on PostgreSQL too.
export const DEPENDS_ON_THE_SERVER = [
  'src/server/db/{database-loss,retry-conflicts}.test.ts',
  'src/server/cluster/workers.test.ts',
  'src/server/integrations/social-sign-in/local-provider-store.test.ts',
  'src/server/http/{logging,text-safety,idempotency,metrics}.test.ts',
  'src/server/modules/health/health.test.ts',
  'src/server/jobs/*.test.ts',
  'src/server/integrations/email/delivery.test.ts',
  'src/server/integrations/storefront/storefront.test.ts',
  'src/server/integrations/courier/local.test.ts',
  'src/server/integrations/payments/sandbox.test.ts',
  'src/server/modules/menu/menu-rules-sql.test.ts',
  'src/server/modules/auth/{sessions.routes,sign-in-limits,sign-up.routes,email-requests}.test.ts',
  'src/server/modules/{payments,credit,vouchers,rewards,recipe-kit,orders,back-office-orders}/*.test.ts',
  'src/server/modules/subscriptions/{billing,billing-batch,plan-promises}.test.ts',
  'src/server/modules/gifts/gifts.routes.test.ts',
  'src/server/modules/shop-admin/vouchers-admin.routes.test.ts',
  'src/server/modules/staff/staff.routes.test.ts',
  'src/server/modules/takeaway/{slot-races,takeaway-orders.routes,takeaway-promises,late-credit}.test.ts',
  'src/server/modules/events/{seats-race,guests.routes,bookings.routes,changes.routes,reminders}.test.ts',
  'src/server/modules/dine-in/{concurrency,shares,splits,tabs-close,pay-now}.test.ts',
  'src/server/modules/baskets/{baskets.routes,baskets.round-trips}.test.ts',
  'src/server/modules/customers/addresses.routes.test.ts',
  'src/server/modules/support/{support.routes,support-reference}.test.ts',
  'src/server/modules/ratings/ratings.routes.test.ts',
  'src/server/modules/experiments/experiments.routes.test.ts',
  'src/server/modules/fulfilment/fulfilment.test.ts',
];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL) && process.env.API_FILES !== 'all';

// Two projects: `unit` (pure code, fast) and `api` (the server through app.inject on a fresh database per
// test file; PGlite by default, PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/domain/**/*.test.ts',
            'src/contracts/**/*.test.ts',
            'src/web/**/*.test.{ts,tsx}',
            'tests/**/*.test.ts',
            'tools/**/*.test.ts',
          ],
          environment: 'node',
          // Property tests take a second or two; on a busy CI machine, far more. Time is never what they test.
          testTimeout: 30_000,
          // Both cores (Vitest's default leaves one free), and the modules loaded once per worker, not once
          // per file: loading them was most of the project's time (decision 24). Spies are restored by the
          // file that made them, stubbed globals after every test, and no test relies on a module's first load.
          maxWorkers: 2,
          isolate: false,
          unstubGlobals: true,
        },
      },
      {
        test: {
          name: 'api',
          include: onPostgres ? DEPENDS_ON_THE_SERVER : ['src/server/**/*.test.ts'],
          exclude: configDefaults.exclude,
          globalSetup: ['src/server/test/global-setup.ts'],
          // On PostgreSQL in CI the suite runs on CPU the browser journeys leave idle (scripts/test.mjs), so
          // a test may wait its turn for minutes; time is never what these tests measure.
          testTimeout: onPostgres ? 300_000 : 30_000,
          hookTimeout: onPostgres ? 300_000 : 60_000,
          // PGlite instances are memory-hungry; two workers on two cores.
          maxWorkers: 2,
          // Each file builds its own app on a fresh database, so the modules are loaded once per worker, not
          // once per file (the server's import took 2.7 s a file, half the suite's time; decision 24). Mocks
          // and stubs are undone after every test so nothing leaks into the next file.
          isolate: false,
          restoreMocks: true,
          unstubGlobals: true,
          unstubEnvs: true,
        },
      },
    ],
  },
});
