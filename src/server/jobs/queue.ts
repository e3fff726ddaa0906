import PgBoss from 'pg-boss';
import { describeDatabaseError, isDatabaseUnavailable } from '../db/availability';
import type { Database } from '../db/client';
import { reportJobFailure } from '../observability/error-reporting';
import { countJobFailure } from '../observability/instruments';

// Background work on pg-boss, in the shop's own database (architecture decision 9; issue 10 part 4). A job
// is a named queue with a handler and, for sweeps, a cron schedule in UK time. pg-boss keeps the schedule
// (one job per tick, however many processes run it), retries a failed run and lets any number of processes
// work a queue; each handler is idempotent besides (running it twice, or two at once, changes nothing more
// than running it once), because a run can be repeated after a crash.
//
// On PGlite (one connection, one process) jobs run in the server process. On PostgreSQL they run there too,
// or only in `npm run worker` processes (JOB_WORKERS=none on the web servers).
//
// A working process polls each queue with a loop of its own (fetch, run, complete or fail; one shared
// statement a second says which queues have anything due) rather than pg-boss's `work`, which completes
// and fails jobs without awaiting them: with the database lost, that rejection was unhandled and ended
// the process (issue 19 item 24, decision 26). Here every failure is caught and logged, the loop pauses
// and polls again, and a job whose end could not be recorded stays active until pg-boss's maintenance
// expires it and runs it again (handlers are idempotent).

export interface JobDefinition {
  /** The queue's name: a-z, 0-9 and dashes. */
  name: string;
  /** When it runs by itself: a cron expression in Europe/London time. */
  cron?: string;
  /** How often a working process asks for due jobs (seconds, at least 0.5). */
  pollSeconds?: number;
  /** At most one queued and one running at a time (sends while one is queued are dropped). */
  stately?: boolean;
  run(data: Record<string, unknown>): Promise<void>;
}

export interface JobsLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface Jobs {
  /** Creates the queues and schedules; with `work`, this process also runs due jobs as they come. */
  start(options: { work: boolean }): Promise<void>;
  /** Queues a run (null when a stately queue already has one waiting). */
  send(name: string, data?: Record<string, unknown>, options?: PgBoss.SendOptions): Promise<string | null>;
  /** Runs every due job of a queue now, in this process; resolves to how many ran (tests, catch-up). */
  runDue(name: string): Promise<number>;
  /** The schedules pg-boss keeps, by queue name. */
  schedules(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

const TIME_ZONE = 'Europe/London';
/** How long the answer to "which queues have a job due?" is shared by the working loops. */
const DUE_CHECK_MS = 1_000;
/** pg-boss 10's own test for a job to fetch (plans.js fetchNextJob: not yet active, past its start). */
const DUE_QUEUES_SQL = `select distinct name from pgboss.job
  where name = any($1::text[]) and state < 'active' and start_after < now()`;
/** A working loop waits no longer than this for a run in flight when the process stops. */
const STOP_WAIT_MS = 8_000;

export function createJobs(database: Database, definitions: readonly JobDefinition[], log: JobsLog): Jobs {
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  let boss: PgBoss | null = null;
  let stopping = false;
  const loops: Promise<void>[] = [];
  const wakers = new Set<() => void>();
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });

  /** A failure of the queue itself (not of a job): the database lost is a warning, said once per outage. */
  let databaseLost = false;
  const queueFailed = (error: unknown, message: string) => {
    if (isDatabaseUnavailable(error)) {
      if (!databaseLost)
        log.warn({ cause: describeDatabaseError(error) }, `${message}: database unavailable`);
      databaseLost = true;
      return;
    }
    log.error({ err: error }, message);
  };

  const definitionOf = (name: string): JobDefinition => {
    const definition = byName.get(name);
    if (!definition) throw new Error(`No job called ${name}`);
    return definition;
  };

