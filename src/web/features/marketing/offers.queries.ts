import { queryOptions } from '@tanstack/react-query';
import { marketingOfferModel } from '../../../contracts/offers';
import { api } from '../../shared/api/client';
import { readMany } from '../../shared/api/documents';
import { marketingQueries } from './marketing.queries';

// The account's offers (GET /marketing_offers), kept out of the banners' file so the menu's first load does
// not carry them.

export const offerQueries = {
  /** The offers for the signed-in customer (new or existing, decided by the server from their orders). */
  offers: () =>
    queryOptions({
      queryKey: [...marketingQueries.all, 'offers'] as const,
      queryFn: async ({ signal }) =>
        readMany(await api('GET', '/marketing_offers', { signal }), marketingOfferModel),
      staleTime: 60_000,
    }),
};
