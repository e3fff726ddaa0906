import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  restaurantAdminBody,
  restaurantAdminDocument,
  restaurantAdminListDocument,
  restaurantAdminParams,
  type RestaurantAdminView,
  bannerAdminBody,
  bannerAdminDocument,
  bannerAdminListDocument,
  bannerAdminParams,
  type BannerAdminView,
  shopSettingsBody,
  shopSettingsDocument,
  type ShopSettingsView,
  voucherAdminBody,
  voucherAdminDocument,
  voucherAdminListDocument,
  voucherAdminParams,
  voucherAdminQuery,
  type VoucherAdminView,
} from '../../../contracts/back-office-shop';
import { requireCustomer } from '../../http/session';
import type { BannersAdminService } from './banners-admin.service';
import type { RestaurantsAdminService } from './restaurants-admin.service';
import type { SettingsAdminService } from './settings-admin.service';
import type { VouchersAdminService } from './vouchers-admin.service';

// The HTTP edge of the back office's running of the shop (issue 25 part 3). Signed in (401), owner or manager
// (403): checked by the services before anything else.

export interface ShopAdminRoutesOptions {
  vouchersAdmin: VouchersAdminService;
  settingsAdmin: SettingsAdminService;
  bannersAdmin: BannersAdminService;
  restaurantsAdmin: RestaurantsAdminService;
}

const tags = ['back office'];
const voucherResource = ({ id, ...attributes }: VoucherAdminView) => ({
  id,
  type: 'vouchers' as const,
  attributes,
});

const bannerResource = ({ id, ...attributes }: BannerAdminView) => ({
  id,
  type: 'banners' as const,
  attributes,
});

const restaurantResource = ({ id, ...attributes }: RestaurantAdminView) => ({
  id,
  type: 'restaurants' as const,
  attributes,
});

const settingsResource = (attributes: ShopSettingsView) => ({
  id: 'current',
  type: 'shop_settings' as const,
  attributes,
});

export async function shopAdminRoutes(
  app: FastifyInstance,
  { vouchersAdmin, settingsAdmin, bannersAdmin, restaurantsAdmin }: ShopAdminRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/back_office/vouchers',
    {
      schema: {
        tags,
        summary:
          'The shop’s voucher codes, newest first, with their use and whether they work today (owners and managers)',
        querystring: voucherAdminQuery,
        response: { 200: voucherAdminListDocument },
      },
    },
    async (request) => ({
      data: (await vouchersAdmin.list(requireCustomer(request), request.query)).map(voucherResource),
    }),
  );

  r.post(
    '/back_office/vouchers',
    {
      schema: {
        tags,
        summary:
          'A new voucher code (an amount or a percentage off, a free dish, or store credit): an end date, a percentage from 1 to 100, no amount below £0.00, a code no other voucher has (409)',
        body: voucherAdminBody,
        response: { 201: voucherAdminDocument },
      },
    },
    async (request, reply) => {
      const voucher = await vouchersAdmin.create(requireCustomer(request), request.body);
      return reply.status(201).send({ data: voucherResource(voucher) });
    },
  );

  r.get(
    '/back_office/vouchers/:id',
    {
      schema: {
        tags,
        summary: 'One voucher code',
        params: voucherAdminParams,
        response: { 200: voucherAdminDocument },
      },
    },
    async (request) => ({
      data: voucherResource(await vouchersAdmin.one(requireCustomer(request), request.params.id)),
    }),
  );

  r.put(
    '/back_office/vouchers/:id',
    {
      schema: {
        tags,
        summary: 'Change a voucher code, by the same rules as a new one; baskets see the change at once',
        params: voucherAdminParams,
        body: voucherAdminBody,
        response: { 200: voucherAdminDocument },
      },
    },
    async (request) => ({
      data: voucherResource(
        await vouchersAdmin.update(requireCustomer(request), request.params.id, request.body),
      ),
    }),
  );

  r.post(
    '/back_office/vouchers/:id/deactivate',
    {
      schema: {
        tags,
        summary: 'Stop a voucher code from today: it ended yesterday, so no basket takes it from now on',
        params: voucherAdminParams,
        response: { 200: voucherAdminDocument },
      },
    },
    async (request) => ({
      data: voucherResource(await vouchersAdmin.deactivate(requireCustomer(request), request.params.id)),
    }),
  );

  r.get(
    '/back_office/settings',
    {
      schema: {
        tags,
        summary:
          'The shop’s settings the back office changes: fees, minimums, credit, times (owners and managers)',
        response: { 200: shopSettingsDocument },
      },
    },
    async (request) => ({ data: settingsResource(await settingsAdmin.current(requireCustomer(request))) }),
  );

  r.put(
    '/back_office/settings',
    {
      schema: {
        tags,
        summary:
          'Change the shop’s settings (each within its range, refused naming the field otherwise); GET /settings and every basket use them at once',
        body: shopSettingsBody,
        response: { 200: shopSettingsDocument },
      },
    },
    async (request) => ({
      data: settingsResource(await settingsAdmin.change(requireCustomer(request), request.body)),
    }),
  );

  r.get(
    '/back_office/banners',
    {
      schema: {
        tags,
        summary:
          'Every marketing banner, shown or not, in its order, with whether it shows today (owners and managers)',
        response: { 200: bannerAdminListDocument },
      },
    },
    async (request) => ({
      data: (await bannersAdmin.list(requireCustomer(request))).map(bannerResource),
    }),
  );

  r.post(
    '/back_office/banners',
    {
      schema: {
        tags,
        summary:
          'A new marketing banner: its words, who sees it (new or existing customers, or everyone), its order, colours whose text stays readable (4.5:1) and its dates',
        body: bannerAdminBody,
        response: { 201: bannerAdminDocument },
      },
    },
    async (request, reply) => {
      const banner = await bannersAdmin.create(requireCustomer(request), request.body);
      return reply.status(201).send({ data: bannerResource(banner) });
    },
  );

  r.put(
    '/back_office/banners/:id',
    {
      schema: {
        tags,
        summary:
          'Change a marketing banner, by the same rules as a new one; the shop shows the change at once',
        params: bannerAdminParams,
        body: bannerAdminBody,
        response: { 200: bannerAdminDocument },
      },
    },
    async (request) => ({
      data: bannerResource(
        await bannersAdmin.update(requireCustomer(request), request.params.id, request.body),
      ),
    }),
  );

  r.get(
    '/back_office/restaurants',
    {
      schema: {
        tags,
        summary:
          'The restaurants with how each runs: hours, delivery radius, fees, minimum spends, slot capacity, what it offers, tables (owners and managers)',
        response: { 200: restaurantAdminListDocument },
      },
    },
    async (request) => ({
      data: (await restaurantsAdmin.list(requireCustomer(request))).map(restaurantResource),
    }),
  );

  r.put(
    '/back_office/restaurants/:restaurantId',
    {
      schema: {
        tags,
        summary:
          'Change how a restaurant runs (each value within its range, refused naming the field otherwise); GET /restaurants/{id} and its slots use it at once',
        params: restaurantAdminParams,
        body: restaurantAdminBody,
        response: { 200: restaurantAdminDocument },
      },
    },
    async (request) => ({
      data: restaurantResource(
        await restaurantsAdmin.change(requireCustomer(request), request.params.restaurantId, request.body),
      ),
    }),
  );
}
