import * as z from 'zod/mini';
import { resource } from './envelope';

// Experiments (issue 23 part 6, decision 30; spec §7 POST /customer_google_experiments).

const experimentIdSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(80), z.regex(/^[a-z0-9-]+$/, 'must be an id'));
const variantIdSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(40), z.regex(/^[a-z0-9-]+$/, 'must be an id'));

/** POST /customer_google_experiments: records the signed-in customer's variant (it then wins everywhere). */
export const customerExperimentBody = z.strictObject({
  experimentId: experimentIdSchema,
  variantId: variantIdSchema,
});
export type CustomerExperimentBody = z.infer<typeof customerExperimentBody>;

/** One running experiment and the visitor's variant in it (GET /experiments). */
export const experimentAssignmentAttributes = z.object({
  experimentId: z.string(),
  variantId: z.string(),
  /** What the variant changes (e.g. bannerText). */
  payload: z.record(z.string(), z.unknown()),
  /** The customer's variant is recorded (POST /customer_google_experiments done). */
  recorded: z.boolean(),
});
export const experimentAssignmentsDocument = z.object({
  data: z.array(resource('experiment_assignments', experimentAssignmentAttributes)),
  meta: z.object({
    /** The A/B flag analytics events carry ("menu-banner-copy:b"; "none"). */
    abFlag: z.string(),
    /** Spec §3: new (a visitor, or no paid order yet) or existing. */
    customerType: z.enum(['new', 'existing']),
  }),
});
export const experimentAssignmentModel = z.extend(experimentAssignmentAttributes, { id: z.string() });
export type ExperimentAssignment = z.infer<typeof experimentAssignmentModel>;

/**
 * POST /customer_google_experiments' answer: the customer's recorded variant (201 when this call recorded
 * it; 200 when one was recorded before: the first stays, and is the one answered).
 */
export const customerExperimentDocument = z.object({
  data: resource('experiment_assignments', experimentAssignmentAttributes),
});

/**
 * What a page's HTML says of its visitor for analytics (inlined beside the settings and the customer, never
 * cached): the A/B flag and new or existing, which every event carries from the first, and whether a
 * signed-in customer has variants not yet recorded (the page records them once it is live).
 */
export const pageExperiments = z.object({
  abFlag: z.string(),
  customerType: z.enum(['new', 'existing']),
  unrecorded: z.boolean(),
});
export type PageExperiments = z.infer<typeof pageExperiments>;
