import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import * as z from 'zod/mini';

// Every environment variable the server reads, validated once at start (Epic Stack's env.server.ts).
// Only the allow-list in `publicConfig` ever reaches the browser.

const port = z.pipe(
  z.string(),
  z.transform((value, ctx) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || n > 65535) {
      ctx.issues.push({ code: 'custom', message: 'must be a whole number from 0 to 65535', input: value });
      return z.NEVER;
    }
    return n;
  }),
);

const httpUrl = z.string().check(
  z.refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'must be an http(s) URL'),
);

const postgresUrl = z
  .string()
  .check(
    z.refine((value) => /^postgres(ql)?:\/\//.test(value), 'must start with postgres:// or postgresql://'),
  );

const instant = z
  .string()
  .check(z.refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO date-time'));

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY lists. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies in front of us may say who the client is (X-Forwarded-For): a number of hops (the nearest n
 * proxies, whatever their addresses), or a comma-separated list of proxy addresses or CIDR ranges. Unset or 0
 * trusts nothing: the client is the TCP peer. Never "trust everything": a client could name any address.
 */
const trustProxySetting = z.pipe(
  z.string(),
  z.transform((value, ctx): number | string[] => {
    const text = value.trim();
    if (/^\d+$/.test(text) && Number(text) <= 10) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
    ctx.issues.push({
      code: 'custom',
      message:
        'must be a number of proxy hops from 0 to 10, or a comma-separated list of proxy addresses or CIDR ranges',
      input: value,
    });
    return z.NEVER;
  }),
);

/** Stripe.js, from Stripe (it must never be bundled or self-hosted in production). */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';
/** How many server processes: a whole number from 1 to 64. */
const workerCount = z.pipe(
  z.string(),
  z.transform((value, ctx) => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || n < 1 || n > 64) {
      ctx.issues.push({ code: 'custom', message: 'must be a whole number from 1 to 64', input: value });
      return z.NEVER;
    }
    return n;
  }),
);

/** A whole number from 1 to 10,000 (a limit). */
const limitCount = z.pipe(
  z.string(),
  z.transform((value, ctx) => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || n < 1 || n > 10_000) {
      ctx.issues.push({ code: 'custom', message: 'must be a whole number from 1 to 10000', input: value });
      return z.NEVER;
    }
    return n;
  }),
);

const boolFlag = z.pipe(
  z.enum(['true', 'false', '1', '0']),
  z.transform((value) => value === 'true' || value === '1'),
);

