import cluster from 'node:cluster';
import { buildApp } from './app';
import { processPlan, workerNumberOf, worksJobs } from './cluster/processes';
import { joinSharedClock, pinSharedClock } from './cluster/shared-clock';
import { superviseWorkers } from './cluster/supervisor';
import { ConfigError, loadConfig, type Config } from './config';
import { describeDatabaseError, isDatabaseUnavailable, surviveDatabaseLoss } from './db/availability';
import { openDatabase, WAIT_AT_START, type Database, type DatabaseTarget } from './db/client';
import { DataDirInUseError, DataDirNotWritableError } from './db/data-dir-lock';
import { seedDemo } from './db/seed/demo-seed';
import { prepareShopJobs, startShopJobs } from './jobs/start';
import { answerMetricsForWorkers } from './observability/cluster-metrics';

// Reads config, opens (migrates, seeds) the database, listens, and shuts down gracefully on SIGINT/SIGTERM.
// With WORKERS > 1 on PostgreSQL this process is the primary: it migrates and seeds once, then forks the
// server processes, which share the port (cluster/supervisor.ts, docs/decisions/0019).

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

function targetOf(config: Config, processes: number): DatabaseTarget {
  // Each process has its own pool; together they stay near 80 connections (PostgreSQL allows 100 by default).
  const poolSize = Math.max(5, Math.min(20, Math.floor(80 / processes)));
  return config.database.kind === 'postgres'
    ? { kind: 'postgres', url: config.database.url, poolSize }
    : config.database.kind === 'pglite'
      ? { kind: 'pglite', dataDir: config.database.dataDir }
      : { kind: 'memory' };
}

async function open(config: Config, target: DatabaseTarget, migrate: boolean): Promise<Database> {
  try {
    // PostgreSQL still starting (57P03) or not up yet is waited for, a while (decision 26).
    return await openDatabase(target, { migrate, ...WAIT_AT_START });
  } catch (error) {
    if (error instanceof DataDirInUseError || error instanceof DataDirNotWritableError) fail(error.message);
    if (config.database.kind === 'postgres') {
      fail(
        isDatabaseUnavailable(error)
          ? `PostgreSQL at DATABASE_URL did not answer within ${WAIT_AT_START.waitMs / 1000} s ` +
              `(${describeDatabaseError(error)}). Start it, or check DATABASE_URL.`
          : `Could not open the PostgreSQL database at DATABASE_URL: ${describeDatabaseError(error)}`,
      );
    }
    throw error;
  }
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const plan = processPlan(config);
  if (cluster.isWorker) return serve(config, plan.processes, workerNumberOf(process.env));
  if (plan.notice) process.stderr.write(`\n  ${plan.notice.replace(/\n/g, '\n  ')}\n`);
  if (plan.processes === 1) return serve(config, 1, null);

  // The primary: migrations, the demo data, the shared clock and the job queues once, before any worker starts.
  const log = {
    info: (details: object, message: string) =>
      ['info', 'debug', 'trace'].includes(config.logLevel) &&
      process.stdout.write(`${JSON.stringify({ ...details, msg: message })}\n`),
    warn: (details: object, message: string) =>
      process.stderr.write(`${JSON.stringify({ level: 'warn', ...details, msg: message })}\n`),
    error: (details: object, message: string) =>
      process.stderr.write(`${JSON.stringify({ level: 'error', ...details, msg: message })}\n`),
  };
  const database = await open(config, targetOf(config, 1), true);
  const clock = await pinSharedClock(database.db, config.pinnedNow);
  if (config.seedDemo) await seedDemo(database.db, clock.now());
  await prepareShopJobs(database, log);
  await database.close();
  // A worker asked for /metrics answers for all of them, gathered here (observability/cluster-metrics.ts).
  answerMetricsForWorkers();
  const supervisor = superviseWorkers({ count: plan.processes, log });
  try {
    await supervisor.ready;
  } catch (error) {
    log.error({ err: (error as Error).message }, 'not started');
    return;
  }
  process.stdout.write(banner(config, plan.processes));
}

/** One server process: the only one (workerNumber null), or worker n of a primary. */
async function serve(config: Config, processes: number, workerNumber: number | null) {
  const primary = workerNumber === null;
  const target = targetOf(config, processes);
  const database = await open(config, target, primary);
  const clock = primary
    ? await pinSharedClock(database.db, config.pinnedNow)
    : await joinSharedClock(database.db, config.pinnedNow);
  if (primary && config.seedDemo) await seedDemo(database.db, clock.now());

  const app = await buildApp({ config, database, clock });
  // PostgreSQL lost later is answered 503 and outlived, never the end of this process (decision 26).
  surviveDatabaseLoss(app.log);
  // The job queue lives in the same database; one process works it unless JOB_WORKERS=none (then
  // `npm run worker` processes do): the only one, or worker 1.
  const jobs = await startShopJobs({
    config,
    database,
    clock,
    services: app.services,
    log: app.log,
    work: worksJobs(config, workerNumber),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      await jobs.stop();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await jobs.stop();
    await database.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      fail(`Port ${config.port} is already in use. Stop what is using it or set PORT.`);
    throw error;
  }
  if (primary) process.stdout.write(banner(config, 1));
}

function banner(config: Config, processes: number): string {
  const where =
    config.database.kind === 'postgres'
      ? 'PostgreSQL (DATABASE_URL)'
      : `PGlite in ${config.database.kind === 'pglite' ? config.database.dataDir : 'memory'}`;
  const servers = processes === 1 ? '1 server process' : `${processes} server processes (WORKERS)`;
  return (
    [
      '',
      // PUBLIC_URL: pages opened on any other host are redirected there (http/canonical-origin.ts).
      `  Sfoglia is open on ${config.publicUrl}  (database: ${where}; ${servers})`,
      `  Menu:      ${config.publicUrl}/menu`,
      `  API docs:  ${config.publicUrl}/api/docs`,
      config.email.mailbox && !config.email.smtpUrl
        ? `  Mailbox:   ${config.publicUrl}/dev/mailbox  (emails stay here; set SMTP_URL to send)`
        : '',
      config.payments.mode === 'sandbox'
        ? `  Payments:  sandbox; test card 4242 4242 4242 4242 (any future expiry, any CVC), more in README`
        : '',
      config.pinnedNow ? `  Clock pinned to ${config.pinnedNow.toISOString()} (SFOGLIA_NOW)` : '',
      '',
    ]
      .filter((line, i, all) => line !== '' || i === 0 || i === all.length - 1)
      .join('\n') + '\n'
  );
}

await main();
