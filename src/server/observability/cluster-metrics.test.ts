import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, inject, test } from 'vitest';
import { withDatabase } from '../test/global-setup';
import { freePort, startServer, type ServerProcess } from '../test/server-process';

// /metrics with WORKERS=2 on PostgreSQL (observability/cluster-metrics.ts): whichever worker takes the scrape
// answers for both processes: requests either answered are counted once each, the database's figures once
// (not once per worker), the pools added up. Every request is on a new connection, which the primary hands to
// the workers in turn; the test counts who answered, it never times anything.

const template = inject('postgresTemplate');
const running: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

function call(base: string, path: string): Promise<{ status: number; worker: string | null; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { agent: false, headers: { connection: 'close' } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          worker: (res.headers['x-sfoglia-worker'] as string | undefined)?.split('/')[0] ?? null,
          text,
        }),
      );
    });
    req.on('error', reject);
    req.setTimeout(15_000, () => req.destroy(new Error('no answer on this connection')));
    req.end();
  });
}

function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return null;
}

test.skipIf(!template)(
  `WORKERS=2: either worker's /metrics answers for both processes${
    template ? '' : ' (skipped: no PostgreSQL configured; set TEST_DATABASE_URL)'
  }`,
  { timeout: 240_000 },
  async () => {
    const name = `sfoglia_metrics_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: template!.url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template!.name}`);
    await admin.end();
    const url = withDatabase(template!.url, name);
    cleanups.push(async () => {
      const again = new pg.Client({ connectionString: template!.url });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    });
    // No job workers: nothing sends the outbox while the test counts it.
    const server = startServer({
      DATABASE_URL: url,
      WORKERS: '2',
      JOB_WORKERS: 'none',
      PORT: String(await freePort()),
    });
    running.push(server);
    while (!server.output().includes('; 2 server processes (WORKERS)')) {
      if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // Three unsent emails in the shared database.
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      await db.query(`delete from email_outbox`);
      for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) {
        await db.query(
          `insert into email_outbox ("to", subject, text, html, template) values ($1, 'Hi', 'Hi', '<p>Hi</p>', 'welcome')`,
          [to],
        );
      }
    } finally {
      await db.end();
    }

    // /healthz answered by both workers, 12 times in all.
    const answeredHealth = new Set<string | null>();
    for (let i = 0; i < 12; i++) {
      const answer = await call(server.url, '/healthz');
      expect(answer.status).toBe(200);
      answeredHealth.add(answer.worker);
    }
    expect([...answeredHealth].sort()).toEqual(['1', '2']);

    // Each worker's /metrics says the same of the whole: 12 /healthz answers, 3 unsent emails, two pools.
    const scrapedBy = new Set<string | null>();
    for (let i = 0; i < 20 && scrapedBy.size < 2; i++) {
      const answer = await call(server.url, '/metrics');
      expect(answer.status, answer.text).toBe(200);
      scrapedBy.add(answer.worker);
      const health = { method: 'GET', route: '/healthz', status_code: '200' };
      expect(sample(answer.text, 'sfoglia_http_request_duration_seconds_count', health)).toBe(12);
      expect(sample(answer.text, 'sfoglia_email_outbox_unsent')).toBe(3);
      // Each process's pool is max(5, min(20, 80 / 2)) = 20 connections (main.ts): 40 for the two.
      expect(sample(answer.text, 'sfoglia_db_pool_max')).toBe(40);
      expect(sample(answer.text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    }
    expect([...scrapedBy].sort()).toEqual(['1', '2']);
  },
);
