import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';

// One SQL dialect (architecture decision 2): PGlite in a folder by default, PostgreSQL when DATABASE_URL
// is set, in-memory PGlite (optionally from a snapshot) for tests. Same schema, same migrations.

export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT>;
/** Repositories take either, so a use case can run them inside its transaction. */
export type DbOrTx = Db | Tx;

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'memory'; snapshot?: Blob };

export interface Database {
  kind: DatabaseTarget['kind'];
  db: Db;
  /** Liveness of the connection, for /readyz. */
  ping(): Promise<void>;
  /**
   * Plain SQL for the job queue (pg-boss's `db.executeSql`): with values, one parameterised statement; without,
   * any number of statements, their rows flattened.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
  /** In-memory and embedded databases can be dumped (test snapshots). */
  dump?: () => Promise<Blob>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction did nothing and can run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 5;

function sqlStateOf(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

export function isRetryableConflict(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && RETRYABLE.has(state);
}

/**
 * Top-level transactions that PostgreSQL aborted for a deadlock or a serialization failure are run again
 * (issue 8): nothing they did was kept, and no transaction here calls the outside world (the payments port
 * is never called inside one; emails go to the outbox table). A short random pause lets the other side
 * finish. Savepoints (`tx.transaction`) are not retried on their own: their whole transaction is.
 */
export function retryConflicts(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (
    work: Parameters<Db['transaction']>[0],
    config?: Parameters<Db['transaction']>[1],
  ) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(work, config);
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !isRetryableConflict(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
      }
    }
  }) as Db['transaction'];
  return db;
}

// Serialises migrations when several server processes share one PostgreSQL database.
const MIGRATION_LOCK_ID = 7_261_001;

export async function openDatabase(target: DatabaseTarget, { migrate = true } = {}): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.poolSize ?? 20, migrate);

  const release = target.kind === 'pglite' ? lockDataDir(target.dataDir) : () => {};
  try {
    const client =
      target.kind === 'pglite'
        ? new PGlite(target.dataDir)
        : new PGlite(target.snapshot ? { loadDataDir: target.snapshot } : {});
    await client.waitReady;
    const db = drizzlePglite({ client }) as unknown as Db;
    if (migrate) await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      kind: target.kind,
      db,
      ping: async () => {
        await client.query('select 1');
      },
      executeSql: async (text, values = []) => {
        if (values.length > 0) return { rows: (await client.query(text, values)).rows };
        return { rows: (await client.exec(text)).flatMap((result) => result.rows) };
      },
      close: async () => {
        try {
          if (!client.closed) await client.close();
        } finally {
          release();
        }
      },
      dump: () => client.dumpDataDir('none'),
    };
  } catch (error) {
    release();
    throw error;
  }
}

async function openPostgres(url: string, poolSize: number, migrate: boolean): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  try {
    if (migrate) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    kind: 'postgres',
    db: retryConflicts(drizzlePg({ client: pool }) as unknown as Db),
    ping: async () => {
      await pool.query('select 1');
    },
    executeSql: async (text, values = []) => ({ rows: (await pool.query(text, values)).rows }),
    close: () => pool.end(),
  };
}
