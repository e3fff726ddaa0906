import { queryOptions } from '@tanstack/react-query';
import { marketingBannerModel, type MarketingBanner } from '../../../contracts/shop';
import { api } from '../../shared/api/client';
import { readMany } from '../../shared/api/documents';

// Checked in development and tests; a production build trusts the server, which checked it (decision 31).
const bannerCheck = import.meta.env.PROD ? null : marketingBannerModel;
/** Read without parsing in production: first-load-reads.test.ts holds each to the data as sent. */
export const UNPARSED_IN_PRODUCTION = [bannerCheck];

export type CustomerType = 'new' | 'existing';

/**
 * Spec §3 Marketing banner `customerType`: a visitor, or a customer who has never had an order paid, is new;
 * one who has (a recipe kit, a plan's box, a takeaway) is existing.
 */
export function customerTypeOf(
  customer: { hasShopifyOrders: boolean; hasSubscriptionOrders: boolean; hasTakeawayOrders: boolean } | null,
): CustomerType {
  return customer &&
    (customer.hasShopifyOrders || customer.hasSubscriptionOrders || customer.hasTakeawayOrders)
    ? 'existing'
    : 'new';
}

export const marketingQueries = {
  all: ['marketing'] as const,
  banners: () =>
    queryOptions({
      queryKey: [...marketingQueries.all, 'banners'] as const,
      queryFn: async ({ signal }) =>
        readMany(await api('GET', '/marketing_banners', { signal }), bannerCheck),
      staleTime: 5 * 60_000,
    }),
};

/** Active banners for this customer, in position order (the server sends only active ones, ordered). */
export function bannersFor(
  banners: readonly MarketingBanner[],
  customerType: CustomerType,
): MarketingBanner[] {
  return banners
    .filter(
      (banner) => banner.active && (banner.customerType === null || banner.customerType === customerType),
    )
    .sort((a, b) => a.position - b.position);
}
