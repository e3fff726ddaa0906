import { defineConfig } from 'vitest/config';

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
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite instances are memory-hungry; two workers on two cores.
          maxWorkers: 2,
        },
      },
    ],
  },
});
