import type { FastifyInstance } from 'fastify';
import { workerNumberOf } from '../../cluster/processes';
import type { AppDeps } from '../../deps';

// /healthz: the process is up. /readyz: it can serve (the database answers and it is not shutting down).
// Outside production /readyz also says which server process answered and how far the shop's clock is from
// real time, so a test can see several processes serving and sharing one clock (docs/decisions/0019).
export async function healthRoutes(app: FastifyInstance, { config, database, clock }: AppDeps) {
  const debug =
    config.env === 'production'
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
    try {
      await database.ping();
      return { status: 'ok', ...debug };
    } catch {
      return reply.status(503).send({ status: 'unavailable', reason: 'database' });
    }
  });
}
