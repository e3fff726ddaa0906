import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { marketingOffersDocument } from '../../../contracts/offers';
import { marketingBannersDocument } from '../../../contracts/shop';
import { withBannerVariants } from '../../../domain/experiments';
import { renderVisitor } from '../../http/render-visitor';
import type { ExperimentsService } from '../experiments';
import type { MarketingService } from './marketing.service';

export interface MarketingRoutesOptions {
  marketing: MarketingService;
  /** The visitor's experiment variants: a banner experiment changes a banner's words (decision 30). */
  experiments: ExperimentsService;
}

export async function marketingRoutes(
  app: FastifyInstance,
  { marketing, experiments }: MarketingRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/marketing_banners',
    {
      schema: {
        tags: ['marketing'],
        summary: 'Active marketing banners in position order',
        description:
          'Only active banners inside their start/end window. Each carries its customer_type (new, existing or ' +
          'null for everyone); the web app shows those that match the visitor. A banner an experiment names ' +
          'says the words of the visitor’s variant (GET /experiments): the answer is the browser’s own.',
        response: { 200: marketingBannersDocument },
      },
    },
    async (request, reply) => {
      // A page rendered on the server asks with no cookie: the render says whose variants (decision 30).
      const customerId = request.session?.kind === 'customer' ? request.session.customerId : null;
      const visitorId = request.experimentVisitorId;
      const assignments =
        renderVisitor()?.experiments ??
        (visitorId || customerId ? await experiments.assignments({ visitorId, customerId }) : []);
      const rows = withBannerVariants(await marketing.activeBanners(), assignments);
      // Never shared by a cache between browsers: the words may be this visitor's variant.
      reply.header('cache-control', 'private, no-cache').header('vary', 'cookie');
      return {
        data: rows.map((row) => ({
          id: String(row.id),
          type: 'marketing_banners' as const,
          attributes: {
            category: row.category,
            active: row.active,
            position: row.position,
            customerType: row.customerType,
            text: row.text,
            mobileText: row.mobileText,
            link: row.link,
            bgColor: row.bgColor,
            fgColor: row.fgColor,
          },
        })),
      };
    },
  );

  r.get(
    '/marketing_offers',
    {
      schema: {
        tags: ['marketing'],
        summary: 'The offers for this customer: new (a visitor, or no paid order yet) or existing',
        description:
          'Active offers inside their window, for everyone or for the customer’s type, in position order. ' +
          'Each says whether the signed-in customer can still use its code, and why not.',
        response: { 200: marketingOffersDocument },
      },
    },
    async (request) => {
      const customerId = request.session?.kind === 'customer' ? request.session.customerId : null;
      const { customerType, offers } = await marketing.offersFor(customerId);
      const data = [];
      for (const { row, voucher, problem } of offers) {
        data.push({
          id: String(row.id),
          type: 'marketing_offers' as const,
          attributes: {
            title: row.title,
            description: row.description,
            code: voucher?.code ?? null,
            voucherType: voucher?.type ?? null,
            customerType: row.customerType,
            link: row.link,
            usable: row.voucherCode === null || (voucher !== null && problem === null),
            problem: row.voucherCode && !voucher ? 'This offer has ended' : problem,
          },
        });
      }
      return { data, meta: { customerType } };
    },
  );
}
