import * as z from 'zod/mini';
import { isProfileAllergen } from '../domain/allergens';
import { resource } from './envelope';

// A customer's allergen profile (issue 13 part 5): which of the 14 UK allergens they must avoid. Set once in
// the account; the takeaway menu marks dishes that conflict, the checkout asks to confirm, the kitchen sees it.

export const allergenProfileDocument = z.object({
  data: resource(
    'allergen_profiles',
    z.object({
      /** The codes (100–113) in the profile, in order. */
      codes: z.array(z.int()),
      allergens: z.array(z.object({ code: z.int(), name: z.string() })),
      /** All 14 the customer may choose from, in order. */
      options: z.array(z.object({ code: z.int(), name: z.string() })),
      updatedAt: z.nullable(z.string()),
    }),
  ),
});

export const allergenProfileBody = z.strictObject({
  allergens: z
    .array(z.int().check(z.refine(isProfileAllergen, 'must be one of the 14 UK allergen codes (100–113)')))
    .check(z.maxLength(14)),
});
export type AllergenProfileBody = z.infer<typeof allergenProfileBody>;
