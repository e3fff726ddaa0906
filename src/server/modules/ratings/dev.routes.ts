import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';

// Development only (registered beside the development mailbox, never in production): one pass of the
// after-order emails now, as the `after-order-asks` job runs it each minute, so a browser journey reads its
// email at once rather than waiting for the schedule. Not part of the API (/dev, like the mailbox).

export interface RatingDevRoutesOptions {
  askAfterOrders: () => Promise<number>;
}

export async function ratingDevRoutes(app: FastifyInstance, { askAfterOrders }: RatingDevRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/dev/after-order-asks',
    {
      schema: { hide: true, response: { 200: z.object({ data: z.object({ sent: z.int() }) }) } },
    },
    async () => ({ data: { sent: await askAfterOrders() } }),
  );
}
