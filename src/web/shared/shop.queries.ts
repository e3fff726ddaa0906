import { queryOptions } from '@tanstack/react-query';
import { bundleModel, settingsModel, type Bundle, type Settings } from '../../contracts/shop';
import { api } from './api/client';
import { readMany, readOne } from './api/documents';

// Checked in development and tests; a production build trusts the server, which checked it (decision 31).
const settingsCheck = import.meta.env.PROD ? null : settingsModel;
const bundleCheck = import.meta.env.PROD ? null : bundleModel;
/** Read without parsing in production: first-load-reads.test.ts holds each to the data as sent. */
export const UNPARSED_IN_PRODUCTION = [settingsCheck, bundleCheck];

// Shop-wide reads every screen may need: settings (minimums, menu weeks, the server's clock) and bundles.

export type ShopSettings = Settings & { receivedAt: number };

export const shopQueries = {
  all: ['shop'] as const,
  settings: () =>
    queryOptions({
      queryKey: [...shopQueries.all, 'settings'] as const,
      queryFn: async ({ signal }): Promise<ShopSettings> => ({
        ...readOne(await api('GET', '/settings', { signal }), settingsCheck),
        receivedAt: Date.now(),
      }),
      staleTime: 5 * 60_000,
    }),
  bundles: () =>
    queryOptions({
      queryKey: [...shopQueries.all, 'bundles'] as const,
      queryFn: async ({ signal }): Promise<Bundle[]> =>
        readMany(await api('GET', '/bundles', { signal }), bundleCheck),
      staleTime: 5 * 60_000,
    }),
};

/** The shop's clock as the server sees it, moved on by the time since the settings arrived. */
export function shopNow(settings: ShopSettings): Date {
  return new Date(Date.parse(settings.now) + (Date.now() - settings.receivedAt));
}
