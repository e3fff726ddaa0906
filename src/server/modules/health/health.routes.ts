import type { FastifyInstance } from 'fastify';
import { workerNumberOf } from '../../cluster/processes';
import type { Clock } from '../../clock';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../http/error-handler';
import type { Readiness } from './readiness';

// /healthz: the process is up. /readyz: it can serve: not shutting down, and the database answers and can
// write (readiness.ts). Outside production /readyz also says which server process answered and how far the
// shop's clock is from real time, so a test can see several processes serving and sharing one clock
// (docs/decisions/0019).
export interface HealthRoutesOptions {
  production: boolean;
  clock: Clock;
  /** Whether the database answers and can write (readiness.ts). */
  readiness: Readiness;
}

export async function healthRoutes(
  app: FastifyInstance,
  { production, clock, readiness }: HealthRoutesOptions,
) {
  const debug = production
    ? {}
    : {
        process: { pid: process.pid, worker: workerNumberOf(process.env) },
        clock_offset_ms: (clock as { offsetMs?: number }).offsetMs ?? 0,
      };
  let shuttingDown = false;
  app.addHook('onClose', async () => {
    shuttingDown = true;
  });
  app.get('/healthz', { schema: { hide: true }, logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) => {
    if (shuttingDown) return reply.status(503).send({ status: 'unavailable', reason: 'shutting down' });
    const answer = await readiness.check();
    if (!answer.ready) {
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable', reason: answer.reason });
    }
    return { status: 'ok', ...debug };
  });
}
