import type { Config } from '../config';

// How many server processes run, and which of them works the job queues (docs/decisions/0019).

/** The environment a forked server process is started with: its number, 1…n. */
export const WORKER_NUMBER_ENV = 'SFOGLIA_WORKER_NUMBER';

export interface ProcessPlan {
  /** Server processes to run: 1 runs the server in this process, more fork that many workers. */
  processes: number;
  /** Said once at start when the plan is not what was asked for. */
  notice: string | null;
}

/**
 * PostgreSQL runs WORKERS processes (one per core when unset). The embedded database is one process's own (it
 * locks its data folder), so it always runs one: asked for more, the shop says why and carries on with one
 * rather than refusing, because one process serves every page correctly, only slower, and refusing would stop
 * `npm start` on a bare machine whose environment happens to set WORKERS.
 */
export function processPlan(config: Pick<Config, 'database' | 'workers'>): ProcessPlan {
  const { count, explicit } = config.workers;
  if (config.database.kind === 'postgres') return { processes: count, notice: null };
  const notice =
    explicit && count > 1
      ? `WORKERS=${count}: running 1 server process, because the embedded database (PGlite) belongs to a ` +
        `single process.\nTo run ${count}, use PostgreSQL: DATABASE_URL=postgres://user:pass@localhost:5432/sfoglia ` +
        `WORKERS=${count} npm start`
      : null;
  return { processes: 1, notice };
}

/**
 * Whether this server process works the job queues: with JOB_WORKERS=in-process, the only process, or worker
 * 1 of several (a restarted worker 1 takes over again). pg-boss would share the work safely between all of
 * them, but one is enough for the shop's load and saves every other process polling the queues.
 */
export function worksJobs(config: Pick<Config, 'jobWorkers'>, workerNumber: number | null): boolean {
  return config.jobWorkers === 'in-process' && (workerNumber === null || workerNumber === 1);
}

/** The worker number this process was forked with, or null when it is not a forked worker. */
export function workerNumberOf(env: Record<string, string | undefined>): number | null {
  const n = Number(env[WORKER_NUMBER_ENV]);
  return Number.isInteger(n) && n >= 1 ? n : null;
}

/**
 * How long to wait before restarting a worker that exited, given when it (that number) exited before: at once
 * after a long good run, then 1 s, 2 s, 4 s … up to 30 s while it keeps crashing within a minute of its
 * restarts, so a worker that cannot live does not spin the CPU.
 */
export function restartDelayMs(recentExits: readonly number[], now: number): number {
  const lastMinute = recentExits.filter((at) => now - at < 60_000).length;
  if (lastMinute <= 1) return 0;
  return Math.min(30_000, 1_000 * 2 ** (lastMinute - 2));
}
