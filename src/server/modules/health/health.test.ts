import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { settings } from '../../db/schema/shop';
import { API, expectError } from '../../test/api-expect';
import { createTestApp, type TestApp } from '../../test/harness';
import { TEST_NOW } from '../../test/test-clock';
import { HEARTBEAT_EVERY_MS, HEARTBEAT_SETTING } from './readiness';

// /readyz asks whether the database can write, not only answer (issue 19 item 28, decision 26), on PGlite
// and on PostgreSQL. The fault is a full disk as the database reports it (53100), injected by a trigger on
// the tables written: the heartbeat row's and the baskets'. The clock is the shop's, pinned, so the test
// walks it across the heartbeat's interval instead of waiting.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DISK_FULL_TABLES = ['settings', 'baskets'];

async function diskFull(full: boolean) {
  if (full) {
    await t.database.executeSql(
      `create or replace function sfoglia_test_disk_full() returns trigger language plpgsql as $$
       begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`,
    );
  }
  for (const table of DISK_FULL_TABLES) {
    await t.database.executeSql(
      full
        ? `create trigger sfoglia_test_disk_full before insert or update on ${table}
             for each statement execute function sfoglia_test_disk_full()`
        : `drop trigger sfoglia_test_disk_full on ${table}`,
    );
  }
}

async function heartbeat(): Promise<unknown> {
  const [row] = await t.database.db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, HEARTBEAT_SETTING));
  return (row?.value as { at?: string } | undefined)?.at;
}

test('/readyz fails while the database cannot write (at most one write per interval), and passes again once it can', async () => {
  const visitor = t.visitor();
  const ready = await visitor.get('/readyz');
  expect(ready.status).toBe(200);
  expect(ready.body).toMatchObject({ status: 'ok' });
  expect(await heartbeat()).toBe(TEST_NOW.toISOString());

  await diskFull(true);
  try {
    // A change answers 503 with Retry-After: the shop cannot keep it, and says to try again.
    const refused = await visitor.post(`${API}/baskets`, { type: 'RecipeKitBasket' });
    expectError(refused, 503, 'DATABASE_UNAVAILABLE');
    expect(refused.headers['retry-after']).toBe('5');

    // Within the interval the probe does not write again: still ready, the heartbeat unchanged.
    t.clock.advance(HEARTBEAT_EVERY_MS - 1);
    expect((await visitor.get('/readyz')).status).toBe(200);
    expect(await heartbeat()).toBe(TEST_NOW.toISOString());

    // The interval over: the write is tried, fails, and the shop is not ready, for every probe.
    t.clock.advance(1);
    for (let probe = 0; probe < 2; probe++) {
      const notReady = await visitor.get('/readyz');
      expect(notReady.status).toBe(503);
      expect(notReady.body).toMatchObject({ status: 'unavailable', reason: 'database not writable' });
      expect(notReady.headers['retry-after']).toBe('5');
    }
  } finally {
    await diskFull(false);
  }

  // Writable again: ready at the next probe (a failure is not remembered), and changes are kept again.
  expect((await visitor.get('/readyz')).status).toBe(200);
  expect(await heartbeat()).toBe(new Date(TEST_NOW.getTime() + HEARTBEAT_EVERY_MS).toISOString());
  expect((await visitor.post(`${API}/baskets`, { type: 'RecipeKitBasket' })).status).toBe(201);
  t.clock.set(TEST_NOW);
});
