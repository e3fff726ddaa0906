import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { marketingBannersDocument } from '../../../contracts/shop';
import type { AppDeps } from '../../deps';
import { marketingBanners } from '../../db/schema/shop';

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
}
