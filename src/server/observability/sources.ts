import type { Database } from '../db/client';
import { unsentEmail } from '../integrations/email';
import type { JobCount, JobState, MetricsSources, PoolUse } from './metrics';

// What /metrics reads at scrape time (observability/metrics.ts): pg-boss' job table (the queues live in the
// shop's database, decision 14), the email outbox through the email port's face, and this process's pool.

const JOB_COUNTS = `
  select name as queue,
    case when state in ('created', 'retry') and start_after < now() then 'queued'
         when state in ('created', 'retry') then 'deferred'
         else state::text end as state,
    count(*)::int as count
  from pgboss.job
  where state in ('created', 'retry', 'active', 'failed')
  group by 1, 2`;

export function databaseSources(database: Database): MetricsSources {
  // pg-boss makes its schema when the queue first starts (main.ts): before that there is nothing to count.
  let queueTable = false;
  const pool = poolOf(database);
  return {
    async jobCounts() {
      if (!queueTable) {
        const [row] = (
          await database.executeSql(`select to_regclass('pgboss.job') is not null as present`, [])
        ).rows as [{ present: boolean }];
        queueTable = row.present;
        if (!queueTable) return [];
      }
      const { rows } = await database.executeSql(JOB_COUNTS, []);
      return (rows as { queue: string; state: JobState; count: number }[]).map((row): JobCount => ({
        queue: row.queue,
        state: row.state,
        count: Number(row.count),
      }));
    },
    unsentEmail: () => unsentEmail(database.db),
    pool,
  };
}

interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max?: number };
}

/**
 * PostgreSQL: the pg Pool's own counts. PGlite is one connection in this process, shared by requests and jobs
 * (architecture: toolchain facts): always one open and at most one; it has no idle or waiting count to give,
 * so those are left out rather than made up.
 */
function poolOf(database: Database): () => PoolUse | null {
  if (database.kind !== 'postgres') return () => ({ total: 1, idle: null, waiting: null, max: 1 });
  const client = (database.db as unknown as { $client?: Partial<PgPool> }).$client;
  if (!client || typeof client.totalCount !== 'number') return () => null;
  const pool = client as PgPool;
  return () => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options.max ?? 10,
  });
}
