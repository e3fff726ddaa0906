import * as z from 'zod/mini';
import { daysBetween, isIsoDate, weekdayOf } from '../domain/calendar';
import { WEEKDAY_NAMES } from '../domain/delivery-dates';
import { idParam, isoDateSchema, penceSchema, uuidSchema } from './common';
import { resource } from './envelope';

// Delivery (spec §5 delivery dates, §7 Delivery and constraints, §7 External: address lookup) and the
// one-off fee preview (§7 Baskets). Postcodes are checked by the server (POSTCODE_INVALID), not here, so a
// customer's typo gets the same answer everywhere.

const postcodeField = z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(10));

/** At most this many days between beginDate and endDate. */
export const MAX_DATE_RANGE_DAYS = 62;

const variantIds = z.array(idParam).check(z.maxLength(200));

type RangeInput = { mealWeek?: unknown; beginDate?: unknown; endDate?: unknown };

/** Checks that run on the whole body (also when a field is already wrong: they skip what they cannot read). */
function rangeIssues(value: RangeInput): { path: string; message: string }[] {
  const { mealWeek, beginDate, endDate } = value;
  if (mealWeek !== undefined) {
    if (beginDate !== undefined || endDate !== undefined) {
      return [{ path: 'mealWeek', message: 'give either meal_week or begin_date and end_date, not both' }];
    }
    return typeof mealWeek !== 'string' || !isIsoDate(mealWeek) || weekdayOf(mealWeek) === 1
      ? []
      : [{ path: 'mealWeek', message: 'must be a Monday (the first day of a menu week)' }];
  }
  if (beginDate === undefined || endDate === undefined) {
    return [
      {
        path: beginDate === undefined ? 'beginDate' : 'endDate',
        message: 'is required (or give meal_week)',
      },
    ];
  }
  return rangeOrder(beginDate, endDate);
}

function rangeOrder(beginDate: unknown, endDate: unknown): { path: string; message: string }[] {
  if (typeof beginDate !== 'string' || typeof endDate !== 'string') return [];
  if (!isIsoDate(beginDate) || !isIsoDate(endDate)) return [];
  const days = daysBetween(beginDate, endDate);
  if (days < 0) return [{ path: 'endDate', message: 'must not be before begin_date' }];
  if (days > MAX_DATE_RANGE_DAYS) {
    return [{ path: 'endDate', message: `must be at most ${MAX_DATE_RANGE_DAYS} days after begin_date` }];
  }
  return [];
}

function refineWith<T>(check: (value: T) => { path: string; message: string }[]) {
  return z.superRefine<T>((value, ctx) => {
    for (const issue of check(value)) {
      ctx.issues.push({ code: 'custom', message: issue.message, path: [issue.path], input: value });
    }
  });
}

/**
 * What is being ordered (docs/decisions/0011): `plan` (the default), a recipe-kit plan's box, ordered by the
 * Friday 12:00 cutoff before its week; `one_off`, a one-off box, which may also come next day (ordered by
 * 17:00 the day before, Tuesday to Friday, or 08:00 on Sunday for Monday).
 */
export const ORDER_KINDS = ['plan', 'one_off'] as const;
export type OrderKindOnWire = (typeof ORDER_KINDS)[number];
const orderKindField = z.optional(z.enum(ORDER_KINDS));

// POST /delivery_dates

export const deliveryDatesBody = z
  .strictObject({
    postcode: postcodeField,
    mealWeek: z.optional(isoDateSchema),
    beginDate: z.optional(isoDateSchema),
    endDate: z.optional(isoDateSchema),
    /** The basket's dishes: dates on which one of them is unavailable are left out. */
    productVariantIds: z.optional(variantIds),
    kind: orderKindField,
  })
  .check(refineWith(rangeIssues));
export type DeliveryDatesBody = z.infer<typeof deliveryDatesBody>;

export const deliveryDateAttributes = z.object({
  date: isoDateSchema,
  /** "Monday". */
  weekday: z.enum(WEEKDAY_NAMES),
  /** "Mon 23 Nov". */
  label: z.string(),
  /** The Monday of the date's menu week. */
  mealWeek: isoDateSchema,
  /** The last moment to order for this date (ISO 8601): the weekly cutoff, or the next-day deadline. */
  orderBy: z.string(),
});
export const deliveryDateResource = resource('delivery_dates', deliveryDateAttributes);

export const deliveryArea = z.object({
  /** "SW1A 2AA". */
  postcode: z.string(),
  outcode: z.string(),
  /** Weekdays the courier delivers to the postcode (1 Monday … 6 Saturday). */
  deliveryDays: z.array(z.int()),
});

export const deliveryDatesDocument = z.object({
  data: z.array(deliveryDateResource),
  meta: z.extend(deliveryArea, {
    /** Today plus 21 days: no date after it is offered (spec §9). */
    lastDate: isoDateSchema,
    windowDays: z.int(),
    kind: z.enum(ORDER_KINDS),
  }),
});
export type DeliveryDate = z.infer<typeof deliveryDateAttributes>;

// POST /constraints

export const constraintsBody = z
  .strictObject({
    postcode: postcodeField,
    beginDate: isoDateSchema,
    endDate: isoDateSchema,
    productVariantIds: z._default(variantIds, []),
    kind: orderKindField,
  })
  .check(refineWith((value: RangeInput) => rangeOrder(value.beginDate, value.endDate)));
