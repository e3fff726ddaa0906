import { isDeliverableAddress } from '../../../domain/address';
import { conflictingAllergens } from '../../../domain/allergens';
import { DEFAULT_MINIMUM_SPEND } from '../../../domain/basket';
import { londonDate, timeLabel } from '../../../domain/calendar';
import { formatPence } from '../../../domain/money';
import { isLatLon, milesBetween, roundMiles } from '../../../domain/geo';
import {
  asapWindow,
  currentOrNextSpan,
  isOfferedSlot,
  slotLabel,
  slotWindow,
  type FulfillmentType,
  type Window,
} from '../../../domain/restaurant-hours';
import {
  chooseModifiers,
  etaText,
  takeawayTotals,
  takeawayUnitPrice,
  type MenuModifier,
  type TakeawayTotals,
} from '../../../domain/takeaway';
import { isWithinHorizon, lastBookableDate } from '../../../domain/takeaway-promises';
import type { ErrorObject } from '../../../contracts/envelope';
import type { DbOrTx } from '../../db/client';
import {
  findDiningTable,
  findRestaurant,
  menuContext,
  readProducts,
  slotRules,
  tooFarAheadText,
  toPriceable,
  unavailableReason,
  type MenuContext,
  type ProductRow,
  type RestaurantRow,
} from '../restaurants';
import type { BasketRow } from '../baskets';
import type { TakeawayDetailsRow, TakeawayItemRow } from './takeaway-baskets.repo';

// A takeaway basket priced and checked at `now` (spec §4: valid when it has items and the pre-discount
// subtotal meets the minimum spend): each line with its modifiers from today's menu of its restaurant, the
// totals with the restaurant's fee and minimum, the slot it would get, and everything in the way of ordering.

export interface PricedLine {
  item: TakeawayItemRow;
  product: ProductRow | null;
  /** The modifiers as priced (a dish's default size included). */
  modifiers: MenuModifier[];
  unitPrice: number;
  total: number;
  /** Why it cannot be ordered now, or null. */
  unavailable: string | null;
  /** Allergen codes of the dish and its chosen modifiers. */
  allergenTags: string[];
  conflicts: { code: number; name: string }[];
}

export interface PricedTakeaway {
  basket: BasketRow;
  details: TakeawayDetailsRow;
  restaurant: RestaurantRow | null;
  fulfillmentType: FulfillmentType | null;
  lines: PricedLine[];
  totals: TakeawayTotals;
  /** When it would come: ASAP's estimate now, or the chosen slot. */
  window: Window | null;
  /** Everything in the way of ordering it now, each with a stable code (lines' name the item). */
  problems: ErrorObject[];
  profile: readonly number[] | null;
  distanceMiles: number | null;
}

const problem = (code: string, detail: string, meta?: Record<string, unknown>): ErrorObject => ({
  status: '400',
  code,
  detail,
  ...(meta ? { meta } : {}),
});

