import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  referralLinkDocument,
  referralTokenParams,
  referralWelcomeDocument,
  rewardBlocksDocument,
} from '../../../contracts/rewards';
import { setReferralCookie } from '../../http/referral-cookie';
import { requireCustomer } from '../../http/session';
import type { RewardBlocksService } from './reward-blocks';
import type { ReferralsService } from './referrals.service';

// The HTTP edge of rewards (spec §7 GET /reward_blocks; decision 30): the account's rewards page, and the
// referral link as a friend opens it (public) and takes it (signed in).

export interface RewardRoutesOptions {
  rewardBlocks: RewardBlocksService;
  referrals: ReferralsService;
  secureCookies: boolean;
}

export async function rewardRoutes(
  app: FastifyInstance,
  { rewardBlocks, referrals, secureCookies }: RewardRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rewards'];

  r.get(
    '/reward_blocks',
    {
      schema: {
        tags,
        summary:
          'The blocks of the account’s rewards page, in order: the referral, the offers, the credit, plan loyalty',
        response: { 200: rewardBlocksDocument },
      },
    },
    async (request) => {
      const blocks = await rewardBlocks.blocks(requireCustomer(request));
      return {
        data: blocks.map(({ id, ...attributes }) => ({ id, type: 'reward_blocks' as const, attributes })),
      };
    },
  );

  r.get(
    '/referrals/:token',
    {
      schema: {
        tags,
        summary:
          'A referral link as the friend opening it reads it; the browser keeps the token for sign-up (30 days)',
        description:
          'Unknown: 404 REFERRAL_NOT_FOUND. Signed in and it does not apply (one’s own link, an existing ' +
          'customer, joined through a link already, the same household’s email): 400 REFERRAL_NOT_ELIGIBLE ' +
          'with the reason.',
        params: referralTokenParams,
        response: { 200: referralLinkDocument },
      },
    },
    async (request, reply) => {
      const customerId = request.session?.kind === 'customer' ? request.session.customerId : null;
      const { id, ...attributes } = await referrals.link(request.params.token, customerId);
      // A visitor takes the welcome when they sign up from this browser.
      if (!customerId) setReferralCookie(reply, secureCookies, id);
      return { data: { id, type: 'referral_links' as const, attributes } };
    },
  );

  r.post(
    '/referrals/:token',
    {
      schema: {
        tags,
        summary:
          'A signed-in newcomer takes the welcome of a referral link: their personal code for a first order',
        description:
          'Refused as GET /referrals/{token} says (404, or 400 REFERRAL_NOT_ELIGIBLE with the reason).',
        params: referralTokenParams,
        response: { 201: referralWelcomeDocument },
      },
    },
    async (request, reply) => {
      const welcome = await referrals.take(requireCustomer(request), request.params.token);
      return reply
        .status(201)
        .send({ data: { id: welcome.referralId, type: 'referral_welcomes' as const, attributes: welcome } });
    },
  );
}
