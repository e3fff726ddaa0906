import { queryOptions } from '@tanstack/react-query';
import {
  restaurantAdminModel,
  type RestaurantAdminBody,
  type RestaurantAdminView,
  bannerAdminModel,
  type BannerAdminBody,
  type BannerAdminView,
  shopSettingsModel,
  voucherAdminModel,
  type ShopSettingsBody,
  type ShopSettingsView,
  type VoucherAdminBody,
  type VoucherAdminView,
} from '../../../../contracts/back-office-shop';
import { api, isApiError } from '../../../shared/api/client';
import { readMany, readOne } from '../../../shared/api/documents';

// The back office's running of the shop (issue 25 part 3): voucher codes, the shop's settings, the
// marketing banners and the restaurants.

export type {
  BannerAdminBody,
  BannerAdminView,
  RestaurantAdminBody,
  RestaurantAdminView,
  ShopSettingsBody,
  ShopSettingsView,
  VoucherAdminBody,
  VoucherAdminView,
};

const noRetryWhenRefused = (count: number, error: unknown) =>
  count < 2 && !isApiError(error, 'FORBIDDEN', 'UNAUTHENTICATED', 'NOT_FOUND');

export const shopQueries = {
  all: ['back-office', 'shop'] as const,
  vouchers: (search: string) =>
    queryOptions({
      queryKey: [...shopQueries.all, 'vouchers', search] as const,
      queryFn: async ({ signal }) =>
        readMany(
          await api('GET', '/back_office/vouchers', { signal, query: search ? { search } : {} }),
          voucherAdminModel,
        ),
      retry: noRetryWhenRefused,
    }),
  banners: () =>
    queryOptions({
      queryKey: [...shopQueries.all, 'banners'] as const,
      queryFn: async ({ signal }) =>
        readMany(await api('GET', '/back_office/banners', { signal }), bannerAdminModel),
      retry: noRetryWhenRefused,
    }),
  restaurants: () =>
    queryOptions({
      queryKey: [...shopQueries.all, 'restaurants'] as const,
      queryFn: async ({ signal }) =>
        readMany(await api('GET', '/back_office/restaurants', { signal }), restaurantAdminModel),
      retry: noRetryWhenRefused,
    }),
  settings: () =>
    queryOptions({
      queryKey: [...shopQueries.all, 'settings'] as const,
      queryFn: async ({ signal }) =>
        readOne(await api('GET', '/back_office/settings', { signal }), shopSettingsModel),
      retry: noRetryWhenRefused,
    }),
};

export const shopApi = {
  createVoucher: async (body: VoucherAdminBody): Promise<VoucherAdminView> =>
    readOne(await api('POST', '/back_office/vouchers', { body }), voucherAdminModel),
  updateVoucher: async (id: string, body: VoucherAdminBody): Promise<VoucherAdminView> =>
    readOne(await api('PUT', `/back_office/vouchers/${id}`, { body }), voucherAdminModel),
  deactivateVoucher: async (id: string): Promise<VoucherAdminView> =>
    readOne(await api('POST', `/back_office/vouchers/${id}/deactivate`), voucherAdminModel),
  createBanner: async (body: BannerAdminBody): Promise<BannerAdminView> =>
    readOne(await api('POST', '/back_office/banners', { body }), bannerAdminModel),
  updateBanner: async (id: string, body: BannerAdminBody): Promise<BannerAdminView> =>
    readOne(await api('PUT', `/back_office/banners/${id}`, { body }), bannerAdminModel),
  changeRestaurant: async (id: string, body: RestaurantAdminBody): Promise<RestaurantAdminView> =>
    readOne(await api('PUT', `/back_office/restaurants/${id}`, { body }), restaurantAdminModel),
  changeSettings: async (body: ShopSettingsBody): Promise<ShopSettingsView> =>
    readOne(await api('PUT', '/back_office/settings', { body }), shopSettingsModel),
};
