import * as z from 'zod/mini';
import { isoDateSchema } from './common';
import { resource } from './envelope';

// The kitchen's production plan (issue 25 part 5): one delivery day's dishes by portion, boxes by courier
// route, allergen and dietary totals; also as CSV (GET /back_office/production.csv).

export const productionQuery = z.strictObject({ date: isoDateSchema });

const total = z.object({ name: z.string(), portions: z.number() });
export const productionPlanAttributes = z.object({
  date: z.string(),
  /** "Thursday 26 November". */
  dateLabel: z.string(),
  boxes: z.number(),
  portions: z.number(),
  dishes: z.array(
    z.object({ title: z.string(), variantTitle: z.string(), sku: z.string(), quantity: z.number() }),
  ),
  routes: z.array(z.object({ route: z.string(), boxes: z.number(), orderNumbers: z.array(z.number()) })),
  allergens: z.array(total),
  dietary: z.array(total),
});
export const productionPlanDocument = z.object({
  data: resource('production_plans', productionPlanAttributes),
});
export const productionPlanModel = z.extend(productionPlanAttributes, { id: z.string() });
export type ProductionPlanView = z.infer<typeof productionPlanModel>;

/** GET /back_office/production/days: the delivery days ahead (today and the next three weeks) with boxes. */
export const productionDaysDocument = z.object({
  data: z.array(resource('production_days', z.object({ dateLabel: z.string(), boxes: z.number() }))),
});
