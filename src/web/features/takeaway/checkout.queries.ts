import { queryOptions } from '@tanstack/react-query';
import { allergenProfileDocument } from '../../../contracts/allergen-profile';
import { api } from '../../shared/api/client';
import { customerQueries } from '../../shared/customer.queries';

// What Pasta Now's checkout reads besides the takeaway queries: the customer's allergen profile (issue 13
// part 5), which the payment step asks them to confirm against their order. Under the customer's keys, so
// signing out forgets it.

export type AllergenProfile = ReturnType<typeof allergenProfileDocument.parse>['data']['attributes'];

export const checkoutQueries = {
  allergenProfile: () =>
    queryOptions({
      queryKey: [...customerQueries.all, 'allergen-profile', 'takeaway-checkout'] as const,
      queryFn: async ({ signal }): Promise<AllergenProfile> =>
        allergenProfileDocument.parse(await api('GET', '/customers/allergens', { signal })).data.attributes,
      staleTime: 60_000,
    }),
};
