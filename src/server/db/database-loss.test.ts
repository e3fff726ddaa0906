import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createJobs } from '../jobs/queue';
import { API, expectError } from '../test/api-expect';
import { uniqueEmail, PASSWORD } from '../test/accounts';
import { createTestAppOn, postgresCopy, type Response, type TestApp } from '../test/harness';
import { holdLock, startPgProxy, type PgProxy } from '../test/pg-faults';
import { openDatabase } from './client';
import type { PostgresLimits } from './postgres';

// A PostgreSQL server that crashes, restarts or stops answering under a running shop (issue 19 item 24,
// decision 26). The faults are real: backends terminated by pg_terminate_backend (57P01), or a TCP proxy in
// front of the test's own database that drops every connection and refuses new ones, or swallows every
// packet. A request caught by it answers 503 DATABASE_UNAVAILABLE with Retry-After, the process (this one:
// an unhandled 'error' would fail the run) carries on, and the next request after the fault succeeds. A
// request held inside a transaction is made deterministic by a lock the test holds: the test waits until
// PostgreSQL shows the shop's statement waiting for it, then injects the fault. Nothing is timed.

type Copy = NonNullable<Awaited<ReturnType<typeof postgresCopy>>>;
let copy: Copy | null = null;
const cleanups: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  copy = await postgresCopy();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  await copy?.drop();
});

const skipped = (title: string) =>
  `${title}${process.env.TEST_DATABASE_URL ? '' : ' (skipped: no PostgreSQL configured; set TEST_DATABASE_URL)'}`;
const onPostgres = test.skipIf(!process.env.TEST_DATABASE_URL);

/** The shop on the test's database, `through` a proxy when given, with the pool's limits when given. */
async function shopOn(through: PgProxy | null, limits?: Partial<PostgresLimits>): Promise<TestApp> {
  const database = await openDatabase(
    { kind: 'postgres', url: through?.url ?? copy!.url, poolSize: 4, ...(limits ? { limits } : {}) },
    { migrate: false },
  );
  const t = await createTestAppOn(database, async () => {});
  cleanups.push(() => t.close());
  return t;
}

async function proxy(): Promise<PgProxy> {
  const started = await startPgProxy(copy!.url);
  cleanups.push(() => started.close());
  return started;
}

/** The shop behind a proxy, with a visitor who has made a basket while all was well. */
async function shopBehindProxy(limits?: Partial<PostgresLimits>) {
  const faults = await proxy();
  const t = await shopOn(faults, limits);
  const visitor = t.visitor();
  const basket = await visitor.post(`${API}/baskets`, { type: 'RecipeKitBasket' });
  expect(basket.status).toBe(201);
  return { faults, t, visitor, basketId: basket.body.data.id as string };
}

/** A basket made by a new visitor (a call that writes). */
const newBasket = (t: TestApp) => t.visitor().post(`${API}/baskets`, { type: 'RecipeKitBasket' });

/** A lock on `table` held by the test, released when the file ends at the latest. */
async function lock(table: string, mode?: string) {
  const held = await holdLock(copy!.url, table, mode);
  cleanups.push(() => held.release());
  return held;
}

const signUpBody = () => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: uniqueEmail(),
  password: PASSWORD,
});

function expectUnavailable(response: Response<any>) {
  expectError(
    response,
    503,
    'DATABASE_UNAVAILABLE',
    /briefly unavailable\. Please try again in a few seconds/,
  );
  expect(response.headers['retry-after']).toBe('5');
}

