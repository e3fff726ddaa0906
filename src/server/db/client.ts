import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { describeDatabaseError, isDatabaseUnavailable, sqlStateOf } from './availability';
import { lockDataDir } from './data-dir-lock';
import { createPool, migratePostgres, POSTGRES_LIMITS, type PostgresLimits } from './postgres';

// One SQL dialect (architecture decision 2): PGlite in a folder by default, PostgreSQL when DATABASE_URL
// is set, in-memory PGlite (optionally from a snapshot) for tests. Same schema, same migrations.

export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT>;
/** Repositories take either, so a use case can run them inside its transaction. */
export type DbOrTx = Db | Tx;

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'postgres'; url: string; poolSize?: number; limits?: Partial<PostgresLimits> }
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

/**
 * An in-memory database (tests, and DATA_DIR=:memory:) is small and short-lived: 16 MB of shared buffers,
 * not PostgreSQL's 128 MB (PGlite sets them up at every start: a test file's fresh database loads in 0.9 s,
 * not 1.4), and WAL in 1 MB segments, of which a checkpoint keeps 2 (not 16 MB ones and up to 80 MB), so a
 * snapshot is smaller to read and unpack. Settings of the server, not of SQL: the same statements run.
 */
function inMemory(snapshot: Blob | undefined) {
  const startParams = [
    ...PGlite.defaultStartParams,
    ...['-c', 'shared_buffers=16MB', '-c', 'min_wal_size=2MB', '-c', 'max_wal_size=32MB'],
  ];
  return snapshot
    ? { loadDataDir: snapshot, startParams }
    : { startParams, initDbStartParams: ['--wal-segsize=1'] };
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction did nothing and can run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 5;

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

export interface OpenOptions {
  /** Run the migrations (the process that starts the shop); forked workers find them done. */
  migrate?: boolean;
  /**
   * A server that cannot be reached yet (refused, starting up: 57P03) is tried again with a growing pause
   * until this many milliseconds have passed, then its error is thrown; anything else is thrown at once.
   */
  waitMs?: number;
  /** Told before each pause: why, and how long until the next try. */
  onWait?: (error: unknown, retryInMs: number) => void;
}

/**
 * How a process starting waits for PostgreSQL (a server restarting with it, or still recovering): up to a
 * minute, saying so on stderr each time; then its error stops the start with a message.
 */
export const WAIT_AT_START = {
  waitMs: 60_000,
  onWait: (error: unknown, retryInMs: number) =>
    process.stderr.write(
      `PostgreSQL at DATABASE_URL is not answering yet (${describeDatabaseError(error)}); ` +
        `trying again in ${(retryInMs / 1000).toFixed(retryInMs < 1000 ? 2 : 0)} s\n`,
    ),
} satisfies OpenOptions;

export async function openDatabase(
  target: DatabaseTarget,
  { migrate = true, waitMs = 0, onWait }: OpenOptions = {},
): Promise<Database> {
  if (target.kind === 'postgres') {
    const limits = { ...POSTGRES_LIMITS, ...target.limits };
    const deadline = Date.now() + waitMs;
    for (let attempt = 0; ; attempt++) {
      try {
        return await openPostgres(target.url, target.poolSize ?? 20, migrate, limits);
      } catch (error) {
        const pause = Math.min(5_000, 250 * 2 ** attempt);
        if (!isDatabaseUnavailable(error) || Date.now() + pause > deadline) throw error;
        onWait?.(error, pause);
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  }

  const release = target.kind === 'pglite' ? lockDataDir(target.dataDir) : () => {};
  try {
    const client =
      target.kind === 'pglite' ? new PGlite(target.dataDir) : new PGlite(inMemory(target.snapshot));
    await client.waitReady;
    const db = drizzlePglite({ client }) as unknown as Db;
    // A snapshot was dumped from a migrated database (the tests' global setup): nothing to migrate.
    if (migrate && !(target.kind === 'memory' && target.snapshot)) {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    }
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

async function openPostgres(
  url: string,
  poolSize: number,
  migrate: boolean,
  limits: PostgresLimits,
): Promise<Database> {
  if (migrate) await migratePostgres(url, MIGRATIONS_FOLDER, limits);
  const pool = createPool(url, poolSize, limits);
  try {
    // Reachable now, or the caller waits and tries again (a server still starting answers 57P03).
    await pool.query('select 1');
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
