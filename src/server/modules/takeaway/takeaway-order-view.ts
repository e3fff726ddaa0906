import type { PublicTracking, TakeawayOrder } from '../../../contracts/takeaway';
import { ALLERGENS, allergensFromTags } from '../../../domain/allergens';
import { isPayable, type OrderState } from '../../../domain/orders';
import type { FulfillmentType } from '../../../domain/restaurant-hours';
import { takeawayStateLabel } from '../../../domain/takeaway';
import type { TakeawayOrderRecord, TakeawayOrderRow } from './takeaway-orders.repo';

// A takeaway or catering order as the customer's tracking sees it (issue 13 part 2): where it is cooked, when
// it was promised and when it is now expected, every line with its modifiers, and each step's time.

export const named = (codes: readonly number[]) =>
  codes.filter((code) => ALLERGENS[code]).map((code) => ({ code, name: ALLERGENS[code]! }));

/** The 14 UK allergens a line's tags declare, by code. */
export const allergenCodesOf = (tags: readonly string[]) => allergensFromTags(tags).map((a) => a.code);

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** When each step happened (contracts' `takeawaySteps`). */
export function takeawaySteps(takeaway: TakeawayOrderRow) {
  return {
    paidAt: iso(takeaway.paidAt),
    acceptedAt: iso(takeaway.acceptedAt),
    readyAt: iso(takeaway.readyAt),
    outForDeliveryAt: iso(takeaway.outAt),
    deliveredAt: iso(takeaway.deliveredAt),
    rejectedAt: iso(takeaway.rejectedAt),
    rejectedReason: takeaway.rejectedReason,
    refunded: takeaway.refundedAt !== null,
  };
}

/** Another restaurant offered when the order was turned down (elsewhere.ts). */
export type Elsewhere = TakeawayOrder['elsewhere'];

/** What was promised beyond the window: when the kitchen must accept by, who turned it down, where else. */
function takeawayPromises(takeaway: TakeawayOrderRow, elsewhere: Elsewhere) {
  return {
    acceptBy: iso(takeaway.acceptBy),
    rejectedBy: takeaway.rejectedBy,
    elsewhere,
  };
}

export function toTakeawayOrder(
  { order, takeaway, restaurant, lines }: TakeawayOrderRecord,
  elsewhere: Elsewhere = null,
): TakeawayOrder {
  const fulfillmentType = takeaway.fulfillmentType as FulfillmentType;
  const state = order.state as OrderState;
  return {
    id: order.id,
    number: order.number,
    state,
    stateLabel: takeawayStateLabel(state),
    source: order.source === 'catering' ? 'catering' : 'takeaway',
    checkoutId: order.checkoutId,
    payable: isPayable(state),
    fulfillmentType,
    isCateringOrder: takeaway.isCateringOrder,
    restaurant: {
      id: restaurant.id,
      name: restaurant.name,
      site: restaurant.site,
      phone: restaurant.phone,
      address1: restaurant.address1,
      city: restaurant.city,
      postcode: restaurant.postcode,
      lat: restaurant.lat,
      lon: restaurant.lon,
    },
    asap: takeaway.asap,
    promisedFrom: takeaway.promisedFrom.toISOString(),
    promisedTo: takeaway.promisedTo.toISOString(),
    etaFrom: takeaway.etaFrom.toISOString(),
    etaTo: takeaway.etaTo.toISOString(),
    deliveryAddress: fulfillmentType === 'delivery' ? order.shippingAddress : null,
    tableNumber: takeaway.tableNumber,
    deliveryNote: order.deliveryNote,
    customerAllergens: named(takeaway.customerAllergens),
    allergensConfirmed: takeaway.allergensConfirmedAt !== null,
    lineItems: lines.map((line) => ({
      id: line.id,
      productId: line.takeaway?.productId ? String(line.takeaway.productId) : null,
      title: line.title,
      variantTitle: line.variantTitle,
      quantity: line.quantity,
      price: line.price,
      total: line.total,
      note: line.takeaway?.note ?? null,
      subItems: (line.takeaway?.modifiers ?? []).map((modifier) => ({
        productId: String(modifier.id),
        title: modifier.title,
        group: modifier.group,
        price: modifier.price,
      })),
      allergens: named(line.takeaway?.allergens ?? []),
    })),
    subtotal: order.subtotal,
    shippingPrice: order.shippingPrice,
    tip: order.tip,
    total: order.total,
    placedAt: order.createdAt.toISOString(),
    ...takeawaySteps(takeaway),
    ...takeawayPromises(takeaway, elsewhere),
    driverTrackable: fulfillmentType === 'delivery' && takeaway.courierRef !== null,
    lateCredit: takeaway.lateCredit,
    trackingToken: takeaway.trackingToken,
  };
}

/**
 * The order as anyone with its tracking link sees it (issue 19): its progress, its restaurant and its dishes,
 * and the customer's first name; never their address, phone, email, note, allergens, prices or payment.
 */
export function toPublicTracking(
  { order, takeaway, restaurant, lines }: TakeawayOrderRecord,
  firstName: string | null,
  elsewhere: Elsewhere,
): PublicTracking {
  const fulfillmentType = takeaway.fulfillmentType as FulfillmentType;
  return {
    id: takeaway.trackingToken,
    number: order.number,
    state: order.state,
    stateLabel: takeawayStateLabel(order.state as OrderState),
    fulfillmentType,
    isCateringOrder: takeaway.isCateringOrder,
    firstName,
    restaurant: {
      id: restaurant.id,
      name: restaurant.name,
      phone: restaurant.phone,
      address1: restaurant.address1,
      city: restaurant.city,
      postcode: restaurant.postcode,
    },
    asap: takeaway.asap,
    promisedFrom: takeaway.promisedFrom.toISOString(),
    promisedTo: takeaway.promisedTo.toISOString(),
    etaFrom: takeaway.etaFrom.toISOString(),
    etaTo: takeaway.etaTo.toISOString(),
    lineItems: lines.map((line) => ({
      id: line.id,
      title: line.title,
      variantTitle: line.variantTitle,
      quantity: line.quantity,
      subItems: (line.takeaway?.modifiers ?? []).map(({ title, group }) => ({ title, group })),
    })),
    ...takeawaySteps(takeaway),
    ...takeawayPromises(takeaway, elsewhere),
    driverTrackable: fulfillmentType === 'delivery' && takeaway.courierRef !== null,
  };
}

export function takeawayOrderResource(order: TakeawayOrder) {
  const { id, ...attributes } = order;
  return { id, type: 'takeaway_orders' as const, attributes };
}

export function publicTrackingResource(tracking: PublicTracking) {
  const { id, ...attributes } = tracking;
  return { id, type: 'takeaway_tracking' as const, attributes };
}
