import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

// The PostgreSQL connection pool, made to outlive its server (issue 19 item 24, decision 26): a backend that
// dies, a server that restarts and a network that goes silent fail the statements in flight, which the
// HTTP edge answers 503 with Retry-After, and never the process; the pool makes new connections as soon as
// the server answers again. No wait is unbounded: for a connection, for a statement, for an answer.

export interface PostgresLimits {
  /** Longest wait for a connection from the pool: a free one, or a new one made (pg-pool's own timeout). */
  connectMs: number;
  /** PostgreSQL stops a statement that runs longer (statement_timeout, 57014). */
  statementMs: number;
  /**
   * A statement with no answer this long fails here and its connection is dropped: a network that went
   * silent, where PostgreSQL's own timeout never reaches us. Longer than `statementMs`, so a server that
   * answers stops the statement itself first.
   */
  readMs: number;
}

export const POSTGRES_LIMITS: PostgresLimits = { connectMs: 10_000, statementMs: 20_000, readMs: 25_000 };

// Serialises migrations when several server processes share one PostgreSQL database.
const MIGRATION_LOCK_ID = 7_261_001;

/**
 * node-postgres leaves a checked-out client (inside a transaction) with no 'error' listener, so a backend
 * terminated under it (57P01) or a dropped connection emits an unhandled 'error', which ends the process.
 * Every client gets a listener for its whole life: the statement in flight fails on its own, and the pool
 * drops the client when it is released (no longer queryable). A statement that outlived `readMs` leaves
 * its connection mid-answer, so that connection is ended, never handed out again.
 */
function guardClient(client: pg.PoolClient): void {
  client.on('error', () => {});
  client.query = function guardedQuery(this: pg.PoolClient, ...args: unknown[]) {
    // The class's own query, looked up at each call (a test counting round trips wraps it).
    const query = (Object.getPrototypeOf(client) as pg.PoolClient).query;
    const result = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) {
      result.then(undefined, (error: unknown) => {
        if ((error as Error)?.message === 'Query read timeout') client.end().catch(() => {});
      });
    }
    return result;
  } as typeof client.query;
}

export function createPool(url: string, poolSize: number, limits: PostgresLimits): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: limits.connectMs,
    statement_timeout: limits.statementMs,
    query_timeout: limits.readMs,
    keepAlive: true,
  });
  // An idle connection that drops is the pool's to replace; a checked-out one is guarded (above).
  pool.on('error', () => {});
  pool.on('connect', guardClient);
  return pool;
}

/**
 * Migrates on a connection of its own, under an advisory lock so several processes can start together, with
 * no statement timeout (a migration may rewrite a large table), only the bounded wait to connect.
 */
export async function migratePostgres(url: string, folder: string, limits: PostgresLimits): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: limits.connectMs });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle({ client }), { migrationsFolder: folder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end().catch(() => {});
  }
}
