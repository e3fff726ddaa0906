import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, expect, inject, test } from 'vitest';
import { withDatabase } from '../test/global-setup';
import { holdLock, startPgProxy } from '../test/pg-faults';
import { freePort, startServer, type ServerProcess } from '../test/server-process';
import { TEST_NOW, WEEKS } from '../test/test-clock';

// The real server with WORKERS=2 on PostgreSQL (docs/decisions/0019): both processes answer, and what one
// does the other sees (a basket, the pinned demo clock). Every request goes on a new connection, which the
// primary hands to the workers in turn; the test counts who answered, it never times anything.

const template = inject('postgresTemplate');
const running: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const server of running) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

interface Answer {
  status: number;
  worker: string | null;
  retryAfter: string | null;
  cookie: string | null;
  body: Record<string, unknown>;
}

/** One request on its own connection (no keep-alive), so that any worker may take it. */
function call(base: string, method: string, path: string, body?: unknown, cookie?: string): Promise<Answer> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method,
        agent: false,
        headers: {
          connection: 'close',
          'x-branch': 'web',
          ...(data ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            worker: (res.headers['x-sfoglia-worker'] as string | undefined) ?? null,
            retryAfter: (res.headers['retry-after'] as string | undefined) ?? null,
            cookie: res.headers['set-cookie']?.[0]?.split(';')[0] ?? null,
            body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          }),
        );
      },
    );
    req.on('error', reject);
    // A connection handed to a worker as it is killed is never answered: give up on it (the caller asks again).
    req.setTimeout(10_000, () => req.destroy(new Error('no answer on this connection')));
    req.end(data);
  });
}