describe('PostgreSQL lost under a running shop', () => {
  onPostgres(
    skipped(
      'a backend terminated inside a transaction (57P01) answers 503 with Retry-After; the process carries on and the next request succeeds',
    ),
    async () => {
      const t = await shopOn(null);
      const visitor = t.visitor();
      expect((await visitor.get('/readyz')).status).toBe(200);

      // Sign-up creates the customer inside its transaction: held there by a lock on customers.
      const held = await lock('customers');
      const signingUp = visitor.post(`${API}/customers`, signUpBody());
      await held.untilWaitedFor();
      const { rows } = await held.client.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
      expect(rows.length).toBeGreaterThan(0);
      expectUnavailable(await signingUp);
      await held.release();

      // The pool replaced what it lost: the same sign-up again works, and the shop is ready.
      const again = await visitor.post(`${API}/customers`, signUpBody());
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect((await visitor.get('/readyz')).status).toBe(200);
    },
  );

  onPostgres(
    skipped(
      'PostgreSQL gone (every connection dropped, new ones refused): requests answer 503 at once and /readyz 503; back, both succeed',
    ),
    async () => {
      const { faults, t, visitor, basketId } = await shopBehindProxy();

      // A sign-up inside its transaction when the server goes.
      const held = await lock('customers');
      const signingUp = visitor.post(`${API}/customers`, signUpBody());
      await held.untilWaitedFor();
      await faults.cut();
      expectUnavailable(await signingUp);
      await held.release();

      // Meanwhile: every call that needs the database says so, and the shop is not ready.
      expectUnavailable(await newBasket(t));
      expectUnavailable(await visitor.get(`${API}/baskets/${basketId}`));
      const notReady = await visitor.get('/readyz');
      expect(notReady.status).toBe(503);
      expect(notReady.body).toMatchObject({ status: 'unavailable', reason: 'database' });
      expect(notReady.headers['retry-after']).toBe('5');

      await faults.restore();
      expect((await visitor.get('/readyz')).status).toBe(200);
      expect((await newBasket(t)).status).toBe(201);
      expect((await visitor.post(`${API}/customers`, signUpBody())).status).toBe(201);
    },
  );

  onPostgres(
    skipped(
      'nothing waits without end: a statement held past its timeout and a network gone silent answer 503 within their bounds; back, the shop serves',
    ),
    async () => {
      // Limits shorter than the shop's (10 s, 20 s, 25 s), long enough for a busy machine's ordinary statements.
      const { faults, t, visitor, basketId } = await shopBehindProxy({
        connectMs: 2_000,
        statementMs: 1_500,
        readMs: 3_000,
      });

      // PostgreSQL answers, but the statement waits on a lock longer than statement_timeout (57014).
      const held = await lock('customers');
      expectUnavailable(await visitor.post(`${API}/customers`, signUpBody()));
      await held.release();

      // The network goes silent: the pool's open connections get no answer, new ones are never answered.
      await faults.silent();
      expectUnavailable(await visitor.get(`${API}/baskets/${basketId}`));
      expectUnavailable(await newBasket(t));
      expect((await visitor.get('/readyz')).status).toBe(503);

      await faults.restore();
      expect((await newBasket(t)).status).toBe(201);
      expect((await visitor.get('/readyz')).status).toBe(200);
    },
  );

  onPostgres(
    skipped(
      'the job queue outlives a lost database: a job caught mid-transaction fails, and the queue works again after',
    ),
    async () => {
      const faults = await proxy();
      const database = await openDatabase(
        { kind: 'postgres', url: faults.url, poolSize: 4 },
        { migrate: false },
      );
      cleanups.push(() => database.close());
      const said: string[] = [];
      const log = {
        info: () => {},
        warn: (_details: object, message: string) => said.push(message),
        error: (_details: object, message: string) => said.push(`error: ${message}`),
      };
      const ran: string[] = [];
      let done!: () => void;
      const secondRan = new Promise<void>((resolve) => (done = resolve));
      const jobs = createJobs(
        database,
        [
          {
            name: 'loss-test',
            pollSeconds: 0.5,
            async run(data) {
              ran.push(String(data.n));
              // Inside a transaction, waiting for the test's lock, when the database goes.
              await database.db.transaction(async (tx) => {
                await tx.execute(sql`select 1`);
                await tx.execute(sql`select count(*) from customers`);
              });
              if (data.n === 2) done();
            },
          },
        ],
        log,
      );
      await jobs.start({ work: true });
      cleanups.push(() => jobs.stop());

      const held = await lock('customers', 'access exclusive');
      await jobs.send('loss-test', { n: 1 });
      await held.untilWaitedFor();
      await faults.cut();
      await held.release();
      // The job failed with the database, and polling the queue fails too: each is a warning, none ends us.
      while (!said.includes('job queue error: database unavailable')) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(said).toContain('job failed');
      expect(said.filter((message) => message.startsWith('error:'))).toEqual([]);

      await faults.restore();
      await jobs.send('loss-test', { n: 2 });
      await secondRan;
      expect(ran).toEqual(['1', '2']);
    },
  );
});
