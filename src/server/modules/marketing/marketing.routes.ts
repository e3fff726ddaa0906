import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { marketingOffersDocument } from '../../../contracts/offers';
import { marketingBannersDocument } from '../../../contracts/shop';
import type { AppDeps } from '../../deps';
import { marketingBanners, marketingOffers } from '../../db/schema/shop';
import { orderFlags } from '../customers';
import { customerUsageProblem, findVoucherByCode } from '../vouchers';

export async function marketingRoutes(app: FastifyInstance, { database, clock }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  r.get(
    '/marketing_banners',
    {
      schema: {
        tags: ['marketing'],
        summary: 'Active marketing banners in position order',
        description:
          'Only active banners inside their start/end window. Each carries its customer_type (new, existing or ' +
          'null for everyone); the web app shows those that match the visitor.',
        response: { 200: marketingBannersDocument },
      },
    },
    async () => {
      const now = clock.now();
      const rows = await db
        .select()
        .from(marketingBanners)
        .where(
          and(
            eq(marketingBanners.active, true),
            or(isNull(marketingBanners.startsAt), lte(marketingBanners.startsAt, now)),
            or(isNull(marketingBanners.endsAt), gt(marketingBanners.endsAt, now)),
          ),
        )
        .orderBy(asc(marketingBanners.position), asc(marketingBanners.id));
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
      const now = clock.now();
      const customerId = request.session?.kind === 'customer' ? request.session.customerId : null;
      const flags = customerId ? await orderFlags(db, customerId) : null;
      const customerType =
        flags && (flags.hasShopifyOrders || flags.hasSubscriptionOrders || flags.hasTakeawayOrders)
          ? ('existing' as const)
          : ('new' as const);
      const rows = await db
        .select()
        .from(marketingOffers)
        .where(
          and(
            eq(marketingOffers.active, true),
            or(isNull(marketingOffers.customerType), eq(marketingOffers.customerType, customerType)),
            or(isNull(marketingOffers.startsAt), lte(marketingOffers.startsAt, now)),
            or(isNull(marketingOffers.endsAt), gt(marketingOffers.endsAt, now)),
          ),
        )
        .orderBy(asc(marketingOffers.position), asc(marketingOffers.id));
      const data = [];
      for (const row of rows) {
        const voucher = row.voucherCode ? await findVoucherByCode(db, row.voucherCode) : null;
        const problem = voucher && customerId ? await customerUsageProblem(db, voucher, customerId) : null;
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
