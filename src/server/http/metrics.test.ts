import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { enqueueEmails } from '../integrations/email';
import { createJobs } from '../jobs/queue';
import type { ErrorContext, ErrorReporter } from '../observability/error-reporting';
import { API, expectError } from '../test/api-expect';
import { basketOf, CARDS, DISH, place, saveCard, shopper } from '../test/checkout';
import { createTestApp, type TestApp } from '../test/harness';
import { hasMetricsToken, isInternalAddress } from './metrics';

// GET /metrics (issue 25 part 6): who may read it, and that what the shop does shows in it: requests by
// route pattern and status, payments by kind, processor and outcome, failed jobs, the queues, the outbox.

const TOKEN = 'metrics-token-0123456789';
const PUBLIC_ADDRESS = '203.0.113.7';

/** A reporter that keeps what it is given (the port's test implementation; production's is Sentry's). */
function recordingReporter(): ErrorReporter & { reports: { error: unknown; context: ErrorContext }[] } {
  const reports: { error: unknown; context: ErrorContext }[] = [];
  return {
    enabled: true,
    reports,
    report: (error, context) => reports.push({ error, context }),
    flush: async () => {},
  };
}

/** The value of one sample in the exposition text (labels given must match; others may be there), or 0. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

let t: TestApp;
let secured: FastifyInstance;
const reporter = recordingReporter();

beforeAll(async () => {
  t = await createTestApp();
  // The same shop with METRICS_TOKEN set, its errors reported to a recording reporter (built last: the
  // process's failed jobs are reported through the reporter of the app built last).
  secured = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', METRICS_TOKEN: TOKEN }),
    database: t.database,
    clock: t.clock,
    serveWeb: false,
    logger: false,
    errorReporter: reporter,
  });
  secured.get('/test-only/fails', { schema: { hide: true } }, async () => {
    throw new Error('an unexpected fault for alice@example.com');
  });
  await secured.ready();
});
afterAll(async () => {
  await secured.close();
  await t.close();
});

async function metricsOf(app: FastifyInstance, headers: Record<string, string> = {}): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

describe('who may read /metrics', () => {
  test('without METRICS_TOKEN: loopback and private addresses only; anyone else gets the unknown path 404', async () => {
    for (const remoteAddress of ['127.0.0.1', '10.1.2.3', '172.20.0.5', '192.168.1.9', '::1']) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    for (const remoteAddress of [PUBLIC_ADDRESS, '172.32.0.1', '8.8.8.8', '2001:db8::1']) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(404);
      expect(response.json().errors[0]).toMatchObject({
        code: 'ROUTE_NOT_FOUND',
        detail: 'There is no GET /metrics',
      });
      expect(response.body).not.toContain('sfoglia_');
    }
  });

  test('without METRICS_TOKEN, a request through a proxy the shop does not trust is refused (it could be anyone)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': PUBLIC_ADDRESS },
    });
    expect(response.statusCode).toBe(404);
  });

  test('with METRICS_TOKEN: the right bearer token from anywhere; a wrong or missing one is a 404, even from loopback', async () => {
    const right = await secured.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: PUBLIC_ADDRESS,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.headers['cache-control']).toBe('no-store');
    expect(right.body).toContain('# TYPE sfoglia_http_request_duration_seconds histogram');
    expect(right.body).toContain('process_cpu_user_seconds_total');
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      TOKEN,
      'Bearer ',
      `Basic ${TOKEN}`,
    ]) {
      const wrong = await secured.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(wrong.statusCode, String(authorization)).toBe(404);
      expectError(
        { status: wrong.statusCode, body: wrong.json(), headers: wrong.headers },
        404,
        'ROUTE_NOT_FOUND',
      );
    }
  });

  test('the address and token checks', () => {
    expect(['127.0.0.1', '127.9.9.9', '::ffff:10.0.0.1', '::1', 'fd00::1'].every(isInternalAddress)).toBe(
      true,
    );
    expect(
      ['172.15.255.255', '192.169.0.1', '11.0.0.1', '::ffff:8.8.8.8', 'unknown', ''].some(isInternalAddress),
    ).toBe(false);
    expect(hasMetricsToken(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(hasMetricsToken(`bearer ${TOKEN}`, TOKEN)).toBe(false);
    expect(hasMetricsToken(undefined, TOKEN)).toBe(false);
  });

  test('/metrics is not in the OpenAPI document (it is not part of the API)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });
});

describe('what /metrics shows', () => {
  test('a request is counted under its route pattern and status, never its address', async () => {
    const id = '5b0c7a52-93f4-4c8e-9a5e-1f0f6f3a2b11';
    const before = await metricsOf(t.app);
    const labels = { method: 'GET', route: '/api/v2/orders/:id', status_code: '401' };
    expect((await t.visitor().get(`${API}/orders/${id}`)).status).toBe(401);
    expect((await t.visitor().get(`${API}/orders/${id}`)).status).toBe(401);
    expect((await t.visitor().get(`${API}/no-such-thing/${id}`)).status).toBe(404);
    const after = await metricsOf(t.app);
    const count = 'sfoglia_http_request_duration_seconds_count';
    expect(sample(after, count, labels) - sample(before, count, labels)).toBe(2);
    expect(sample(after, 'sfoglia_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      sample(after, count, labels),
    );
    expect(sample(after, count, { route: 'unmatched', status_code: '404' })).toBeGreaterThan(
      sample(before, count, { route: 'unmatched', status_code: '404' }),
    );
    expect(after).not.toContain(id);
  });

  test('payments: started, succeeded and failed, by kind and processor', async () => {
    const outcome = (text: string, name: string) =>
      sample(text, 'sfoglia_payment_outcomes_total', {
        kind: 'checkout',
        processor: 'stripe',
        outcome: name,
      });
    const before = await metricsOf(t.app);
    const s = await shopper(t);
    const poor = await saveCard(t, s, CARDS.insufficientFunds);
    const good = await saveCard(t, s, CARDS.visa);
    const { orderId } = await place(s, await basketOf(s.visitor, [[DISH.beefShin, 2]]));
    const declined = await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: poor });
    expectError(declined, 402, 'PAYMENT_DECLINED');
    const paid = await s.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: good });
    expect(paid.body.data.attributes.status).toBe('succeeded');
    const after = await metricsOf(t.app);
    expect(outcome(after, 'started') - outcome(before, 'started')).toBe(2);
    expect(outcome(after, 'failed') - outcome(before, 'failed')).toBe(1);
    expect(outcome(after, 'succeeded') - outcome(before, 'succeeded')).toBe(1);
    // Every app of the process shows the process's payments.
    expect(outcome(await metricsOf(secured, { authorization: `Bearer ${TOKEN}` }), 'succeeded')).toBe(
      outcome(after, 'succeeded'),
    );
  });

  test('a failed job: counted, reported with its queue and id, and waiting in its queue to be tried again', async () => {
    const silent = { info: () => {}, warn: () => {}, error: () => {} };
    const jobs = createJobs(
      t.database,
      [
        {
          name: 'metrics-test-fails',
          run: async () => {
            throw new Error('the job went wrong');
          },
        },
      ],
      silent,
    );
    await jobs.start({ work: false });
    try {
      const before = await metricsOf(t.app);
      const jobId = await jobs.send('metrics-test-fails');
      await expect(jobs.runDue('metrics-test-fails')).rejects.toThrow('the job went wrong');
      const after = await metricsOf(t.app);
      expect(
        sample(after, 'sfoglia_job_failures_total', { queue: 'metrics-test-fails' }) -
          sample(before, 'sfoglia_job_failures_total', { queue: 'metrics-test-fails' }),
      ).toBe(1);
      // pg-boss tries it again later (retryLimit 3, with a delay): deferred, not yet failed for good.
      expect(
        sample(after, 'sfoglia_job_queue_jobs', { queue: 'metrics-test-fails', state: 'deferred' }),
      ).toBe(1);
      expect(sample(after, 'sfoglia_job_queue_jobs', { queue: 'metrics-test-fails', state: 'active' })).toBe(
        0,
      );
      const reported = reporter.reports.filter((report) => report.context.job === 'metrics-test-fails');
      expect(reported).toHaveLength(1);
      expect(reported[0]!.context).toEqual({ job: 'metrics-test-fails', jobId });
      expect((reported[0]!.error as Error).message).toBe('the job went wrong');
    } finally {
      await jobs.stop();
    }
  });

  test('the email outbox backlog: unsent messages and the age of the oldest', async () => {
    const before = sample(await metricsOf(t.app), 'sfoglia_email_outbox_unsent');
    const message = { subject: 'Hello', text: 'Hello', html: '<p>Hello</p>', template: 'welcome' as const };
    await enqueueEmails(t.database.db, [
      { ...message, to: 'one@example.com' },
      { ...message, to: 'two@example.com' },
    ]);
    const after = await metricsOf(t.app);
    expect(sample(after, 'sfoglia_email_outbox_unsent') - before).toBe(2);
    expect(sample(after, 'sfoglia_email_outbox_oldest_unsent_seconds')).toBeGreaterThanOrEqual(0);
    expect(after).not.toContain('one@example.com');
  });

  test('the database pool: the embedded database is one connection (PostgreSQL: the pool its counts)', async () => {
    const text = await metricsOf(t.app);
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'sfoglia_db_pool_max')).toBe(10);
      expect(sample(text, 'sfoglia_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(text).toMatch(/^sfoglia_db_pool_waiting \d+$/m);
      expect(text).toMatch(/^sfoglia_db_pool_idle \d+$/m);
    } else {
      expect(sample(text, 'sfoglia_db_pool_max')).toBe(1);
      expect(sample(text, 'sfoglia_db_pool_connections')).toBe(1);
      expect(text).not.toMatch(/^sfoglia_db_pool_waiting /m);
    }
  });
});

describe('server errors reported', () => {
  test('a 500 is reported with its request id and route; a client error is not', async () => {
    const before = reporter.reports.length;
    const failed = await secured.inject({
      method: 'GET',
      url: '/test-only/fails',
      headers: { 'x-request-id': 'metrics-test-500-0001' },
    });
    expect(failed.statusCode).toBe(500);
    expect(failed.json().meta.request_id).toBe('metrics-test-500-0001');
    expect(reporter.reports.slice(before)).toEqual([
      {
        error: expect.objectContaining({ message: 'an unexpected fault for alice@example.com' }),
        context: { requestId: 'metrics-test-500-0001', method: 'GET', route: '/test-only/fails' },
      },
    ]);
    expect((await secured.inject({ method: 'GET', url: `${API}/nope` })).statusCode).toBe(404);
    expect(
      (await secured.inject({ method: 'GET', url: `${API}/orders/5b0c7a52-93f4-4c8e-9a5e-1f0f6f3a2b11` }))
        .statusCode,
    ).toBe(401);
    expect(reporter.reports).toHaveLength(before + 1);
  });
});