/** Waits for the primary's banner, printed once every worker listens (or any other text of its output). */
async function started(server: ServerProcess, text: string): Promise<void> {
  for (;;) {
    if (server.output().includes(text)) return;
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function postgresDatabase(): Promise<string> {
  const name = `sfoglia_workers_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: template!.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template!.name}`);
  await admin.end();
  cleanups.push(async () => {
    const again = new pg.Client({ connectionString: template!.url });
    await again.connect();
    await again.query(`drop database if exists ${name} with (force)`);
    await again.end();
  });
  return withDatabase(template!.url, name);
}

test.skipIf(!template)(
  `WORKERS=2 on PostgreSQL: started while it starts up, both processes serve, share baskets and one clock, outlive losing it, and stop together${
    template ? '' : ' (skipped: no PostgreSQL configured; set TEST_DATABASE_URL)'
  }`,
  { timeout: 240_000 },
  async () => {
    // Through a proxy that answers as PostgreSQL still starting does (57P03), then cuts it away and restores it.
    const url = await postgresDatabase();
    const proxy = await startPgProxy(url);
    cleanups.push(() => proxy.close());
    await proxy.starting();
    const server = startServer({
      DATABASE_URL: proxy.url,
      WORKERS: '2',
      PORT: String(await freePort()),
      SFOGLIA_NOW: TEST_NOW.toISOString(),
    });
    running.push(server);
    const base = server.url;

    // PostgreSQL still starting: the shop waits and says so (it used to stop), and starts once it answers.
    await started(server, 'is not answering yet (57P03: the database system is starting up)');
    expect(server.child.exitCode).toBeNull();
    await proxy.restore();
    await started(server, '; 2 server processes (WORKERS)');

    // Both answer /readyz, with one clock.
    const ready = new Map<number, number>();
    const pids = new Map<number, number>();
    for (let i = 0; i < 20 && ready.size < 2; i++) {
      const answer = await call(base, 'GET', '/readyz');
      expect(answer.status).toBe(200);
      const { process: who, clock_offset_ms: offset } = answer.body as {
        process: { worker: number; pid: number };
        clock_offset_ms: number;
      };
      ready.set(who.worker, offset);
      pids.set(who.worker, who.pid);
    }
    expect([...ready.keys()].sort()).toEqual([1, 2]);
    expect(new Set(ready.values()).size).toBe(1);
    expect(ready.get(1)).not.toBe(0);

    // A basket made through one is added to and read through both.
    const created = await call(base, 'POST', '/api/v2/baskets', {
      type: 'RecipeKitBasket',
      start_subscription: true,
    });
    expect(created.status).toBe(201);
    const cookie = created.cookie!;
    const basketId = (created.body.data as { id: string }).id;
    const addedBy = new Set<string>();
    let adds = 0;
    for (let i = 0; i < 20 && new Set([...addedBy].map((w) => w.split('/')[0])).size < 2; i++) {
      const added = await call(
        base,
        'POST',
        `/api/v2/baskets/${basketId}/items`,
        { product_variant_id: '10011', quantity: 1, meal_week: WEEKS.next },
        cookie,
      );
      expect(added.status).toBe(201);
      addedBy.add(added.worker!);
      adds += 1;
    }
    expect(new Set([...addedBy].map((w) => w.split('/')[0])).size).toBe(2);
    const seen = new Map<string, number>();
    for (let i = 0; i < 20 && seen.size < 2; i++) {
      const read = await call(base, 'GET', `/api/v2/baskets/${basketId}`, undefined, cookie);
      expect(read.status).toBe(200);
      const items = (read.body.included as { attributes: { quantity: number } }[]) ?? [];
      seen.set(
        read.worker!.split('/')[0]!,
        items.reduce((sum, item) => sum + item.attributes.quantity, 0),
      );
    }
    expect(Object.fromEntries(seen)).toEqual({ '1': adds, '2': adds });

    // PostgreSQL goes while a sign-up is inside its transaction (held there by the test's lock).
    const held = await holdLock(url, 'customers');
    cleanups.push(() => held.release());
    const signingUp = call(base, 'POST', '/api/v2/customers', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: `ada-${randomUUID().slice(0, 8)}@example.com`,
      password: 'gnocchi on a tuesday',
    });
    await held.untilWaitedFor();
    await proxy.cut();
    const caught = await signingUp;
    expect(caught.status, JSON.stringify(caught.body)).toBe(503);
    expect(caught.body).toMatchObject({ errors: [{ status: '503', code: 'DATABASE_UNAVAILABLE' }] });
    expect(caught.retryAfter).toBe('5');
    await held.release();

    // Meanwhile each worker answers, 503 with Retry-After, and is not ready.
    for (const answer of (
      await fromBoth(base, 'POST', '/api/v2/baskets', { type: 'RecipeKitBasket' })
    ).values()) {
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ errors: [{ code: 'DATABASE_UNAVAILABLE' }] });
      expect(answer.retryAfter).toBe('5');
    }
    for (const answer of (await fromBoth(base, 'GET', '/readyz')).values()) {
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ status: 'unavailable', reason: 'database' });
    }

    // Back: both ready and serving, and they are the processes that served before (none died).
    await proxy.restore();
    for (const [n, answer] of await fromBoth(base, 'GET', '/readyz')) {
      expect(answer.status).toBe(200);
      expect(answer.body.process).toEqual({ pid: pids.get(n), worker: n });
    }
    for (const answer of (
      await fromBoth(base, 'POST', '/api/v2/baskets', { type: 'RecipeKitBasket' })
    ).values()) {
      expect(answer.status).toBe(201);
    }
    expect(server.output()).not.toContain('worker died');

    // A worker killed is replaced: the same number, a new process (the other answers meanwhile).
    const victim = pids.get(2)!;
    process.kill(victim, 'SIGKILL');
    let replacement: number | null = null;
    // Asked again until it answers (the test's timeout bounds it): counted, never timed.
    while (replacement === null) {
      const answer = await call(base, 'GET', '/readyz').catch(() => null);
      const who = (answer?.body as { process?: { worker: number; pid: number } } | undefined)?.process;
      if (who?.worker === 2 && who.pid !== victim) replacement = who.pid;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(replacement).not.toBeNull();
    expect(server.output()).toContain('"msg":"worker died"');

    // SIGTERM to the primary stops every worker and exits cleanly.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  },
);

/** Asks on new connections until both workers have answered: their answers by worker number. */
async function fromBoth(
  base: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Map<number, Answer>> {
  const answers = new Map<number, Answer>();
  for (let i = 0; i < 40 && answers.size < 2; i++) {
    const answer = await call(base, method, path, body);
    answers.set(Number(answer.worker!.split('/')[0]), answer);
  }
  expect([...answers.keys()].sort()).toEqual([1, 2]);
  return answers;
}

// The embedded database's own rule: in the PostgreSQL pass there is nothing of the server's to see. A start on
// a fresh folder migrates and seeds it, beside the rest of the suite: bounded as generously as waitReady is.
test.skipIf(template)(
  'WORKERS=2 on the embedded database runs one process and says why',
  { timeout: 180_000 },
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sfoglia-workers-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = startServer({
      DATA_DIR: dataDir,
      WORKERS: '2',
      SEED_DEMO: 'false',
      PORT: String(await freePort()),
    });
    running.push(server);
    await started(server, '; 1 server process)');
    expect(server.output()).toContain(
      'WORKERS=2: running 1 server process, because the embedded database (PGlite) belongs to a single process.',
    );
    expect(server.output()).toContain('use PostgreSQL: DATABASE_URL=');
    const answer = await call(server.url, 'GET', '/readyz');
    expect(answer.body.process).toEqual({ pid: server.child.pid, worker: null });
    expect(answer.worker).toBeNull();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  },
);
