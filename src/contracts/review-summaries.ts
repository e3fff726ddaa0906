import * as z from 'zod/mini';
import { resource } from './envelope';

// Each dish's stars on a week's menu (issue 23 part 1; spec §7 GET /weekly_menus/{id}/review_summary),
// apart from the rest of the ratings' contracts (./ratings): the menu's first screen reads this one only.

/** One dish's ratings in GET /weekly_menus/{id}/review_summary. */
export const reviewSummaryAttributes = z.object({
  productId: z.string(),
  /** One decimal place; null with none. */
  average: z.nullable(z.number()),
  count: z.int(),
  /** "4.6 from 128 ratings". */
  text: z.string(),
});
export const reviewSummaryDocument = z.object({
  data: z.array(resource('review_summaries', reviewSummaryAttributes)),
  meta: z.object({ week: z.string() }),
});
export const reviewSummaryModel = z.extend(reviewSummaryAttributes, { id: z.string() });
export type ReviewSummary = z.infer<typeof reviewSummaryModel>;