export async function priceTakeaway(
  db: DbOrTx,
  basket: BasketRow,
  details: TakeawayDetailsRow,
  items: readonly TakeawayItemRow[],
  customerId: string | null,
  now: Date,
): Promise<PricedTakeaway> {
  const restaurant = details.restaurantId ? await findRestaurant(db, details.restaurantId) : null;
  const fulfillmentType = details.fulfillmentType;
  const catering = details.isCateringOrder;
  const context: MenuContext | null = restaurant
    ? await menuContext(
        db,
        restaurant,
        { fulfillmentType: fulfillmentType ?? 'delivery', catering, customerId },
        now,
      )
    : null;
  const catalogue = await readProducts(db, [...new Set(items.map((item) => item.productId))]);
  const lines = items.map((item) => priceLine(item, catalogue, context));
  const totals = takeawayTotals(
    lines.map((line) => ({ unitPrice: line.unitPrice, quantity: line.item.quantity })),
    {
      fulfillmentType,
      deliveryFee: restaurant?.deliveryFee ?? 0,
      freeDeliveryFrom: restaurant?.freeDeliveryFrom ?? null,
      // A table orders what it likes (a round of drinks): no minimum at a table (decision 28).
      minimumSpend: restaurant
        ? catering
          ? restaurant.cateringMinimumSpend
          : fulfillmentType === 'eat_in'
            ? 0
            : restaurant.minimumSpend
        : DEFAULT_MINIMUM_SPEND,
    },
  );
  const problems: ErrorObject[] = [];
  if (lines.length === 0)
    problems.push(problem('BASKET_EMPTY', 'Your basket is empty. Add a dish to order.'));
  if (!totals.meetsMinimum && lines.length > 0) {
    problems.push(
      problem(
        'BASKET_BELOW_MINIMUM',
        `The minimum order is ${formatPence(totals.minimumSpend)}. Add ${formatPence(totals.minimumRemainder)} more to order.`,
        { minimumSpend: totals.minimumSpend, remainder: totals.minimumRemainder },
      ),
    );
  }
  for (const line of lines) {
    if (line.unavailable) {
      problems.push(
        problem('PRODUCT_UNAVAILABLE', `${line.unavailable}. Please remove it to order.`, {
          itemId: line.item.id,
        }),
      );
    }
  }
  const { window, distanceMiles } = whereAndWhen(restaurant, details, fulfillmentType, now, problems);
  // A table taken away since the number was given (the restaurant changed its floor).
  if (fulfillmentType === 'eat_in' && restaurant?.hasTableNumbers && details.tableNumber) {
    if (!(await findDiningTable(db, restaurant.id, details.tableNumber))) {
      problems.push(
        problem('TABLE_NOT_FOUND', `${restaurant.name} has no table ${details.tableNumber}`, {
          field: 'tableNumber',
        }),
      );
    }
  }
  return {
    basket,
    details,
    restaurant,
    fulfillmentType,
    lines,
    totals,
    window,
    problems,
    profile: context?.profile ?? null,
    distanceMiles,
  };
}

function priceLine(
  item: TakeawayItemRow,
  catalogue: Awaited<ReturnType<typeof readProducts>>,
  context: MenuContext | null,
): PricedLine {
  const product = catalogue.products.get(item.productId) ?? null;
  const links = catalogue.modifiers.get(item.productId) ?? [];
  if (!product) {
    return {
      item,
      product,
      modifiers: [],
      unitPrice: 0,
      total: 0,
      unavailable: 'This dish is no longer on the menu',
      allergenTags: [],
      conflicts: [],
    };
  }
  const chosen = chooseModifiers(toPriceable(product, links), item.modifierIds);
  const modifiers = chosen.ok ? chosen.modifiers : [];
  const modifierRows = links
    .filter(({ modifier }) => modifiers.some((m) => m.id === modifier.id))
    .map(({ modifier }) => modifier);
  const unitPrice = takeawayUnitPrice(product, modifiers);
  const allergenTags = [...new Set([...product.tags, ...modifierRows.flatMap((row) => row.tags)])];
  const unavailable = !chosen.ok
    ? `${product.title} has changed since you added it`
    : context
      ? (unavailableReason(product, context) ??
        modifierRows.map((row) => unavailableReason(row, context)).find((reason) => reason !== null) ??
        null)
      : null;
  return {
    item,
    product,
    modifiers,
    unitPrice,
    total: unitPrice * item.quantity,
    unavailable,
    allergenTags,
    conflicts: context?.profile ? conflictingAllergens(context.profile, allergenTags) : [],
  };
}

