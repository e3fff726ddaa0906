import { defineConfig, devices } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addKitchenStaffCommand } from './e2e/kitchen-staff';
import { addSupportStaffCommand } from './e2e/support-staff';
import { addOwnerCommand } from './e2e/back-office-staff';

// Customer journeys in Debian's Chromium (never a downloaded browser) on a phone-sized viewport, against
// the real server on a fresh embedded database with the clock pinned to Wednesday 18 November 2026, 10:00.
// Projects: `phone-chromium` and `phone-chromium-second-shop` against the sandbox processor, each on a shop
// of its own (SECOND_SHOP below), `dine-in` at dinner time, and `live-payments` (e2e/live-*.spec.ts) against
// a server with PAYMENTS=live, pointed at the local Stripe double (decision 20). Before the first shop
// starts, `npm run staff` makes a member of kitchen staff on a database of its own (the embedded database
// takes one process at a time, so it is made before a shop holds it; e2e/kitchen-staff.ts), a member of the
// support team (e2e/support-staff.ts) and the first owner (e2e/back-office-staff.ts) the same way; that
// database (migrated, the demo seeded, the staff made) is copied for each shop, which starts on its copy and
// seeds the demo again on its own clock, as a shop restarted does. Making it once rather than once a shop
// saves about a minute of CPU (decision 24).

// Debian's headless shell of the same Chromium when it is installed (.ci/run installs it): the build without
// a browser window's own UI that Playwright runs headless tests in by default, a third less CPU a journey
// (decision 24). Otherwise Debian's Chromium, as for the screenshots.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = mkdtempSync(join(tmpdir(), 'sfoglia-e2e-'));
// The seeded database with its staff, made first (e2e/shops.mjs); each shop starts on a copy of it.
const seededDir = mkdtempSync(join(tmpdir(), 'sfoglia-e2e-seeded-'));
const makeSeeded = `${addKitchenStaffCommand()} && ${addSupportStaffCommand()} && ${addOwnerCommand()}`;
// The sandbox journeys run in two shops side by side, one browser each (decision 24's addendum for issue 25):
// a journey waits on its browser and its server in turn, so two at once finish in far less than twice the
// time of one. Each shop has a database of its own, so no journey sees another's orders, slots or stock;
// within a shop they run one at a time, as before. These spec files go to the second shop, the rest (and
// any new file) to the first: the two halves took about the same time.
const SECOND_SHOP =
  /\/(accounts|pasta-plan|menu|navigation|forms|takeaway-menu|events|events-after|referrals|back-office-staff|kitchen|takeaway-discovery|cards|typed-before-live|brand)\.spec\.ts$/;
const secondPort = Number(process.env.E2E_SECOND_PORT ?? port + 30);
const secondDataDir = mkdtempSync(join(tmpdir(), 'sfoglia-e2e-second-'));
const livePort = Number(process.env.E2E_LIVE_PORT ?? port + 10);
const doublePort = Number(process.env.E2E_STRIPE_DOUBLE_PORT ?? port + 11);
const liveDataDir = mkdtempSync(join(tmpdir(), 'sfoglia-e2e-live-'));
// Dine-in's journeys (issue 21) are at dinner: a table orders as soon as possible, and at 10:00 every kitchen
// is still closed. A third server, its clock at 19:30 on the same Wednesday, with its own member of staff.
const dinnerPort = Number(process.env.E2E_DINNER_PORT ?? port + 20);
const dinnerDataDir = mkdtempSync(join(tmpdir(), 'sfoglia-e2e-dinner-'));
const shopEnv = {
  HOST: '127.0.0.1',
  SFOGLIA_NOW: '2026-11-18T10:00:00.000Z',
  LOG_LEVEL: 'warn',
  // Every journey's customer signs up from 127.0.0.1: more than a real address's 20 an hour.
  SIGN_UPS_PER_ADDRESS: '500',
};
/** A shop on its own copy of the seeded database, at its port. */
const shop = (name: string, shopPort: number, dir: string, env: Record<string, string> = {}) => ({
  name,
  command: `cp -a ${seededDir}/. ${dir}/ && node --enable-source-maps dist/server/main.mjs`,
  env: {
    ...shopEnv,
    PORT: String(shopPort),
    DATA_DIR: dir,
    PUBLIC_URL: `http://127.0.0.1:${shopPort}`,
    ...env,
  },
  url: `http://127.0.0.1:${shopPort}/readyz`,
});
// The address e2e/shops.mjs answers at once every shop is up.
const readyPort = Number(process.env.E2E_READY_PORT ?? port + 12);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // One worker per shop (each project's `workers: 1`): two of the four projects' journeys at a time.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    ...devices['Pixel 7'],
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    // A trace records every action's snapshots, which slowed every journey; a failure is traced on its retry.
    trace: 'on-first-retry',
    // A click on something that never comes fails in seconds, not at the test's own timeout.
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'phone-chromium',
      testIgnore: [/\/(live-|dine-in)[^/]*\.spec\.ts$/, SECOND_SHOP],
      workers: 1,
    },
    {
      name: 'phone-chromium-second-shop',
      testMatch: SECOND_SHOP,
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${secondPort}` },
    },
    {
      name: 'dine-in',
      testMatch: /\/dine-in[^/]*\.spec\.ts$/,
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${dinnerPort}` },
    },
    {
      name: 'live-payments',
      testMatch: /live-.*\.spec\.ts$/,
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${livePort}` },
      metadata: { stripeDouble: `http://127.0.0.1:${doublePort}` },
    },
  ],
  // Every shop started at once by one command (e2e/shops.mjs): the seeded database first, then each shop on a
  // copy of it, the Stripe double beside them; Playwright waits for the command's own address, which answers
  // once every shop does. One after another (Playwright's way with several web servers) took about a minute.
  webServer: {
    command: 'node e2e/shops.mjs',
    url: `http://127.0.0.1:${readyPort}/`,
    reuseExistingServer: false,
    // The seeded database (three staff commands, each a process migrating or seeding it), then five starts.
    timeout: 240_000,
    env: {
      E2E_SHOPS: JSON.stringify({
        seed: { command: makeSeeded, env: { ...shopEnv, DATA_DIR: seededDir } },
        readyPort,
        shops: [
          shop('shop', port, dataDir),
          shop('second shop', secondPort, secondDataDir),
          // At dinner: see dinnerPort.
          shop('dinner shop', dinnerPort, dinnerDataDir, { SFOGLIA_NOW: '2026-11-18T19:30:00.000Z' }),
          {
            name: 'Stripe double',
            command: 'node --enable-source-maps dist/server/stripe-double.mjs',
            env: { STRIPE_DOUBLE_PORT: String(doublePort), STRIPE_DOUBLE_HOST: '127.0.0.1' },
            url: `http://127.0.0.1:${doublePort}/_double/healthz`,
          },
          shop('live shop', livePort, liveDataDir, {
            PAYMENTS: 'live',
            STRIPE_SECRET_KEY: 'sk_test_double',
            STRIPE_PUBLISHABLE_KEY: 'pk_test_double',
            STRIPE_API_URL: `http://127.0.0.1:${doublePort}`,
            STRIPE_JS_URL: `http://127.0.0.1:${doublePort}/v3/`,
            // PayPal is not part of these journeys; live mode needs its settings all the same.
            PAYPAL_CLIENT_ID: 'e2e-not-used',
            PAYPAL_CLIENT_SECRET: 'e2e-not-used',
            PAYPAL_ENVIRONMENT: 'sandbox',
          }),
        ],
      }),
    },
  },
});
