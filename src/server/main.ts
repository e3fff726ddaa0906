import { buildApp } from './app';
import { offsetClock, systemClock } from './clock';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type DatabaseTarget } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { seedDemo } from './db/seed/demo-seed';
import { startShopJobs } from './jobs/start';

// Reads config, opens (migrates, seeds) the database, listens, and shuts down gracefully on SIGINT/SIGTERM.

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const target: DatabaseTarget =
    config.database.kind === 'postgres'
      ? { kind: 'postgres', url: config.database.url }
      : config.database.kind === 'pglite'
        ? { kind: 'pglite', dataDir: config.database.dataDir }
        : { kind: 'memory' };

  let database;
  try {
    database = await openDatabase(target);
  } catch (error) {
    if (error instanceof DataDirInUseError) fail(error.message);
    if (config.database.kind === 'postgres') {
      fail(`Could not open the PostgreSQL database at DATABASE_URL: ${(error as Error).message}`);
    }
    throw error;
  }

  const clock = config.pinnedNow ? offsetClock(config.pinnedNow) : systemClock;
  if (config.seedDemo) await seedDemo(database.db, clock.now());

  const app = await buildApp({ config, database, clock });
  // The job queue lives in the same database; this process works it unless JOB_WORKERS=none (then
  // `npm run worker` processes do).
  const jobs = await startShopJobs({
    config,
    database,
    clock,
    services: app.services,
    log: app.log,
    work: config.jobWorkers === 'in-process',
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

  const where =
    config.database.kind === 'postgres'
      ? 'PostgreSQL (DATABASE_URL)'
      : `PGlite in ${target.kind === 'pglite' ? target.dataDir : 'memory'}`;
  process.stdout.write(
    [
      '',
      // PUBLIC_URL: pages opened on any other host are redirected there (http/canonical-origin.ts).
      `  Sfoglia is open on ${config.publicUrl}  (database: ${where})`,
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
      .join('\n') + '\n',
  );
}

await main();
