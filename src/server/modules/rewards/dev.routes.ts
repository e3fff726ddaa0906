import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';

// Development only (registered beside the development mailbox, never in production): one pass of the
// referrer's rewards now, as the `referrals-settle` job runs it each minute, so a browser journey sees the
// credit at once rather than waiting for the schedule. Not part of the API (/dev, like the mailbox).

export interface RewardDevRoutesOptions {
  settleReferrals: () => Promise<number>;
}

export async function rewardDevRoutes(app: FastifyInstance, { settleReferrals }: RewardDevRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/dev/referrals-settle',
    {
      schema: { hide: true, response: { 200: z.object({ data: z.object({ settled: z.int() }) }) } },
    },
    async () => ({ data: { settled: await settleReferrals() } }),
  );
}
