import * as z from 'zod/mini';
import { isoDateSchema, penceSchema } from './common';

// What a checkout that starts a Pasta Plan says before the customer pays (issue 19 item 6; the UK's
// subscription rules under the DMCC Act 2024): that it is a weekly plan, its rhythm and day, and the next
// charge after today's by the billing rules (the week's cutoff, the chef's box at that day's prices).

export const planTermsSchema = z.object({
  /** Every n weeks. */
  frequency: z.int(),
  /** 0 Sunday … 6 Saturday. */
  deliveryDay: z.int(),
  numberOfRecipes: z.int(),
  /** The first box after those paid today (null only when none falls within the weeks written ahead). */
  nextCharge: z.nullable(
    z.object({
      weekStart: isoDateSchema,
      deliveryDate: isoDateSchema,
      /** The week's cutoff, when the box is charged. */
      at: z.string(),
      /** The chef's box for that week priced now (null: its menu is not out yet). */
      amount: z.nullable(penceSchema),
    }),
  ),
});
export type PlanTerms = z.infer<typeof planTermsSchema>;
