import type { OrderAddress, TakeawayAddress } from '../../../domain/address';
import type { IsoDate } from '../../../domain/calendar';
import { DomainError, Problems, type ErrorCode } from '../../../domain/errors';
import { pence } from '../../../domain/money';
import type { FulfillmentType } from '../../../domain/restaurant-hours';
import { lineSize } from '../../../domain/takeaway';
import { holdUntil, SLOT_HOLD_MINUTES } from '../../../domain/takeaway-promises';
import type { TakeawayOrderBody } from '../../../contracts/takeaway';
import type { PricedTakeaway } from './takeaway-pricing';
import type { CustomerRow } from '../customers';
import type { OrderDraft } from '../orders';
import type { Booking, RestaurantRow } from '../restaurants';
import { allergenCodesOf, named } from './takeaway-order-view';
import type { insertTakeawayLines, insertTakeawayOrder } from './takeaway-orders.repo';

// The steps of placing a takeaway that decide rather than write (takeaway-orders.service.ts runs them in its
// transaction): whether the priced basket can be ordered now by this customer, and the order, its takeaway
// side and its lines as they are written.

/** A priced basket with nothing in the way of ordering it, and who orders it. */
export interface CheckedTakeaway {
  priced: PricedTakeaway;
  details: PricedTakeaway['details'];
  restaurant: RestaurantRow;
  fulfillmentType: FulfillmentType;
  kind: 'takeaway' | 'catering';
  customer: CustomerRow;
  phone: string | null;
  allergens: readonly number[];
}

/**
 * Everything in the way of ordering the priced basket now, refused at once: the basket's own problems (one
 * error each), a delivery with no phone for the rider, allergens on file not confirmed (spec part 5).
 */
export function checkedTakeaway(
  priced: PricedTakeaway,
  customer: CustomerRow,
  body: Pick<TakeawayOrderBody, 'allergensConfirmed'>,
): CheckedTakeaway {
  if (priced.problems.length > 0 || !priced.restaurant || !priced.fulfillmentType) {
    throw new Problems(
      priced.problems.map((problem) => ({
        code: problem.code as ErrorCode,
        detail: problem.detail,
        ...(problem.meta ? { meta: problem.meta } : {}),
      })),
    );
  }
  const { details, restaurant, fulfillmentType } = priced;
  const phone = details.address?.phone ?? customer.phone;
  if (fulfillmentType === 'delivery' && !phone) {
    throw new DomainError('BASKET_INVALID', 'Add a phone number so the rider can reach you', {
      field: 'address.phone',
    });
  }
  const allergens = priced.profile ?? [];
  if (allergens.length > 0 && body.allergensConfirmed !== true) {
    throw new DomainError(
      'ALLERGENS_NOT_CONFIRMED',
      `Please confirm you have checked your order for ${named(allergens)
        .map((a) => a.name.toLowerCase())
        .join(', ')}`,
      {
        allergens: named(allergens),
        conflicts: priced.lines
          .filter((line) => line.conflicts.length > 0)
          .map((line) => ({
            itemId: line.item.id,
            title: line.product?.title ?? '',
            allergens: line.conflicts,
          })),
      },
    );
  }
  return {
    priced,
    details,
    restaurant,
    fulfillmentType,
    kind: details.isCateringOrder ? 'catering' : 'takeaway',
    customer,
    phone,
    allergens,
  };
}

/**
 * The order as orders keeps it: one order for the London day its slot is on, its lines copied from the menu
 * with their modifiers.
 */
export function takeawayDraft(
  order: CheckedTakeaway,
  day: IsoDate,
  deliveryNote: string | null,
  tip = 0,
): OrderDraft<null> {
  const { priced, customer, restaurant, fulfillmentType, phone } = order;
  const address = order.details.address;
  return {
    mealWeek: null,
    type: 'DeliverectOrder',
    deliveryDate: day,
    deliveryNote,
    shippingAddress:
      fulfillmentType === 'delivery' && address
        ? orderAddress(address)
        : restaurantAddress(restaurant, customer.firstName, customer.lastName, phone),
    billingAddress: null,
    voucherId: null,
    voucherCode: null,
    subtotal: priced.totals.subtotal,
    discount: 0,
    shippingPrice: priced.totals.deliveryFee,
    tip,
    total: priced.totals.total + tip,
    lines: priced.lines.map((line) => ({
      productVariantId: null,
      productVariantExtId: `takeaway:${line.item.productId}`,
      title: line.product!.title,
      variantTitle: lineSize(line.modifiers) ?? '',
      sku: line.product!.sku,
      imageUrl: line.product!.imageUrl,
      tags: line.product!.tags,
      price: pence(line.unitPrice),
      quantity: line.item.quantity,
      discount: pence(0),
      total: pence(line.total),
      isAddon: false,
    })),
  };
}

/** The order's takeaway side: its restaurant, slot, promise and who to call. */
export function takeawaySide(
  order: CheckedTakeaway,
  orderId: string,
  booking: Booking,
  now: Date,
): Parameters<typeof insertTakeawayOrder>[1] {
  const { details, customer, restaurant, fulfillmentType, phone, allergens } = order;
  const address = details.address;
  const name =
    `${customer.firstName} ${customer.lastName}`.trim() ||
    `${address?.firstName ?? ''} ${address?.lastName ?? ''}`.trim();
  return {
    orderId,
    restaurantId: restaurant.id,
    fulfillmentType,
    isCateringOrder: details.isCateringOrder,
    asap: details.asap,
    slotStart: booking.slotStart,
    // Held while the customer pays: a few minutes, renewed by each payment (slot-holds.ts).
    heldUntil: holdUntil(now, booking.slotStart, SLOT_HOLD_MINUTES),
    promisedFrom: booking.window.from,
    promisedTo: booking.window.to,
    etaFrom: booking.window.from,
    etaTo: booking.window.to,
    customerName: name || customer.email,
    customerEmail: customer.email,
    phone,
    tableNumber: fulfillmentType === 'eat_in' ? details.tableNumber : null,
    customerAllergens: [...allergens],
    allergensConfirmedAt: allergens.length > 0 ? now : null,
  };
}

/** Each line's modifiers, note and allergens, as the kitchen reads them. */
export function takeawayLines(order: CheckedTakeaway): Parameters<typeof insertTakeawayLines>[2] {
  return order.priced.lines.map((line) => ({
    productId: line.item.productId,
    modifiers: line.modifiers.map(({ id, title, group, price }) => ({ id, title, group, price })),
    note: line.item.note || null,
    allergens: allergenCodesOf(line.allergenTags),
  }));
}

function orderAddress(address: TakeawayAddress): OrderAddress {
  return { ...address, company: null, region: null };
}

/** Where a collection or a table's order is had: the restaurant, under the customer's name. */
export function restaurantAddress(
  restaurant: RestaurantRow,
  firstName: string,
  lastName: string,
  phone: string | null,
): OrderAddress {
  return {
    firstName: firstName || null,
    lastName: lastName || null,
    address1: restaurant.address1,
    address2: restaurant.address2,
    city: restaurant.city,
    zip: restaurant.postcode,
    company: restaurant.name,
    region: null,
    country: 'United Kingdom',
    countryCode: 'GB',
    phone,
    lat: restaurant.lat,
    lon: restaurant.lon,
  };
}
