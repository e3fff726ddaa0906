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
// Playwright starts its web servers one after another, in the order of `webServer` below: the first makes
// the seeded database with its staff, and each starts on a copy of it.
const seededDir = mkdtempSync(join(tmpdir(), 'sfoglia-e2e-seeded-'));
const makeSeeded = `(export DATA_DIR=${seededDir} && ${addKitchenStaffCommand()} && ${addSupportStaffCommand()} && ${addOwnerCommand()})`;
const startOnACopy = (dir: string) => `cp -a ${seededDir}/. ${dir}/ && node --import tsx src/server/main.ts`;
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
  webServer: [
    {
      command: `${makeSeeded} && ${startOnACopy(dataDir)}`,
      url: `http://127.0.0.1:${port}/readyz`,
      reuseExistingServer: false,
      // It makes the seeded database too (three staff commands, each a process migrating or seeding it).
      timeout: 180_000,
      env: { ...shopEnv, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` },
    },
    {
      command: startOnACopy(secondDataDir),
      url: `http://127.0.0.1:${secondPort}/readyz`,
      reuseExistingServer: false,
      timeout: 90_000,
      env: {
        ...shopEnv,
        PORT: String(secondPort),
        DATA_DIR: secondDataDir,
        PUBLIC_URL: `http://127.0.0.1:${secondPort}`,
      },
    },
    {
      command: startOnACopy(dinnerDataDir),
      url: `http://127.0.0.1:${dinnerPort}/readyz`,
      reuseExistingServer: false,
      timeout: 90_000,
      env: {
        ...shopEnv,
        SFOGLIA_NOW: '2026-11-18T19:30:00.000Z',
        PORT: String(dinnerPort),
        DATA_DIR: dinnerDataDir,
        PUBLIC_URL: `http://127.0.0.1:${dinnerPort}`,
      },
    },
    {
      command: 'node --import tsx src/server/integrations/payments/stripe-double/main.ts',
      url: `http://127.0.0.1:${doublePort}/_double/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { STRIPE_DOUBLE_PORT: String(doublePort), STRIPE_DOUBLE_HOST: '127.0.0.1' },
    },
    {
      command: startOnACopy(liveDataDir),
      url: `http://127.0.0.1:${livePort}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...shopEnv,
        PORT: String(livePort),
        DATA_DIR: liveDataDir,
        PUBLIC_URL: `http://127.0.0.1:${livePort}`,
        PAYMENTS: 'live',
        STRIPE_SECRET_KEY: 'sk_test_double',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_double',
        STRIPE_API_URL: `http://127.0.0.1:${doublePort}`,
        STRIPE_JS_URL: `http://127.0.0.1:${doublePort}/v3/`,
        // PayPal is not part of these journeys; live mode needs its settings all the same.
        PAYPAL_CLIENT_ID: 'e2e-not-used',
        PAYPAL_CLIENT_SECRET: 'e2e-not-used',
        PAYPAL_ENVIRONMENT: 'sandbox',
      },
    },
  ],
});
