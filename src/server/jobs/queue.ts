import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

// Background work on pg-boss, in the shop's own database (architecture decision 9; issue 10 part 4). A job
// is a named queue with a handler and, for sweeps, a cron schedule in UK time. pg-boss keeps the schedule
// (one job per tick, however many processes run it), retries a failed run and lets any number of processes
// work a queue; each handler is idempotent besides (running it twice, or two at once, changes nothing more
// than running it once), because a run can be repeated after a crash.
//
// On PGlite (one connection, one process) jobs run in the server process. On PostgreSQL they run there too,
// or only in `npm run worker` processes (JOB_WORKERS=none on the web servers).

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

export function createJobs(database: Database, definitions: readonly JobDefinition[], log: JobsLog): Jobs {
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  let boss: PgBoss | null = null;

  const definitionOf = (name: string): JobDefinition => {
    const definition = byName.get(name);
    if (!definition) throw new Error(`No job called ${name}`);
    return definition;
  };

  const runOne = async (definition: JobDefinition, job: PgBoss.Job<unknown>) => {
    try {
      await definition.run((job.data ?? {}) as Record<string, unknown>);
    } catch (error) {
      log.error({ err: error, job: definition.name, jobId: job.id }, 'job failed');
      throw error;
    }
  };

  const started = (): PgBoss => {
    if (!boss) throw new Error('The job queue has not started');
    return boss;
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
      boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
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
        if (work) {
          await boss.work(
            definition.name,
            { pollingIntervalSeconds: definition.pollSeconds ?? 2, batchSize: 1 },
            async (jobs) => {
              for (const job of jobs) await runOne(definition, job);
            },
          );
        }
      }
      log.info({ queues: definitions.map((d) => d.name), work }, 'job queue started');
    },

    send: (name, data = {}, options = {}) => started().send(definitionOf(name).name, data, options),

    async runDue(name) {
      const definition = definitionOf(name);
      const queue = started();
      let ran = 0;
      for (;;) {
        const [job] = await queue.fetch<unknown>(definition.name, { batchSize: 1 });
        if (!job) return ran;
        try {
          await runOne(definition, job);
          await queue.complete(definition.name, job.id);
        } catch (error) {
          await queue.fail(definition.name, job.id, { message: (error as Error).message });
          throw error;
        }
        ran += 1;
      }
    },

    async schedules() {
      const list = await started().getSchedules();
      return Object.fromEntries(list.map((schedule) => [schedule.name, schedule.cron]));
    },

    async stop() {
      const current = boss;
      boss = null;
      if (current) await current.stop({ graceful: true, wait: true, timeout: 8_000 });
    },
  };
}
