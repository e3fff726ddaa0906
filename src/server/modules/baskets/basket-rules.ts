import { eq } from 'drizzle-orm';
import { MAX_LINE_QUANTITY } from '../../../domain/basket';
import { type IsoDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { isVisibleOnMenu, offersDoublePortion } from '../../../domain/menu';
import { isWeekOrderable, orderKindOf, weekLabel } from '../../../domain/menu-weeks';
import type { DbOrTx } from '../../db/client';
import { basketItems } from '../../db/schema/baskets';

// The rules a basket change must keep: on the menu, in stock, in an orderable week.

export function isOnMenu(variant: {
  productId: number;
  tags: string[];
  productType: string;
  listedBundle: boolean;
}) {
  const id = String(variant.productId);
  return isVisibleOnMenu(
    { id, tags: variant.tags, productType: variant.productType },
    new Set(variant.listedBundle ? [id] : []),
  );
}

export function assertInStock(title: string, quantity: number, available: number) {
  if (quantity > available) throw tooMany(title, available);
}

/** More than we have, or more than one line may hold. */
export function tooMany(title: string, available: number): DomainError {
  if (available > MAX_LINE_QUANTITY) {
    return new DomainError(
      'OUT_OF_STOCK',
      `You can have up to ${MAX_LINE_QUANTITY} of ${title} in one delivery`,
      {
        quantityAvailable: MAX_LINE_QUANTITY,
      },
    );
  }
  return new DomainError(
    'OUT_OF_STOCK',
    available === 0 ? `Sorry, ${title} has sold out` : `Sorry, we only have ${available} of ${title} left`,
    { quantityAvailable: available },
  );
}

/**
 * A one-off basket may hold dishes of a week only a one-off box can still reach (next-day delivery); it
 * cannot become a plan's first box then. Refused with the week, so the customer knows what to change.
 */
export async function assertPlanCanTake(tx: DbOrTx, basketId: string, now: Date): Promise<void> {
  const weeks = await tx
    .selectDistinct({ mealWeek: basketItems.mealWeek })
    .from(basketItems)
    .where(eq(basketItems.basketId, basketId));
  const closed = weeks
    .map((week) => week.mealWeek as IsoDate)
    .sort()
    .find((week) => !isWeekOrderable(week, now, 'plan'));
  if (closed) {
    throw new DomainError(
      'WEEK_UNAVAILABLE',
      `Plan orders for ${weekLabel(closed)} have closed, so those dishes can only come as a one-off box. ` +
        'Order them as a one-off box, or remove them to start your plan from a later week.',
      { mealWeek: closed },
    );
  }
}

/** PostgreSQL's foreign_key_violation, from either driver. */
export function isForeignKeyViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (
    let e: unknown = error;
    e && typeof e === 'object' && !seen.has(e);
    e = (e as { cause?: unknown }).cause
  ) {
    seen.add(e);
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/**
 * Why a dish cannot be added to a basket for a meal week, in the spec's order, or null when it can (stock
 * aside): not on the menu (spec §5: hidden dishes, gift boxes and unlisted bundles), a double portion of
 * something that comes in one size, a closed week (decision 11), not on that week's menu.
 */
export function addRefusal(
  variant: {
    productId: number;
    productTitle: string;
    productType: string;
    tags: string[];
    listedBundle: boolean;
    isDouble: boolean;
    onWeekMenu: boolean;
  },
  mealWeek: IsoDate,
  now: Date,
  startSubscription: boolean,
): DomainError | null {
  if (!isOnMenu(variant)) {
    return new DomainError('PRODUCT_VARIANT_NOT_FOUND', 'That dish is no longer on our menu');
  }
  // Only main dishes come as a double portion; one left in the catalogue for a side or dessert is refused.
  if (variant.isDouble && !offersDoublePortion(variant)) {
    return new DomainError(
      'PRODUCT_VARIANT_NOT_FOUND',
      `${variant.productTitle} comes in one size: add the regular portion`,
    );
  }
  if (!isWeekOrderable(mealWeek, now, orderKindOf(startSubscription))) {
    return new DomainError(
      'WEEK_UNAVAILABLE',
      `Orders for ${weekLabel(mealWeek)} have closed. Please choose a later week.`,
      { mealWeek },
    );
  }
  if (!variant.onWeekMenu) {
    return new DomainError(
      'WEEK_UNAVAILABLE',
      `${variant.productTitle} is not on the menu for ${weekLabel(mealWeek)}`,
      { mealWeek },
    );
  }
  return null;
}
