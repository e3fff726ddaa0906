import { isUkPostcode } from '../../../domain/address';
import {
  addDays,
  isIsoDate,
  londonDate,
  weekdayOf,
  weekStartOf,
  type IsoDate,
} from '../../../domain/calendar';
import {
  availableDeliveryDates,
  closedDayName,
  datesBetween,
  deliveryDateProblem,
  lastDeliveryDate,
  mealWeekSpan,
  WEEKDAY_NAMES,
  type DeliveryDateOption,
} from '../../../domain/delivery-dates';
import { oneOffFeeApplies } from '../../../domain/basket';
import { DomainError } from '../../../domain/errors';
import { DELIVERY_WINDOW_DAYS, weekLabel, type OrderKind } from '../../../domain/menu-weeks';
import type {
  BlockedDate,
  ConstraintsBody,
  DeliveryConstraints,
  DeliveryDatesBody,
  OneOffFeePreview,
  OrderKindOnWire,
} from '../../../contracts/delivery';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { PostcodeServiceError, type PostcodeService } from '../../integrations/postcodes/port';
import type { BasketService } from '../baskets';
import { variantAvailability } from '../menu';
import type { BasketOwner } from '../../security/basket-owner';
import {
  deliveryAreaOf,
  findDeliveryArea,
  normalisePostcode,
  outsideDeliveryArea,
  POSTCODE_INVALID_MESSAGE,
  postcodeNotFound,
  type DeliveryArea,
} from './delivery-areas';

// Delivery use cases (spec §5 delivery dates, §7 Delivery and constraints, §7 preview_one_off_fee). The date
// rules are the domain's (src/domain/delivery-dates.ts); here they meet the postcode's courier days, the
// days the kitchen is closed and the basket's dishes (sold out, or not on that week's menu).

const PRODUCT_GONE = 'That dish is no longer on our menu';

/**
 * The dates from `from` to `to` that are blocked for this delivery area and these dishes, with why: the
 * kitchen's closed days (Christmas Day, Boxing Day, New Year's Day), weekdays the courier does not cover the
 * outcode, and weeks in which a dish has sold out or is not on the menu. Sundays are never delivery days, so
 * they are not listed. An unknown dish is PRODUCT_VARIANT_NOT_FOUND.
 */
