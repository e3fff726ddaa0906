import pino from 'pino';
import { joinSharedClock } from './cluster/shared-clock';
import { ConfigError, loadConfig } from './config';
import { describeDatabaseError, surviveDatabaseLoss } from './db/availability';
import { openDatabase, WAIT_AT_START } from './db/client';
import { createPaymentProcessors, paymentProcessorsOptions } from './integrations/payments';
import { logSerializer, REDACT_PATHS, serializeError } from './http/logging';
import { startShopJobs } from './jobs/start';
import { startErrorReporting, useProcessErrorReporter } from './observability/error-reporting';
import { cachedShopRules } from './modules/shop';
import { buildServices } from './services';

// `npm run worker`: a process that only works the job queues (architecture decision 9), beside web servers
// started with JOB_WORKERS=none. Any number may run on one PostgreSQL database. The embedded database is one
// process's own, so there the web server works the jobs itself.

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (config.database.kind !== 'postgres') {
    fail(
      'A separate worker needs PostgreSQL (DATABASE_URL): the embedded database belongs to one process, and ' +
        '`npm start` runs the jobs in it already.',
    );
  }
  // The same redaction as the web server's logger: no secret, token, hash or card data in a log line.
  const log = pino({
    level: config.logLevel,
    base: { process: 'worker' },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: (error: unknown) => serializeError(error), error: logSerializer },
  });
  surviveDatabaseLoss(log);
  // Failed jobs go to Sentry with SENTRY_DSN, as the web server's do (observability/error-reporting.ts).
  useProcessErrorReporter(await startErrorReporting(config));
  // PostgreSQL still starting is waited for, a while; then the worker stops and says why (decision 26).
  const database = await openDatabase(
    { kind: 'postgres', url: config.database.url, poolSize: 5 },
    WAIT_AT_START,
  ).catch((error: unknown) =>
    fail(`Could not open the PostgreSQL database at DATABASE_URL: ${describeDatabaseError(error)}`),
  );
  // A pinned demo clock is the one the server pinned (cluster/shared-clock.ts).
  const clock = await joinSharedClock(database.db, config.pinnedNow);
  const rules = cachedShopRules(database.db);
  const processors = createPaymentProcessors(paymentProcessorsOptions(config, database.db, clock));
  const services = buildServices({ config, database, clock, rules, processors, log });
  const running = await startShopJobs({ config, database, clock, services, log, work: true });
  log.info('worker started');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker stopping: finishing jobs in flight');
    try {
      await running.stop();
      await services.emailRequests.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

await main();
