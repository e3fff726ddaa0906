import { configDefaults, defineConfig } from 'vitest/config';

// The API suite runs twice in CI: on PGlite (`npm test`), then on a PostgreSQL server (TEST_DATABASE_URL).
// The second pass leaves out the files whose subject is the same on any database (decision 24): the
// embedded database's own durability, the HTTP edge (headers, routing, server rendering, input refused
// before any statement) and the outside services' adapters. Anything that locks, races, counts money, runs
// jobs or logs a failed statement runs on both.
const SAME_ON_EVERY_DATABASE = [
  'src/server/db/durability.test.ts',
  'src/server/cluster/processes.test.ts',
  'src/server/http/{conventions,fuzz,client-address,server-rendering,restaurant-addresses,branch-header,content-security,pages,web-app,visitor-cache,page-cache}.test.ts',
  'src/server/modules/customers/customers.input.test.ts',
  'src/server/modules/baskets/baskets.input.test.ts',
  'src/server/integrations/payments/{card-rules,paypal,stripe}.test.ts',
  'src/server/integrations/payments/stripe-double/*.test.ts',
  'src/server/integrations/address-lookup/*.test.ts',
  'src/server/integrations/postcodes/*.test.ts',
  'src/server/integrations/social-sign-in/{local-provider,apple,google,facebook}.test.ts',
  'src/server/integrations/email/{smtp,templates}.test.ts',
  'src/server/integrations/fulfilment/shipbob.test.ts',
  'src/server/integrations/courier/uber-direct.test.ts',
];

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
          include: ['src/server/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.TEST_DATABASE_URL ? SAME_ON_EVERY_DATABASE : []),
          ],
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