export type ConstraintsBody = z.infer<typeof constraintsBody>;

/**
 * Why a date (Monday to Saturday) cannot be chosen: the kitchen is closed, the courier does not come, a dish
 * is sold out or not on that week's menu, it is too late to order for it (this kind of order), or it is
 * more than 21 days ahead. Sundays are never delivery days and are not listed.
 */
export const BLOCK_REASONS = [
  'closed',
  'courier',
  'out_of_stock',
  'not_on_menu',
  'too_late',
  'too_far',
] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];

export const blockedDateSchema = z.object({
  date: isoDateSchema,
  reason: z.enum(BLOCK_REASONS),
  /** "Sorry, Wild Boar Ragù Pici has sold out for 23 – 28 Nov". */
  detail: z.string(),
  /** The dishes that block the date (out_of_stock, not_on_menu); empty otherwise. */
  productVariantIds: z.array(z.string()),
});
export type BlockedDate = z.infer<typeof blockedDateSchema>;

export const constraintsAttributes = z.object({
  postcode: z.string(),
  beginDate: isoDateSchema,
  endDate: isoDateSchema,
  kind: z.enum(ORDER_KINDS),
  /** Every blocked date once, in order: every other Monday to Saturday of the range is on offer. */
  blockedDates: z.array(isoDateSchema),
  /** Why: one entry per date and reason. */
  blocked: z.array(blockedDateSchema),
});
export const constraintsDocument = z.object({
  data: resource('delivery_constraints', constraintsAttributes),
});
export type DeliveryConstraints = z.infer<typeof constraintsAttributes>;

// GET /courier_delivery_instructions

export const courierInstructionAttributes = z.object({
  /** "Leave with a neighbour". */
  label: z.string(),
  /** Whether the customer should say more in the delivery note (which neighbour, where the key safe is). */
  requiresNote: z.boolean(),
  position: z.int(),
});
export const courierInstructionsDocument = z.object({
  data: z.array(resource('courier_delivery_instructions', courierInstructionAttributes)),
});
export type CourierInstruction = z.infer<typeof courierInstructionAttributes> & { id: string };

// POST /baskets/{id}/preview_one_off_fee

export const oneOffFeeParams = z.strictObject({ id: uuidSchema });

export const oneOffFeeAttributes = z.object({
  /** Whether the basket pays the one-off fee: a one-off order, not one that starts a plan. */
  oneOffFeeApplicable: z.boolean(),
  /** The fee for each delivery (each meal week is one order). */
  feePerOrder: penceSchema,
  orderCount: z.int(),
  /** feePerOrder × orderCount, or 0 when the fee does not apply. */
  fee: penceSchema,
  /** The basket's total without the fee. */
  basketTotal: penceSchema,
  /** basketTotal + fee. */
  total: penceSchema,
});
export const oneOffFeeDocument = z.object({ data: resource('one_off_fee_previews', oneOffFeeAttributes) });
export type OneOffFeePreview = z.infer<typeof oneOffFeeAttributes>;

// GET /address_lookup and GET /address_lookup/postcodes/{postcode}

export const MAX_ADDRESS_RESULTS = 50;

export const addressLookupQuery = z.strictObject({
  query: z.string().check(z.trim(), z.minLength(2), z.maxLength(100)),
  limit: z.optional(
    z.pipe(
      z.string().check(z.regex(/^\d{1,3}$/, 'must be a whole number')),
      z.pipe(
        z.transform((value: string) => Number(value)),
        z.int().check(z.gte(1), z.lte(MAX_ADDRESS_RESULTS)),
      ),
    ),
  ),
});

export const lookupAddressAttributes = z.object({
  /** "10 Downing Street, London SW1A 2AA": one line for a list of choices. */
  label: z.string(),
  address1: z.string(),
  address2: z.nullable(z.string()),
  city: z.string(),
  zip: z.string(),
  country: z.string(),
  countryCode: z.string(),
  lat: z.nullable(z.number()),
  lon: z.nullable(z.number()),
});
export const lookupAddressResource = resource('address_lookup_results', lookupAddressAttributes);
export const addressLookupDocument = z.object({ data: z.array(lookupAddressResource) });
export type LookupAddressResult = z.infer<typeof lookupAddressAttributes> & { id: string };

export const postcodeLookupParams = z.strictObject({ postcode: z.string().check(z.maxLength(20)) });

export const postcodeLookupAttributes = z.object({
  /** "SW1A 2AA". */
  postcode: z.string(),
  outcode: z.string(),
  lat: z.nullable(z.number()),
  lon: z.nullable(z.number()),
  /** The local authority ("Westminster"). */
  adminDistrict: z.nullable(z.string()),
  region: z.nullable(z.string()),
  country: z.nullable(z.string()),
  /** Whether we deliver to this postcode (a billing address may be anywhere). */
  deliverable: z.boolean(),
  /** Weekdays the courier delivers here (1 Monday … 6 Saturday); empty when not deliverable. */
  deliveryDays: z.array(z.int()),
  /** "We don't deliver to EH1 yet" when not deliverable; else null. */
  message: z.nullable(z.string()),
  addresses: z.array(z.extend(lookupAddressAttributes, { id: z.string() })),
});
export const postcodeLookupDocument = z.object({
  data: resource('postcode_lookups', postcodeLookupAttributes),
});
export type PostcodeLookup = z.infer<typeof postcodeLookupAttributes> & { id: string };
