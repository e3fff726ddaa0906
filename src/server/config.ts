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
  PUBLIC_URL: z._default(httpUrl, 'http://localhost:3000'),
  BRAND_SITE_URL: z._default(httpUrl, 'https://www.sfoglia.example'),
  STAGING_BANNER: z.optional(z.string().check(z.maxLength(200))),
  /** Pins the shop's clock (demo and tests): an ISO date-time. */
  SFOGLIA_NOW: z.optional(instant),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  SEED_DEMO: z._default(boolFlag, true),
  WEB_DIST_DIR: z._default(z.string(), 'dist/web'),
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
  seedDemo: boolean;
  webDistDir: string;
  secureCookies: boolean;
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
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: e.DATA_DIR },
    branch: e.BRANCH,
    storefront: { token: e.STOREFRONT_TOKEN, url: e.STOREFRONT_URL ?? null },
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
    brandSiteUrl: e.BRAND_SITE_URL.replace(/\/$/, ''),
    stagingBanner: e.STAGING_BANNER ?? null,
    pinnedNow: e.SFOGLIA_NOW ? new Date(e.SFOGLIA_NOW) : null,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    webDistDir: e.WEB_DIST_DIR,
    secureCookies: e.NODE_ENV === 'production',
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
  };
}
