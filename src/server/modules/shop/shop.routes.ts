import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settingsWithRewardsDocument } from '../../../contracts/rewards';
import { bundlesDocument, deliveryFeeConfigDocument } from '../../../contracts/shop';
import type { Clock } from '../../clock';
import { settingsView, type ShopReads, type ShopRulesCache } from './shop.service';

export interface ShopRoutesOptions {
  clock: Clock;
  rules: ShopRulesCache;
  reads: ShopReads;
}

export async function shopRoutes(app: FastifyInstance, { clock, rules, reads }: ShopRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/settings',
    {
      schema: {
        tags: ['shop'],
        summary: 'Shop settings, menu weeks and cutoffs',
        response: { 200: settingsWithRewardsDocument },
      },
    },
    async () => {
      const { id, ...attributes } = settingsView(await rules.get(), clock.now());
      return { data: { id, type: 'settings' as const, attributes } };
    },
  );

  r.get(
    '/delivery_fee_config',
    {
      schema: {
        tags: ['shop'],
        summary: 'Delivery fee per delivery weekday (0 Sunday … 6 Saturday)',
        response: { 200: deliveryFeeConfigDocument },
      },
    },
    async () => {
      const rows = await reads.deliveryFeeConfig();
      return {
        data: rows.map((row) => ({
          id: String(row.weekDay),
          type: 'delivery_fee_config_items' as const,
          attributes: { weekDay: row.weekDay, threshold: row.thresholdPence, price: row.pricePence },
        })),
      };
    },
  );

  r.get(
    '/bundles',
    {
      schema: {
        tags: ['shop'],
        summary: 'Bundle products that may show on the menu',
        response: { 200: bundlesDocument },
      },
    },
    async () => {
      const rows = await reads.bundles();
      return {
        data: rows.map((row) => ({
          id: String(row.productId),
          type: 'bundles' as const,
          attributes: {
            productId: String(row.productId),
            productExtId: row.extId,
            title: row.title,
            position: row.position,
          },
        })),
      };
    },
  );
}