  const runOne = async (definition: JobDefinition, job: PgBoss.Job<unknown>) => {
    try {
      await definition.run((job.data ?? {}) as Record<string, unknown>);
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        log.warn({ job: definition.name, jobId: job.id, cause: describeDatabaseError(error) }, 'job failed');
      } else {
        log.error({ err: error, job: definition.name, jobId: job.id }, 'job failed');
        // The database lost is an outage /readyz and the pool show, not a fault of the job's to report.
        reportJobFailure(error, definition.name, job.id);
      }
      countJobFailure(definition.name);
      throw new JobRunError(error);
    }
  };

  const started = (): PgBoss => {
    if (!boss) throw new Error('The job queue has not started');
    return boss;
  };

  /**
   * pg-boss fetches a job only once `start_after < now()`, and PGlite's clock ticks in whole milliseconds: a job
   * sent in the same millisecond as the fetch is not yet due, and `runDue` would miss it (and the next call run
   * two). This waits until the database's clock has moved past the moment of the call, so every job sent before
   * it is due; a job sent to start later (`startAfter`) still is not.
   */
  const pastTheSendersTick = async () => {
    const [{ at }] = (await database.executeSql('select clock_timestamp()::text as at', [])).rows as [
      { at: unknown },
    ];
    for (;;) {
      const [{ past }] = (await database.executeSql('select now() > $1::timestamptz as past', [at])).rows as [
        { past: boolean },
      ];
      if (past) return;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  };

  /** Fetches one due job and runs it, completing or failing it; false when none was due. Throws its failure. */
  const runNext = async (definition: JobDefinition): Promise<boolean> => {
    const queue = started();
    const [job] = await queue.fetch<unknown>(definition.name, { batchSize: 1 });
    databaseLost = false;
    if (!job) return false;
    try {
      await runOne(definition, job);
    } catch (error) {
      await queue.fail(definition.name, job.id, { message: (error as Error).message });
      throw error;
    }
    await queue.complete(definition.name, job.id);
    return true;
  };

  /**
   * The queues with a job due, asked once for all the loops (one statement a second): each of the 18 queues
   * asking pg-boss on its own every 2 s kept an idle embedded server busy a tenth of a core. Null when the
   * question itself failed (the loops then ask their queues as before, and see the failure there).
   */
  let dueCheck: { at: number; names: Promise<Set<string> | null> } | null = null;
  const dueQueues = () => {
    if (!dueCheck || Date.now() - dueCheck.at >= DUE_CHECK_MS) {
      const asked = database.executeSql(DUE_QUEUES_SQL, [definitions.map((d) => d.name)]).then(
        ({ rows }) => new Set((rows as { name: string }[]).map((row) => row.name)),
        () => null,
      );
      dueCheck = { at: Date.now(), names: asked };
    }
    return dueCheck.names;
  };

  const workLoop = async (definition: JobDefinition) => {
    const pollMs = Math.max(0.5, definition.pollSeconds ?? 2) * 1000;
    while (!stopping) {
      let ran = false;
      try {
        const due = await dueQueues();
        if (!due || due.has(definition.name)) ran = await runNext(definition);
      } catch (error) {
        // The run's own failure was logged by runOne; a failure to fetch, fail or complete is the queue's.
        if (!(error instanceof JobRunError)) queueFailed(error, 'job queue error');
      }
      if (!ran && !stopping) await pause(pollMs);
    }
  };

  return {
    async start({ work }) {
      boss = new PgBoss({
        db: { executeSql: (text, values) => database.executeSql(text, values) },
        // Maintenance and the cron clock run where jobs are worked.
        supervise: work,
        schedule: work,
        migrate: true,
      });
      boss.on('error', (error) => queueFailed(error, 'job queue error'));
      await boss.start();
      for (const definition of definitions) {
        await boss.createQueue(definition.name, {
          name: definition.name,
          policy: definition.stately ? 'stately' : 'standard',
          retryLimit: 3,
          retryDelay: 30,
          retryBackoff: true,
          expireInSeconds: 15 * 60,
        });
        if (definition.cron) {
          await boss.schedule(definition.name, definition.cron, {}, { tz: TIME_ZONE });
        } else {
          await boss.unschedule(definition.name).catch(() => {});
        }
      }
      stopping = false;
      if (work) for (const definition of definitions) loops.push(workLoop(definition));
      log.info({ queues: definitions.map((d) => d.name), work }, 'job queue started');
    },

    send: (name, data = {}, options = {}) => {
      // What this process sends is seen at the loops' next look, not a second later.
      dueCheck = null;
      return started().send(definitionOf(name).name, data, options);
    },

    async runDue(name) {
      const definition = definitionOf(name);
      await pastTheSendersTick();
      let ran = 0;
      try {
        while (await runNext(definition)) ran += 1;
      } catch (error) {
        throw error instanceof JobRunError ? error.cause : error;
      }
      return ran;
    },

    async schedules() {
      const list = await started().getSchedules();
      return Object.fromEntries(list.map((schedule) => [schedule.name, schedule.cron]));
    },

    async stop() {
      // The loops finish the run in flight (or give up waiting), then pg-boss stops its clock and upkeep.
      stopping = true;
      for (const wake of [...wakers]) wake();
      await Promise.race([
        Promise.all(loops.splice(0)),
        new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref()),
      ]);
      const current = boss;
      boss = null;
      if (current) await current.stop({ graceful: true, wait: true, timeout: STOP_WAIT_MS });
    },
  };
}

/** A job's own failure (already logged), told apart from the queue's failing to fetch or record it. */
class JobRunError extends Error {
  override name = 'JobRunError';
  constructor(override readonly cause: unknown) {
    super((cause as Error)?.message ?? String(cause));
  }
}