const EnvSchema = z.object({
  NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'development'),
  PORT: z._default(port, 3000),
  HOST: z._default(z.string(), '0.0.0.0'),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), './data'),
  DATABASE_URL: z.optional(postgresUrl),
  BRANCH: z._default(
    z.string().check(z.regex(/^[\w.-]{1,64}$/, 'must be 1-64 letters, digits, "-", "_" or "."')),
    'web',
  ),
  STOREFRONT_TOKEN: z._default(z.string().check(z.minLength(8)), 'demo-storefront-token'),
  /** A real Shopify Storefront API endpoint for the web app; unset means our embedded storefront. */
  STOREFRONT_URL: z.optional(httpUrl),
  /** Where customers reach the shop (links in emails, sign-in redirects); default http://localhost:PORT. */
  PUBLIC_URL: z.optional(httpUrl),
  BRAND_SITE_URL: z._default(httpUrl, 'https://www.sfoglia.example'),
  STAGING_BANNER: z.optional(z.string().check(z.maxLength(200))),
  /** Pins the shop's clock (demo and tests): an ISO date-time. */
  SFOGLIA_NOW: z.optional(instant),
  /** Proxies trusted for X-Forwarded-For: a hop count or a list of addresses/CIDRs; unset trusts none. */
  TRUST_PROXY: z._default(trustProxySetting, 0),
  /**
   * Sign-ups an hour from one client address (default 20): more where many customers share one address
   * (a shop reached through an untrusted proxy; the browser journeys, all from 127.0.0.1).
   */
  SIGN_UPS_PER_ADDRESS: z.optional(limitCount),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  SEED_DEMO: z._default(boolFlag, true),
  /** in-process: this server also runs the background jobs; none: only `npm run worker` processes do. */
  JOB_WORKERS: z._default(z.enum(['in-process', 'none']), 'in-process'),
  /** Server processes sharing the port (PostgreSQL only); unset: one per core. */
  WORKERS: z.optional(workerCount),
  WEB_DIST_DIR: z._default(z.string(), 'dist/web'),
  /** Where the browser goes after signing out; default our own signed-out page. */
  LOGOUT_URL: z.optional(z.string().check(z.regex(/^(https?:\/\/|\/)/, 'must be an http(s) URL or a path'))),
  /** local: sign-in pages of our own for Google, Facebook and Apple; live: the real providers. */
  SOCIAL_SIGN_IN: z.optional(z.enum(['local', 'live'])),
  GOOGLE_CLIENT_ID: z.optional(z.string()),
  FACEBOOK_APP_ID: z.optional(z.string()),
  FACEBOOK_APP_SECRET: z.optional(z.string()),
  APPLE_CLIENT_ID: z.optional(z.string()),
  APPLE_TEAM_ID: z.optional(z.string()),
  APPLE_KEY_ID: z.optional(z.string()),
  /** The .p8 key, PEM, with \n for new lines. */
  APPLE_PRIVATE_KEY: z.optional(z.string()),
  /**
   * sandbox: the embedded processor (Stripe's test cards, a PayPal approval page); live: Stripe and PayPal.
   * Unset: sandbox, or live with NODE_ENV=production (which refuses the sandbox).
   */
  PAYMENTS: z.optional(z.enum(['sandbox', 'live'])),
  STRIPE_SECRET_KEY: z.optional(
    z.string().check(z.regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_…)')),
  ),
  STRIPE_PUBLISHABLE_KEY: z.optional(
    z.string().check(z.regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_…)')),
  ),
  /** Where Stripe.js is loaded from in the browser; a local double of it in tests and demos (decision 20). */
  STRIPE_JS_URL: z._default(httpUrl, STRIPE_JS_URL),
  /** Stripe's HTTP API for the live adapter; unset is api.stripe.com (a local double in tests, decision 20). */
  STRIPE_API_URL: z.optional(httpUrl),
  PAYPAL_CLIENT_ID: z.optional(z.string()),
  PAYPAL_CLIENT_SECRET: z.optional(z.string()),
  /** Which PayPal the live adapter talks to: its sandbox (test accounts) or production. */
  PAYPAL_ENVIRONMENT: z._default(z.enum(['sandbox', 'production']), 'production'),
  /** smtp://user:pass@host:587 — when set, emails go out through it; otherwise to the development mailbox. */
  SMTP_URL: z.optional(z.string().check(z.regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://'))),
  EMAIL_FROM: z._default(z.string(), 'Sfoglia <hello@sfoglia.example>'),
  /** The support inbox (issue 23): every new question and each reply is copied there. */
  SUPPORT_EMAIL: z._default(
    z.string().check(z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an email address')),
    'support@sfoglia.example',
  ),
  /** The development mailbox page at /dev/mailbox (never in production). */
  MAILBOX: z.optional(boolFlag),
  /** embedded: postcodes.io's GET /postcodes/{postcode} over the shipped gazetteer; live: POSTCODES_URL. */
  POSTCODES: z._default(z.enum(['embedded', 'live']), 'embedded'),
  POSTCODES_URL: z._default(httpUrl, 'https://api.postcodes.io'),
  /** embedded: addresses made from the gazetteer; ideal_postcodes: Ideal Postcodes' address API. */
  ADDRESS_LOOKUP: z._default(z.enum(['embedded', 'ideal_postcodes']), 'embedded'),
  IDEAL_POSTCODES_API_KEY: z.optional(z.string().check(z.minLength(4))),
  IDEAL_POSTCODES_URL: z._default(httpUrl, 'https://api.ideal-postcodes.co.uk'),
  /** embedded: the stand-in warehouse and courier on the shop's clock; shipbob: ShipBob's API (a 3PL). */
  FULFILMENT: z._default(z.enum(['embedded', 'shipbob']), 'embedded'),
  SHIPBOB_API_TOKEN: z.optional(z.string().check(z.minLength(8))),
  SHIPBOB_CHANNEL_ID: z.optional(z.string().check(z.regex(/^\d+$/, 'must be a ShipBob channel id (digits)'))),
  SHIPBOB_API_URL: z._default(httpUrl, 'https://api.shipbob.com'),
  SHIPBOB_SHIPPING_METHOD: z._default(z.string(), 'Next Day Chilled'),
  /** embedded: a stand-in courier that rides on the shop's clock; uber_direct: Uber Direct's API. */
  COURIER: z._default(z.enum(['embedded', 'uber_direct']), 'embedded'),
  UBER_DIRECT_CLIENT_ID: z.optional(z.string().check(z.minLength(4))),
  UBER_DIRECT_CLIENT_SECRET: z.optional(z.string().check(z.minLength(4))),
  UBER_DIRECT_CUSTOMER_ID: z.optional(z.string().check(z.minLength(4))),
  UBER_DIRECT_API_URL: z._default(httpUrl, 'https://api.uber.com'),
  UBER_DIRECT_AUTH_URL: z._default(httpUrl, 'https://login.uber.com/oauth/v2/token'),
  /**
   * The bearer token /metrics asks for (docs/operations.md); unset, /metrics answers only loopback and private
   * addresses. At least 16 characters.
   */
  METRICS_TOKEN: z.optional(
    z.string().check(z.regex(/^[\x21-\x7e]{16,256}$/, 'must be 16-256 printable characters, no spaces')),
  ),
  /** Server errors (500s, failed jobs) go to Sentry at this DSN; unset, nothing is initialised or sent. */
  SENTRY_DSN: z.optional(httpUrl),
  /** The browser's errors go to Sentry at this (public) DSN, loaded after the page is idle; unset, nothing. */
  SENTRY_BROWSER_DSN: z.optional(httpUrl),
  /** Wallet logos to leave out of the checkout bar: a comma-separated list of google_pay, apple_pay. */
  HIDE_WALLET_LOGOS: z._default(
    z
      .string()
      .check(
        z.regex(
          /^((google_pay|apple_pay)(,(google_pay|apple_pay))*)?$/,
          'must list google_pay and/or apple_pay',
        ),
      ),
    '',
  ),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string } | { kind: 'memory' };
  branch: string;
  storefront: { token: string; url: string | null };
  publicUrl: string;
  brandSiteUrl: string;
  stagingBanner: string | null;
  pinnedNow: Date | null;
  logLevel: Env['LOG_LEVEL'];
  /**
   * Who may tell us the client's address (X-Forwarded-For): the nearest n proxies, or proxies at these
   * addresses/ranges; 0 trusts no one (the client is the TCP peer).
   */
  trustProxy: number | string[];
  /** Sign-ups an hour from one client address (security/rate-limit.ts LIMITS.signUpPerAddress unless set). */
  signUpsPerAddress: number | null;
  seedDemo: boolean;
  /** Whether this server process works the job queues (architecture decision 9). */
  jobWorkers: 'in-process' | 'none';
  /**
   * Server processes (docs/decisions/0019): how many were asked for (WORKERS, or one per core when unset)
   * and whether WORKERS was given. The embedded database runs one whatever is asked (cluster.ts).
   */
  workers: { count: number; explicit: boolean };
  webDistDir: string;
  secureCookies: boolean;
  logoutUrl: string;
  /** Wallet logos hidden in the checkout bar (spec §2 Navigation bars). */
  hiddenWalletLogos: ('google_pay' | 'apple_pay')[];
  socialSignIn: {
    mode: 'local' | 'live';
    google: { clientId: string };
    facebook: { appId: string; appSecret: string | null };
    apple: { clientId: string; teamId: string | null; keyId: string | null; privateKey: string | null };
  };
  email: { smtpUrl: string | null; from: string; mailbox: boolean; support: string };
  /** Seeing it work (docs/operations.md): /metrics' token, and where errors are reported (null: nowhere). */
  observability: { metricsToken: string | null; sentryDsn: string | null; sentryBrowserDsn: string | null };
  payments:
    | { mode: 'sandbox' }
    | {
        mode: 'live';
        stripe: {
          secretKey: string;
          publishableKey: string;
          /** Stripe.js, loaded by the card step only. */
          jsUrl: string;
          /** Stripe's HTTP API; null is the SDK's own (api.stripe.com). */
          apiUrl: string | null;
        };
        paypal: { clientId: string; clientSecret: string; environment: 'sandbox' | 'production' };
      };
  postcodes: { mode: 'embedded' | 'live'; url: string };
  fulfilment:
    | { mode: 'embedded' }
    | {
        mode: 'shipbob';
        shipbob: { apiUrl: string; token: string; channelId: string; shippingMethod: string };
      };
  addressLookup:
    { mode: 'embedded' } | { mode: 'ideal_postcodes'; idealPostcodes: { apiKey: string; url: string } };
  courier:
    | { mode: 'embedded' }
    | {
        mode: 'uber_direct';
        uberDirect: {
          clientId: string;
          clientSecret: string;
          customerId: string;
          apiUrl: string;
          authUrl: string;
        };
      };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; a bad value stops the process with one line per problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '?');
      return `  ${name}=${JSON.stringify(present[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  refuseTestStandInsInProduction(e);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: e.DATA_DIR },
    branch: e.BRANCH,
    storefront: { token: e.STOREFRONT_TOKEN, url: e.STOREFRONT_URL ?? null },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    brandSiteUrl: e.BRAND_SITE_URL.replace(/\/$/, ''),
    stagingBanner: e.STAGING_BANNER ?? null,
    pinnedNow: e.SFOGLIA_NOW ? new Date(e.SFOGLIA_NOW) : null,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    signUpsPerAddress: e.SIGN_UPS_PER_ADDRESS ?? null,
    seedDemo: e.SEED_DEMO,
    jobWorkers: e.JOB_WORKERS,
    workers: { count: e.WORKERS ?? Math.min(availableParallelism(), 64), explicit: e.WORKERS !== undefined },
    webDistDir: e.WEB_DIST_DIR,
    secureCookies: e.NODE_ENV === 'production',
    logoutUrl: e.LOGOUT_URL ?? '/signed-out',
    hiddenWalletLogos: [
      ...new Set(e.HIDE_WALLET_LOGOS.split(',').filter((v): v is 'google_pay' | 'apple_pay' => v !== '')),
    ],
    socialSignIn: socialSignInConfig(e),
    payments: paymentsConfig(e),
    email: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.EMAIL_FROM,
      mailbox: e.NODE_ENV !== 'production' && (e.MAILBOX ?? true),
      support: e.SUPPORT_EMAIL,
    },
    observability: {
      metricsToken: e.METRICS_TOKEN ?? null,
      sentryDsn: e.SENTRY_DSN ?? null,
      sentryBrowserDsn: e.SENTRY_BROWSER_DSN ?? null,
    },
    postcodes: { mode: e.POSTCODES, url: e.POSTCODES_URL.replace(/\/$/, '') },
    addressLookup: addressLookupConfig(e),
    courier: courierConfig(e),
    fulfilment: fulfilmentConfig(e),
  };
}

function courierConfig(e: Env): Config['courier'] {
  if (e.COURIER === 'embedded') return { mode: 'embedded' };
  const missing = [
    ['UBER_DIRECT_CLIENT_ID', e.UBER_DIRECT_CLIENT_ID],
    ['UBER_DIRECT_CLIENT_SECRET', e.UBER_DIRECT_CLIENT_SECRET],
    ['UBER_DIRECT_CUSTOMER_ID', e.UBER_DIRECT_CUSTOMER_ID],
  ].filter(([, value]) => !value);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  COURIER=uber_direct needs ${missing.map(([name]) => name).join(', ')}` +
        ' (or COURIER=embedded for the stand-in courier)',
    );
  }
  return {
    mode: 'uber_direct',
    uberDirect: {
      clientId: e.UBER_DIRECT_CLIENT_ID!,
      clientSecret: e.UBER_DIRECT_CLIENT_SECRET!,
      customerId: e.UBER_DIRECT_CUSTOMER_ID!,
      apiUrl: e.UBER_DIRECT_API_URL.replace(/\/$/, ''),
      authUrl: e.UBER_DIRECT_AUTH_URL,
    },
  };
}

