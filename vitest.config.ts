import { configDefaults, defineConfig } from 'vitest/config';

// The API suite runs twice in CI: on PGlite (`npm test`, every file), and on a PostgreSQL server
// (TEST_DATABASE_URL) beside the static checks, which yield the CPU to it (scripts/test.mjs). The embedded database runs one
// statement at a time, so a race there is no race at all; the second pass runs the files whose subject only
// a server with many connections can show (decision 24, its addendum for issue 25): calls sent at once that
// must not double-charge, oversell, double-book or reuse (the races and locks), deadlocks and conflicts
// retried, several processes on one database, jobs and the email outbox worked by more than one, the driver
// and pool (a database lost, what a failed statement logs, text the database stores), and SQL of the
// server's own (xmin fingerprints). Money's rules and every route's answers are the same statements on both,
// and run on PGlite. API_FILES=all runs every file on PostgreSQL too.
export const DEPENDS_ON_THE_SERVER = [
  'src/server/db/{database-loss,retry-conflicts}.test.ts',
  'src/server/cluster/workers.test.ts',
  'src/server/integrations/social-sign-in/local-provider-store.test.ts',
  'src/server/http/{idempotency,logging,text-safety}.test.ts',
  'src/server/jobs/*.test.ts',
  'src/server/integrations/email/delivery.test.ts',
  'src/server/integrations/storefront/storefront.test.ts',
  'src/server/modules/orders/lock-order.test.ts',
  'src/server/modules/payments/{payment-recovery,processor-faults,holds}.test.ts',
  'src/server/modules/subscriptions/billing-batch.test.ts',
  'src/server/modules/vouchers/vouchers.redemption.test.ts',
  'src/server/modules/credit/wallet.test.ts',
  'src/server/modules/gifts/gifts.routes.test.ts',
  'src/server/modules/takeaway/slot-races.test.ts',
  'src/server/modules/events/seats-race.test.ts',
  'src/server/modules/dine-in/concurrency.test.ts',
  'src/server/modules/baskets/baskets.routes.test.ts',
  'src/server/modules/auth/sign-up.routes.test.ts',
  'src/server/modules/staff/staff.routes.test.ts',
  'src/server/modules/back-office-orders/back-office-orders.routes.test.ts',
  'src/server/modules/events-admin/events-admin.routes.test.ts',
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
          // On PostgreSQL in CI the suite runs beside the static checks (scripts/test.mjs), which yield to it,
          // and its files start servers and wait on them: time is never what these tests measure.
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
