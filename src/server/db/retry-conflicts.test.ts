import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { settings } from './schema/shop';
import { createTestApp, type TestApp } from '../test/harness';
import { isRetryableConflict, retryConflicts, type Db } from './client';

// Issue 8 defect 4: a transaction PostgreSQL aborts for a deadlock or a serialization failure runs again,
// so a customer never sees a 500 for it.

describe('retryConflicts', () => {
  /** A database whose transactions fail with `codes`, in turn, before they succeed. */
  function failing(codes: string[]) {
    let calls = 0;
    const db = {
      transaction: async (work: () => Promise<unknown>) => {
        const code = codes[calls++];
        if (code)
          throw Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(code), { code }) });
        return work();
      },
    } as unknown as Db;
    return { db: retryConflicts(db), calls: () => calls };
  }

  test('deadlocks and serialization failures are run again, then the answer is returned', async () => {
    const { db, calls } = failing(['40P01', '40001', '40P01']);
    await expect(db.transaction(async () => 'done')).resolves.toBe('done');
    expect(calls()).toBe(4);
  });

  test('other errors, and a conflict that keeps happening, are thrown', async () => {
    const unique = failing(['23505']);
    await expect(unique.db.transaction(async () => 'done')).rejects.toThrow('Failed query');
    expect(unique.calls()).toBe(1);
    const stubborn = failing(Array.from({ length: 10 }, () => '40P01'));
    await expect(stubborn.db.transaction(async () => 'done')).rejects.toThrow('Failed query');
    expect(stubborn.calls()).toBe(5);
  });

  test('the SQL state is found however deep the driver wraps it', () => {
    expect(isRetryableConflict({ code: '40P01' })).toBe(true);
    expect(isRetryableConflict(new Error('x', { cause: new Error('y', { cause: { code: '40001' } }) }))).toBe(
      true,
    );
    expect(isRetryableConflict({ code: 'ECONNRESET' })).toBe(false);
    expect(isRetryableConflict(null)).toBe(false);
  });
});

describe('a real deadlock on the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.insert(settings).values([
      { key: 'deadlock-a', value: 0 },
      { key: 'deadlock-b', value: 0 },
    ]);
  });
  afterAll(() => t.close());

  test('two transactions locking two rows in opposite orders both finish', async () => {
    // PGlite has one connection, so transactions never interleave there; on PostgreSQL they deadlock.
    const bump = (key: string) =>
      sql`update ${settings} set value = to_jsonb(coalesce((value)::text::int, 0) + 1) where key = ${key}`;
    let release!: () => void;
    const bothHoldOne = new Promise<void>((resolve) => (release = resolve));
    let holding = 0;
    const holdOne = async () => {
      holding += 1;
      if (holding >= 2) release();
      // On PGlite the second transaction only starts when the first ends: do not wait for it there.
      if (t.database.kind === 'postgres') await bothHoldOne;
    };
    const run = (first: string, second: string) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(bump(first));
        await holdOne();
        await tx.execute(bump(second));
      });
    await Promise.all([run('deadlock-a', 'deadlock-b'), run('deadlock-b', 'deadlock-a')]);
    const rows = await t.database.db.select().from(settings).where(eq(settings.key, 'deadlock-a'));
    expect(rows[0]!.value).toBe(2);
  });
});