function fulfilmentConfig(e: Env): Config['fulfilment'] {
  if (e.FULFILMENT === 'embedded') return { mode: 'embedded' };
  if (!e.SHIPBOB_API_TOKEN || !e.SHIPBOB_CHANNEL_ID) {
    throw new ConfigError(
      'Invalid configuration:\n  FULFILMENT=shipbob needs SHIPBOB_API_TOKEN and SHIPBOB_CHANNEL_ID' +
        ' (or FULFILMENT=embedded for the stand-in warehouse)',
    );
  }
  return {
    mode: 'shipbob',
    shipbob: {
      apiUrl: e.SHIPBOB_API_URL,
      token: e.SHIPBOB_API_TOKEN,
      channelId: e.SHIPBOB_CHANNEL_ID,
      shippingMethod: e.SHIPBOB_SHIPPING_METHOD,
    },
  };
}

function addressLookupConfig(e: Env): Config['addressLookup'] {
  if (e.ADDRESS_LOOKUP === 'embedded') return { mode: 'embedded' };
  if (!e.IDEAL_POSTCODES_API_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  ADDRESS_LOOKUP=ideal_postcodes needs IDEAL_POSTCODES_API_KEY' +
        ' (or ADDRESS_LOOKUP=embedded for the demo gazetteer)',
    );
  }
  return {
    mode: 'ideal_postcodes',
    idealPostcodes: { apiKey: e.IDEAL_POSTCODES_API_KEY, url: e.IDEAL_POSTCODES_URL.replace(/\/$/, '') },
  };
}