export async function blockedDates(
  db: DbOrTx,
  area: DeliveryArea,
  range: { from: IsoDate; to: IsoDate },
  productVariantIds: readonly string[],
): Promise<BlockedDate[]> {
  const dates = datesBetween(range.from, range.to).filter((date) => weekdayOf(date) !== 0);
  const blocked: BlockedDate[] = [];
  for (const date of dates) {
    const closed = closedDayName(date);
    if (closed) {
      blocked.push({ date, reason: 'closed', detail: `We're closed on ${closed}`, productVariantIds: [] });
    }
    const weekday = weekdayOf(date);
    if (!area.deliveryDays.includes(weekday)) {
      blocked.push({
        date,
        reason: 'courier',
        detail: `Our courier doesn't deliver to ${area.outcode} on ${WEEKDAY_NAMES[weekday]}s`,
        productVariantIds: [],
      });
    }
  }
  const refs = [...new Set(productVariantIds)];
  if (refs.length > 0 && dates.length > 0) {
    const weeks = [...new Set(dates.map(weekStartOf))];
    const variants = await variantAvailability(db, refs, weeks);
    if (variants.length < refs.length) {
      const missing = refs.filter((ref) => !variants.some((variant) => variant.ref === ref));
      throw new DomainError('PRODUCT_VARIANT_NOT_FOUND', PRODUCT_GONE, { productVariantIds: missing });
    }
    for (const date of dates) {
      const week = weekStartOf(date);
      for (const variant of variants) {
        if (variant.quantityAvailable <= 0) {
          blocked.push({
            date,
            reason: 'out_of_stock',
            detail: `Sorry, ${variant.title} has sold out for ${weekLabel(week)}`,
            productVariantIds: [variant.ref],
          });
        } else if (!variant.weeksOnMenu.has(week)) {
          blocked.push({
            date,
            reason: 'not_on_menu',
            detail: `${variant.title} is not on the menu for ${weekLabel(week)}`,
            productVariantIds: [variant.ref],
          });
        }
      }
    }
  }
  return blocked.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

export interface DeliverableCheck {
  postcode: string;
  deliveryDate: string;
  /** The order's dishes: our ids or the storefront's global ids. */
  productVariantIds: readonly (string | number)[];
  now: Date;
  /** When given, the date must also be in this menu week (its Monday). */
  mealWeek?: string;
  /** A plan's box (the weekly cutoff; the default) or a one-off box (next-day delivery where it applies). */
  kind?: OrderKind;
}

/**
 * The checkout's guard when orders are made: the postcode is one we deliver to and the date can be chosen
 * for it and for these dishes, by the same rules as POST /delivery_dates and /constraints. Throws
 * POSTCODE_INVALID, OUTSIDE_DELIVERY_AREA, DELIVERY_DATE_UNAVAILABLE, OUT_OF_STOCK (and PRODUCT_VARIANT_NOT_FOUND for a
 * dish that does not exist). Reads the database only for the dishes; safe inside a transaction.
 */
export async function assertDeliverable(db: DbOrTx, check: DeliverableCheck): Promise<void> {
  if (!isUkPostcode(check.postcode ?? '')) {
    throw new DomainError('POSTCODE_INVALID', POSTCODE_INVALID_MESSAGE);
  }
  const postcode = normalisePostcode(check.postcode);
  const area = findDeliveryArea(postcode);
  if (!area) throw outsideDeliveryArea(postcode);
  if (!isIsoDate(check.deliveryDate)) {
    throw new DomainError('DELIVERY_DATE_UNAVAILABLE', 'Choose a delivery date');
  }
  const date = check.deliveryDate;
  const mealWeek = check.mealWeek !== undefined && isIsoDate(check.mealWeek) ? check.mealWeek : undefined;
  const problem = deliveryDateProblem(date, check.now, {
    deliveryDays: area.deliveryDays,
    kind: check.kind ?? 'plan',
    ...(mealWeek ? { mealWeek } : {}),
  });
  if (problem) {
    throw new DomainError('DELIVERY_DATE_UNAVAILABLE', problem.message, {
      deliveryDate: date,
      reason: problem.code,
    });
  }
  const [blocked] = await blockedDates(
    db,
    area,
    { from: date, to: date },
    check.productVariantIds.map(String),
  );
  if (blocked) {
    // A dish sold out is the basket's problem, not the date's: the same 409 as the stock take gives, so a
    // checkout that loses the race for the last portions is told the same thing whichever check saw it first.
    const code = blocked.reason === 'out_of_stock' ? 'OUT_OF_STOCK' : 'DELIVERY_DATE_UNAVAILABLE';
    throw new DomainError(code, blocked.detail, {
      deliveryDate: date,
      reason: blocked.reason,
    });
  }
}

export interface DeliveryDatesAnswer {
  area: DeliveryArea;
  dates: DeliveryDateOption[];
  lastDate: IsoDate;
  windowDays: number;
  kind: OrderKindOnWire;
}

/** The wire's `plan` / `one_off` (plan when not given) as the domain names it. */
export function orderKindOf(kind: OrderKindOnWire | undefined): OrderKind {
  return kind === 'one_off' ? 'one-off' : 'plan';
}

export interface OneOffFeeAnswer extends OneOffFeePreview {
  basketId: string;
}

export class DeliveryService {
  constructor(
    private readonly db: Db,
    private readonly postcodes: PostcodeService,
    private readonly clock: Clock,
    private readonly log: { warn(details: object, message: string): void } = { warn: () => {} },
  ) {}

  /**
   * The delivery area of a postcode a customer typed. Outside our outcodes is OUTSIDE_DELIVERY_AREA at once
   * (no lookup needed); inside, a postcode the postcode service does not know is POSTCODE_NOT_FOUND. When
   * the service cannot answer, the outcode is enough: a customer is not stopped by postcodes.io being down.
   */
  async area(value: string): Promise<DeliveryArea> {
    const area = deliveryAreaOf(value);
    let found: unknown;
    try {
      found = await this.postcodes.lookup(area.postcode);
    } catch (error) {
      if (!(error instanceof PostcodeServiceError)) throw error;
      this.log.warn(
        { err: error, service: this.postcodes.name },
        'postcode lookup failed; using the outcode',
      );
      return area;
    }
    // The embedded service knows every postcode of the outcodes we deliver to (docs/decisions/0012), so
    // only a live service says this, of a postcode that really does not exist.
    if (!found) throw postcodeNotFound(area.postcode);
    return area;
  }

  async deliveryDates(body: DeliveryDatesBody): Promise<DeliveryDatesAnswer> {
    const now = this.clock.now();
    const area = await this.area(body.postcode);
    const kind = orderKindOf(body.kind);
    const mealWeek = body.mealWeek as IsoDate | undefined;
    const range = mealWeek
      ? mealWeekSpan(mealWeek)
      : { from: body.beginDate as IsoDate, to: body.endDate as IsoDate };
    const lastDate = lastDeliveryDate(now);
    // Only the part of the range that could be offered needs its blocked dates.
    const tomorrow = addDays(londonDate(now), 1);
    const window = {
      from: range.from > tomorrow ? range.from : tomorrow,
      to: range.to < lastDate ? range.to : lastDate,
    };
    const blocked =
      window.from <= window.to ? await blockedDates(this.db, area, window, body.productVariantIds ?? []) : [];
    const dates = availableDeliveryDates(range, now, {
      deliveryDays: area.deliveryDays,
      blocked: new Set(blocked.map((entry) => entry.date)),
      kind,
      ...(mealWeek ? { mealWeek } : {}),
    });
    return { area, dates, lastDate, windowDays: DELIVERY_WINDOW_DAYS, kind: body.kind ?? 'plan' };
  }

  /**
   * The blocked dates of a range, with why. Every Monday to Saturday of the range not listed here is one
   * that POST /delivery_dates offers and checkout accepts (for the same postcode, dishes and kind): the
   * date rules (too late for this kind of order, more than 21 days ahead) are the same domain function's.
   */
  async constraints(body: ConstraintsBody): Promise<DeliveryConstraints> {
    const now = this.clock.now();
    const area = await this.area(body.postcode);
    const kind = orderKindOf(body.kind);
    const range = { from: body.beginDate as IsoDate, to: body.endDate as IsoDate };
    const blocked = await blockedDates(this.db, area, range, body.productVariantIds);
    for (const date of datesBetween(range.from, range.to)) {
      if (weekdayOf(date) === 0 || closedDayName(date)) continue;
      const problem = deliveryDateProblem(date, now, { deliveryDays: area.deliveryDays, kind });
      if (problem?.code === 'TOO_SOON' || problem?.code === 'TOO_FAR') {
        blocked.push({
          date,
          reason: problem.code === 'TOO_SOON' ? 'too_late' : 'too_far',
          detail: problem.message,
          productVariantIds: [],
        });
      }
    }
    blocked.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    return {
      postcode: area.postcode,
      beginDate: range.from,
      endDate: range.to,
      kind: body.kind ?? 'plan',
      blockedDates: [...new Set(blocked.map((entry) => entry.date))],
      blocked,
    };
  }

  /**
   * The one-off fee (spec §7 POST /baskets/{id}/preview_one_off_fee): what a one-off box pays on top of its
   * dishes and delivery fees, once per delivery (each meal week is one order). It is the basket's own figure
   * (`deliveryCharge` in domain/basket.ts), already in its total: the preview, the basket and the orders
   * placed can never differ. Another visitor's basket is BASKET_NOT_FOUND ("Has error and basket is
   * destroyed"), as for every basket call.
   */
  async previewOneOffFee(
    baskets: BasketService,
    owner: BasketOwner,
    basketId: string,
  ): Promise<OneOffFeeAnswer> {
    const { basket, feePerOrder } = await baskets.withOneOffFee(owner, basketId);
    return {
      basketId: basket.id,
      oneOffFeeApplicable: oneOffFeeApplies(basket),
      feePerOrder,
      orderCount: basket.weeks.length,
      fee: basket.oneOffFee,
      basketTotal: basket.total - basket.oneOffFee,
      total: basket.total,
    };
  }
}
