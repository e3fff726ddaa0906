import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import { FixedClock } from '../clock';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { withDatabase } from './global-setup';
import { TEST_NOW } from './test-clock';

// A fresh database per test file (architecture decision 2), the real app through app.inject, and a
// visitor that keeps its cookies like a browser.

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: FixedClock;
  config: Config;
  visitor(): Visitor;
  close(): Promise<void>;
}

/** Live payments as configured in tests: Stripe's and PayPal's test keys (nothing is called at start). */
export const LIVE_PAYMENTS = {
  PAYMENTS: 'live',
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
  PAYPAL_CLIENT_ID: 'client',
  PAYPAL_CLIENT_SECRET: 'secret',
};

/**
 * Production as a bare deployment has it: live payments (production refuses the sandbox) and local
 * sign-in pages (no provider keys in tests).
 */
export const PRODUCTION = { NODE_ENV: 'production', SOCIAL_SIGN_IN: 'local', ...LIVE_PAYMENTS };

export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'wrapPaymentProcessors'> = {},
): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  return createTestAppOn(database, drop, env, options);
}

/** The app on a database the test opened itself (through a proxy, with its own limits); `drop` at close. */
export async function createTestAppOn(
  database: Database,
  drop: () => Promise<void>,
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'wrapPaymentProcessors'> = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const clock = new FixedClock(TEST_NOW);
  const app = await buildApp({ config, database, clock, serveWeb: false, logger: false, ...options });
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    visitor: () => new Visitor(app, config.branch),
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/** A copy of the seeded PostgreSQL template, or null on PGlite (no TEST_DATABASE_URL): its URL, and its drop. */
export async function postgresCopy(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const template = inject('postgresTemplate');
  if (!template) return null;
  const name = `sfoglia_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template.name}`);
  await admin.end();
  return {
    url: withDatabase(template.url, name),
    drop: async () => {
      const again = new pg.Client({ connectionString: template.url });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

/** The seeded snapshot's bytes, read once per test worker (the modules outlive a file: isolate is off). */
let snapshotRead: { path: string; bytes: Buffer<ArrayBuffer> } | undefined;
function snapshotBytes(): Buffer<ArrayBuffer> {
  const path = inject('pgliteSnapshot');
  if (!path) throw new Error('The API test global setup did not run');
  if (snapshotRead?.path !== path) snapshotRead = { path, bytes: readFileSync(path) };
  return snapshotRead.bytes;
}

async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const copy = await postgresCopy();
  if (copy) {
    const database = await openDatabase({ kind: 'postgres', url: copy.url, poolSize: 10 });
    return { database, drop: copy.drop };
  }
  const database = await openDatabase({ kind: 'memory', snapshot: new Blob([snapshotBytes()]) });
  return { database, drop: async () => {} };
}

export interface Response<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

/** A browser: remembers its cookies and sends the branch header as the web client does. */
export class Visitor {
  private cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly branch: string,
  ) {}

  async request<T = any>(
    method: InjectOptions['method'],
    url: string,
    options: { body?: unknown; headers?: Record<string, string>; raw?: string; branch?: boolean } = {},
  ): Promise<Response<T>> {
    const headers: Record<string, string> = {
      ...(options.branch === false ? {} : { 'x-branch': this.branch }),
    };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (options.body !== undefined || options.raw !== undefined) headers['content-type'] = 'application/json';
    Object.assign(headers, options.headers);
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(options.raw !== undefined
        ? { payload: options.raw }
        : options.body !== undefined
          ? { payload: JSON.stringify(options.body) }
          : {}),
    });
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.maxAge === 0 || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    const text = response.body;
    let body: unknown = text;
    if (text && String(response.headers['content-type'] ?? '').includes('json')) body = JSON.parse(text);
    return { status: response.statusCode, body: body as T, headers: response.headers };
  }

  /** Gives this browser a cookie as if a page had set it (an experiment id whose bucket a test chose). */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /** The Cookie header this browser sends (for a request made with fetch to a listening server). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get<T = any>(url: string, headers?: Record<string, string>) {
    return this.request<T>('GET', url, headers ? { headers } : {});
  }
  post<T = any>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', url, { body: body ?? {}, ...(headers ? { headers } : {}) });
  }
  put<T = any>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', url, { body: body ?? {}, ...(headers ? { headers } : {}) });
  }
  patch<T = any>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', url, { body: body ?? {}, ...(headers ? { headers } : {}) });
  }
  delete<T = any>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('DELETE', url, {
      ...(body !== undefined ? { body } : {}),
      ...(headers ? { headers } : {}),
    });
  }
}