function socialSignInConfig(e: Env): Config['socialSignIn'] {
  const mode = e.SOCIAL_SIGN_IN ?? (e.NODE_ENV === 'production' ? 'live' : 'local');
  if (mode === 'live') {
    const missing = [
      ['GOOGLE_CLIENT_ID', e.GOOGLE_CLIENT_ID],
      ['FACEBOOK_APP_ID', e.FACEBOOK_APP_ID],
      ['FACEBOOK_APP_SECRET', e.FACEBOOK_APP_SECRET],
      ['APPLE_CLIENT_ID', e.APPLE_CLIENT_ID],
      ['APPLE_TEAM_ID', e.APPLE_TEAM_ID],
      ['APPLE_KEY_ID', e.APPLE_KEY_ID],
      ['APPLE_PRIVATE_KEY', e.APPLE_PRIVATE_KEY],
    ].filter(([, value]) => !value);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  SOCIAL_SIGN_IN=live needs ${missing.map(([name]) => name).join(', ')}` +
          ' (or SOCIAL_SIGN_IN=local for the local sign-in pages)',
      );
    }
  }
  return {
    mode,
    google: { clientId: e.GOOGLE_CLIENT_ID ?? 'sfoglia-local-google' },
    facebook: {
      appId: e.FACEBOOK_APP_ID ?? 'sfoglia-local-facebook',
      appSecret: e.FACEBOOK_APP_SECRET ?? null,
    },
    apple: {
      clientId: e.APPLE_CLIENT_ID ?? 'sfoglia-local-apple',
      teamId: e.APPLE_TEAM_ID ?? null,
      keyId: e.APPLE_KEY_ID ?? null,
      privateKey: e.APPLE_PRIVATE_KEY?.replace(/\\n/g, '\n') ?? null,
    },
  };
}

/**
 * Production takes real money on the real clock (issue 19, item 23): the embedded test processor and a
 * pinned clock are for tests and demos, and a production server with either refuses to start.
 */
function refuseTestStandInsInProduction(e: Env): void {
  if (e.NODE_ENV !== 'production') return;
  const problems = [
    e.PAYMENTS === 'sandbox' &&
      '  NODE_ENV=production takes real payments: PAYMENTS=sandbox is the test processor (set PAYMENTS=live' +
        ' with the Stripe and PayPal keys)',
    e.SFOGLIA_NOW !== undefined &&
      `  NODE_ENV=production runs on the real clock: unset SFOGLIA_NOW (${e.SFOGLIA_NOW} pins it)`,
  ].filter((line): line is string => Boolean(line));
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}

function paymentsConfig(e: Env): Config['payments'] {
  const mode = e.PAYMENTS ?? (e.NODE_ENV === 'production' ? 'live' : 'sandbox');
  if (mode === 'sandbox') return { mode: 'sandbox' };
  const missing = [
    ['STRIPE_SECRET_KEY', e.STRIPE_SECRET_KEY],
    ['STRIPE_PUBLISHABLE_KEY', e.STRIPE_PUBLISHABLE_KEY],
    ['PAYPAL_CLIENT_ID', e.PAYPAL_CLIENT_ID],
    ['PAYPAL_CLIENT_SECRET', e.PAYPAL_CLIENT_SECRET],
  ].filter(([, value]) => !value);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  PAYMENTS=live needs ${missing.map(([name]) => name).join(', ')}` +
        (e.NODE_ENV === 'production'
          ? ' (NODE_ENV=production takes real payments only)'
          : ' (or PAYMENTS=sandbox for the embedded test processor)'),
    );
  }
  // A stand-in for Stripe (decision 20's double) is for tests and demos: production talks to Stripe itself.
  if (e.NODE_ENV === 'production' && (e.STRIPE_API_URL || e.STRIPE_JS_URL !== STRIPE_JS_URL)) {
    throw new ConfigError(
      `Invalid configuration:\n  NODE_ENV=production needs Stripe itself: unset STRIPE_API_URL and STRIPE_JS_URL`,
    );
  }
  return {
    mode: 'live',
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY!,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
      jsUrl: e.STRIPE_JS_URL,
      apiUrl: e.STRIPE_API_URL?.replace(/\/$/, '') ?? null,
    },
    paypal: {
      clientId: e.PAYPAL_CLIENT_ID!,
      clientSecret: e.PAYPAL_CLIENT_SECRET!,
      environment: e.PAYPAL_ENVIRONMENT,
    },
  };
}

/** What the browser may know, injected into index.html. */
export function publicConfig(config: Config) {
  return {
    branch: config.branch,
    storefrontToken: config.storefront.token,
    storefrontUrl: config.storefront.url ?? '/storefront/graphql',
    brandSiteUrl: config.brandSiteUrl,
    stagingBanner: config.stagingBanner,
    logoutUrl: config.logoutUrl,
    hiddenWalletLogos: config.hiddenWalletLogos,
    social: {
      mode: config.socialSignIn.mode,
      googleClientId: config.socialSignIn.google.clientId,
      facebookAppId: config.socialSignIn.facebook.appId,
      appleClientId: config.socialSignIn.apple.clientId,
    },
    payments: {
      mode: config.payments.mode,
      stripePublishableKey: config.payments.mode === 'live' ? config.payments.stripe.publishableKey : null,
      stripeJsUrl: config.payments.mode === 'live' ? config.payments.stripe.jsUrl : null,
    },
  };
}
