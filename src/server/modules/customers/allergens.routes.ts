import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allergenProfileBody, allergenProfileDocument } from '../../../contracts/allergen-profile';
import { requireCustomer } from '../../http/session';
import { allergenProfileView } from './allergen-profile';
import type { AllergenProfileService } from './allergen-profile';

// The HTTP edge of the allergen profile (issue 13 part 5): read it, set it.

export interface AllergenRoutesOptions {
  allergenProfiles: AllergenProfileService;
}

export async function allergenRoutes(app: FastifyInstance, { allergenProfiles }: AllergenRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];

  r.get(
    '/customers/allergens',
    {
      schema: {
        tags,
        summary: "The signed-in customer's allergen profile (the 14 UK allergens; empty when never set)",
        response: { 200: allergenProfileDocument },
      },
    },
    async (request) => {
      const customerId = requireCustomer(request);
      return allergenProfileView(customerId, await allergenProfiles.get(customerId));
    },
  );

  r.put(
    '/customers/allergens',
    {
      schema: {
        tags,
        summary:
          'Set the allergen profile: the codes (100–113) of the UK allergens to avoid; an empty list clears it',
        body: allergenProfileBody,
        response: { 200: allergenProfileDocument },
      },
    },
    async (request) => {
      const customerId = requireCustomer(request);
      return allergenProfileView(customerId, await allergenProfiles.set(customerId, request.body));
    },
  );
}
