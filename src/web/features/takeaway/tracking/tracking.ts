import type * as z from 'zod/mini';
import type { driverLocationDocument, PublicTracking, TakeawayOrder } from '../../../../contracts/takeaway';

// The tracking page's rules (/takeaway/track/{orderId}; issue 13 part 4): the order's steps with their times,
// how often to ask again (the order every 10 s until it is delivered or dropped, the rider every 5 s while
// out), and how far along the rider is, shown as progress since no map tiles are configured.

export type DriverLocation = z.infer<typeof driverLocationDocument>['data']['attributes'];

/**
 * What the tracking page shows of an order: its public tracking, or the customer's own order (which has
 * everything the public one has, and prices, address, allergens and payment besides).
 */
export type TrackedOrder = Omit<PublicTracking, 'id' | 'firstName'>;

/** A public tracking link's key (32 hex digits); anything else in /takeaway/track/{…} is an order's id. */
export const isTrackingKey = (ref: string) => /^[0-9a-f]{32}$/.test(ref);

/**
 * The page's heading: where the order is (spec §4 labels), except that one turned down says what happened
 * to it and to the money (issue 19: never "Thanks" over a rejected order).
 */
export function trackingHeading(order: Pick<TrackedOrder, 'state' | 'stateLabel' | 'refunded'>): string {
  if (order.state === 'dropped')
    return order.refunded ? 'Cancelled and refunded' : 'Cancelled: refund on its way';
  if (order.state === 'cancelled') return 'Cancelled';
  return order.stateLabel;
}

/** The order polls every 10 s, the rider every 5 s (spec: "the driver moving"). */
export const ORDER_POLL_MS = 10_000;
export const DRIVER_POLL_MS = 5_000;

const FINISHED = new Set(['delivered', 'dropped', 'cancelled']);

/** Nothing more will happen to it: no need to ask again. */
export function isFinished(order: Pick<TakeawayOrder, 'state'>): boolean {
  return FINISHED.has(order.state);
}

/** Not paid yet (or its payment failed): the page offers to pay. */
export function awaitsPayment(order: Pick<TakeawayOrder, 'state' | 'payable'>): boolean {
  return order.payable && ['created', 'payment_pending', 'not_authorized'].includes(order.state);
}

/** Paid and with the kitchen, not accepted yet (issue 19: "waiting for the restaurant"). */
export function isAwaitingKitchen(order: Pick<TakeawayOrder, 'state'>): boolean {
  return order.state === 'paid' || order.state === 'submitted';
}

export function orderPollInterval(order: Pick<TakeawayOrder, 'state'> | undefined): number | false {
  return order && isFinished(order) ? false : ORDER_POLL_MS;
}

/** The rider is followed while the order is out and the courier has them; not once they have handed it over. */
export function followsRider(order: Pick<TakeawayOrder, 'state' | 'fulfillmentType' | 'driverTrackable'>) {
  return order.fulfillmentType === 'delivery' && order.state === 'shipped' && order.driverTrackable;
}

export function driverPollInterval(driver: Pick<DriverLocation, 'status'> | undefined): number | false {
  return driver && (driver.status === 'delivered' || driver.status === 'canceled') ? false : DRIVER_POLL_MS;
}

export interface TrackStep {
  key: 'paid' | 'accepted' | 'ready' | 'out' | 'done';
  label: string;
  /** When it happened (ISO), if it did and it is known. */
  at: string | null;
  done: boolean;
  /** The step under way now (the first not done), unless the order ended without it. */
  current: boolean;
}

/**
 * Paid, accepted, ready, out for delivery (delivery only), delivered or collected. A step is done when it
 * has a time or a later one is done (the kitchen may send an order out without marking it ready first).
 */
export function trackingSteps(
  order: Pick<
    TakeawayOrder,
    | 'state'
    | 'fulfillmentType'
    | 'paidAt'
    | 'acceptedAt'
    | 'readyAt'
    | 'outForDeliveryAt'
    | 'deliveredAt'
    | 'rejectedAt'
  >,
): TrackStep[] {
  const delivery = order.fulfillmentType === 'delivery';
  const eatIn = order.fulfillmentType === 'eat_in';
  const awaitingKitchen = isAwaitingKitchen(order);
  const steps: Omit<TrackStep, 'done' | 'current'>[] = [
    { key: 'paid', label: 'Paid', at: order.paidAt },
    // Issue 19: never a step that has not happened: until the kitchen accepts, it is waited for.
    {
      key: 'accepted',
      label:
        order.acceptedAt || !awaitingKitchen
          ? 'Accepted by the kitchen'
          : 'Waiting for the restaurant to accept',
      at: order.acceptedAt,
    },
    {
      key: 'ready',
      label: delivery ? 'Ready for the rider' : eatIn ? 'Ready' : 'Ready to collect',
      at: order.readyAt,
    },
    ...(delivery ? [{ key: 'out' as const, label: 'Out for delivery', at: order.outForDeliveryAt }] : []),
    {
      key: 'done',
      label: delivery ? 'Delivered' : eatIn ? 'Served' : 'Collected',
      at: order.deliveredAt,
    },
  ];
  const lastDone = steps.reduce((last, step, i) => (step.at ? i : last), -1);
  const ended = order.state === 'dropped' || order.state === 'cancelled' || order.rejectedAt !== null;
  return steps.map((step, i) => ({
    ...step,
    done: i <= lastDone,
    current: !ended && i === lastDone + 1,
  }));
}

export interface RiderProgress {
  /** 0 at the restaurant, 1 at the door. */
  fraction: number;
  milesToGo: number | null;
  etaAt: string | null;
  riderName: string | null;
}

/** How far along the rider is (the shop measures it by straight-line distance from the restaurant). */
export function riderProgress(driver: DriverLocation): RiderProgress {
  const base = { milesToGo: driver.milesToGo, etaAt: driver.etaAt, riderName: driver.riderName };
  if (driver.status === 'delivered') return { ...base, fraction: 1, milesToGo: 0 };
  return { ...base, fraction: Math.min(1, Math.max(0, driver.progress)) };
}

/** "1.2 miles", "0.3 miles", "1 mile". */
export function milesText(miles: number): string {
  const rounded = Math.round(miles * 10) / 10;
  return `${rounded} ${rounded === 1 ? 'mile' : 'miles'}`;
}
