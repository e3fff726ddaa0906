import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

// /healthz: the process is up. /readyz: it can serve (the database answers and it is not shutting down).
export async function healthRoutes(app: FastifyInstance, { database }: AppDeps) {
  let shuttingDown = false;
  app.addHook('onClose', async () => {
    shuttingDown = true;
  });
  app.get('/healthz', { schema: { hide: true }, logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) => {
    if (shuttingDown) return reply.status(503).send({ status: 'unavailable', reason: 'shutting down' });
    try {
      await database.ping();
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', reason: 'database' });
    }
  });
}