/** The restaurant, the way it is had, the address and the slot: what is chosen and whether it can be. */
function whereAndWhen(
  restaurant: RestaurantRow | null,
  details: TakeawayDetailsRow,
  fulfillmentType: FulfillmentType | null,
  now: Date,
  problems: ErrorObject[],
): { window: Window | null; distanceMiles: number | null } {
  if (!restaurant) {
    problems.push(problem('BASKET_INVALID', 'Choose a restaurant', { field: 'restaurantId' }));
    return { window: null, distanceMiles: null };
  }
  if (!fulfillmentType) {
    problems.push(
      problem('BASKET_INVALID', 'Choose delivery, collection or eating in', { field: 'fulfillmentType' }),
    );
    return { window: null, distanceMiles: null };
  }
  let distanceMiles: number | null = null;
  const address = details.address;
  if (fulfillmentType === 'delivery') {
    if (!address || !isDeliverableAddress(address) || !isLatLon(address)) {
      problems.push(
        problem('BASKET_INVALID', 'Add a delivery address with its postcode', { field: 'address' }),
      );
    } else {
      distanceMiles = roundMiles(milesBetween(address, restaurant));
      if (milesBetween(address, restaurant) > restaurant.deliveryRadiusMiles) {
        problems.push(
          problem(
            'OUTSIDE_DELIVERY_AREA',
            `${restaurant.name} doesn’t deliver to ${address.zip} (${distanceMiles} miles away). Choose collection or another restaurant.`,
            { distanceMiles },
          ),
        );
      }
    }
  }
  if (fulfillmentType === 'eat_in' && restaurant.hasTableNumbers && !details.tableNumber) {
    problems.push(
      problem('BASKET_INVALID', restaurant.tableNumberPrompt ?? 'Enter your table number', {
        field: 'tableNumber',
      }),
    );
  }
  const rules = slotRules(restaurant, { fulfillmentType, catering: details.isCateringOrder });
  if (details.asap) {
    const asap = asapWindow(restaurant.openingHours, now, rules);
    if (!asap && fulfillmentType === 'eat_in') {
      // A table orders for now or not at all: no time to choose (decision 28).
      problems.push(problem('EAT_IN_CLOSED', eatInClosedText(restaurant, now)));
    } else if (!asap) {
      problems.push(
        problem(
          'RESTAURANT_CLOSED',
          details.isCateringOrder
            ? `Catering needs ${restaurant.cateringLeadHours} hours’ notice. Please choose a time.`
            : `${restaurant.name} isn’t taking orders for as soon as possible right now. Please choose a time.`,
        ),
      );
    }
    return { window: asap, distanceMiles };
  }
  if (!details.slotStart) {
    problems.push(problem('SLOT_UNAVAILABLE', 'Choose a time', { field: 'timeSlot' }));
    return { window: null, distanceMiles };
  }
  if (!isWithinHorizon(details.slotStart, now, details.isCateringOrder)) {
    // Issue 19: a time further ahead than the time slots offer (a basket from before the rule) is not placed.
    problems.push(
      problem('SLOT_TOO_FAR_AHEAD', tooFarAheadText(now, details.isCateringOrder), {
        field: 'timeSlot',
        startTime: details.slotStart.toISOString(),
        lastDate: lastBookableDate(now, details.isCateringOrder),
      }),
    );
  } else if (!isOfferedSlot(restaurant.openingHours, details.slotStart, now, rules)) {
    problems.push(
      problem(
        'SLOT_UNAVAILABLE',
        `${slotLabel(details.slotStart)} is no longer available. Please choose another time.`,
        {
          startTime: details.slotStart.toISOString(),
        },
      ),
    );
  }
  return { window: slotWindow(details.slotStart), distanceMiles };
}

/** Why a table cannot order now: when the kitchen opens, or that it has closed for the day. */
function eatInClosedText(restaurant: RestaurantRow, now: Date): string {
  const span = currentOrNextSpan(restaurant.openingHours, now);
  return span && span.opensAt > now
    ? `${restaurant.name}’s kitchen opens at ${timeLabel(span.opensAt)}: order at your table then`
    : `${restaurant.name} has closed its kitchen for today: ask at the counter`;
}

/** The basket's slot as the API shows it (spec §3 `timeSlot` with startTime, asap or scheduled). */
export function timeSlotView(priced: PricedTakeaway) {
  if (!priced.window) return null;
  const label = priced.details.asap
    ? `ASAP (${etaText(priced.restaurant?.prepMinutes ?? null, priced.restaurant?.busyMinutes ?? null)})`
    : slotLabel(priced.window.from);
  return {
    asap: priced.details.asap,
    startTime: priced.window.from.toISOString(),
    endTime: priced.window.to.toISOString(),
    label,
  };
}

/** The date it comes on: the slot's, or today for ASAP. */
export function takeawayDate(priced: PricedTakeaway, now: Date): string | null {
  if (priced.window) return londonDate(priced.window.from);
  return priced.basket.deliveryDate ?? (priced.details.asap ? londonDate(now) : null);
}
