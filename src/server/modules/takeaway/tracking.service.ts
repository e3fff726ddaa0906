import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DeliveryEstimationBody, DriverStatus } from '../../../contracts/takeaway';
import { DomainError, FieldErrors } from '../../../domain/errors';
import { TAKEAWAY_ORDER_LIFECYCLE } from '../../../domain/kitchen';
import { bearing, fractionAlong, isLatLon, milesBetween, roundMiles } from '../../../domain/geo';
import { asapWindow, isOfferedSlot, slotLabel, slotWindow } from '../../../domain/restaurant-hours';
import { etaText, missingForEstimate } from '../../../domain/takeaway';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { takeawayOrders } from '../../db/schema/takeaway';
import type { CourierDelivery, CourierService } from '../../integrations/courier';
import { hit, type Limit } from '../../security/rate-limit';
import { findCustomerById } from '../customers';
import { lockOrderState, moveOrderAlong } from '../orders';
import { assertWithinHorizon, requireRestaurant, slotRules } from '../restaurants';
import { elsewhereFor } from './elsewhere';
import { toPublicTracking } from './takeaway-order-view';
import {
  lockTakeawayRow,
  readCustomerTakeawayOrder,
  readTakeawayOrder,
  readTakeawayOrderByToken,
  touchTakeawayOrder,
  type TakeawayOrderRecord,
} from './takeaway-orders.repo';

// When it comes and where the rider is (issue 13 part 2): the delivery estimate (spec §5, §7 POST
// /delivery_estimation), dispatching a courier when an order goes out, the driver's position (GET
// /orders/{id}/driver_location), and the courier's handover, read by a job.

const DRIVER_STATUS: Record<CourierDelivery['status'], DriverStatus> = {
  pending: 'to_pickup',
  pickup: 'to_pickup',
  pickup_complete: 'to_dropoff',
  dropoff: 'to_dropoff',
  delivered: 'delivered',
  canceled: 'canceled',
  returned: 'canceled',
};

/**
 * Public tracking reads per address: a page asks every 10 s and its rider every 5 s, so a household or an
 * office following a few orders stays far below; links that name no order, far fewer.
 */
export const TRACKING_LIMITS = {
  reads: { max: 300, windowMs: 60_000 },
  misses: { max: 20, windowMs: 600_000 },
} satisfies Record<string, Limit>;

export interface DriverLocation {
  status: DriverStatus;
  lat: number | null;
  lon: number | null;
  bearing: number | null;
  riderName: string | null;
  etaAt: string | null;
  milesToGo: number | null;
  pickup: { lat: number; lon: number };
  dropoff: { lat: number; lon: number } | null;
  /** 0 at the restaurant, 1 at the door. */
  progress: number;
  updatedAt: string;
}

export class TakeawayTrackingService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly courier: CourierService,
  ) {}

  /**
   * POST /delivery_estimation: spec §5's fields must all be there (400 naming what is missing) and the
   * restaurant must deliver to the point. ASAP: "prep + busy + 15 - … + 30 mins" (spec §9); a slot: its times.
   */
  async estimate(body: DeliveryEstimationBody) {
    const missing = missingForEstimate(body);
    if (missing.length > 0) {
      throw new FieldErrors(
        missing.map((field) => ({
          field,
          message:
            field === 'zip' && body.zip
              ? 'Enter a full UK postcode, like SW1A 2AA'
              : 'is needed for an estimate',
        })),
      );
    }
    const restaurant = await requireRestaurant(this.db, body.restaurantId!);
    const point = { lat: body.lat!, lon: body.lon! };
    const miles = milesBetween(point, restaurant);
    if (!restaurant.offersDelivery || miles > restaurant.deliveryRadiusMiles) {
      throw new DomainError(
        'OUTSIDE_DELIVERY_AREA',
        `${restaurant.name} doesn’t deliver to ${body.zip!.toUpperCase()}. Choose collection or another restaurant.`,
        { distanceMiles: roundMiles(miles) },
      );
    }
    const now = this.clock.now();
    const rules = slotRules(restaurant, { fulfillmentType: 'delivery', catering: false });
    const slot = body.timeSlot!;
    const asap = slot.asap ?? !slot.startTime;
    const start = asap ? null : slot.startTime ? new Date(slot.startTime) : null;
    if (start) assertWithinHorizon(start, now, false);
    const window = asap
      ? asapWindow(restaurant.openingHours, now, rules)
      : start && isOfferedSlot(restaurant.openingHours, start, now, rules)
        ? slotWindow(start)
        : null;
    if (!window) {
      throw new DomainError(
        asap ? 'RESTAURANT_CLOSED' : 'SLOT_UNAVAILABLE',
        asap
          ? `${restaurant.name} isn’t taking orders for as soon as possible right now. Please choose a time.`
          : 'That time is not available. Please choose another time.',
      );
    }
    const minutes = (at: Date) => Math.max(0, Math.round((at.getTime() - now.getTime()) / 60_000));
    return {
      id: `${restaurant.id}:${window.from.toISOString()}`,
      restaurantId: restaurant.id,
      asap,
      text: asap ? etaText(restaurant.prepMinutes, restaurant.busyMinutes) : slotLabel(window.from),
      minMinutes: minutes(window.from),
      maxMinutes: minutes(window.to),
      from: window.from.toISOString(),
      to: window.to.toISOString(),
      distanceMiles: roundMiles(miles),
    };
  }

  /**
   * The public tracking of the order a link names (issue 19), for whoever has the link; `meta.orderId` only
   * for its own customer signed in (`viewerId`). Every read is counted per address, and a link that names no
   * order more strictly still: 429 past either (tokens are 128 random bits; guessing is what misses are).
   */
  async publicTracking(token: string, viewerId: string | null, address: string) {
    const record = await this.byToken(token, address);
    const customer = await findCustomerById(this.db, record.order.customerId);
    const elsewhere = await elsewhereFor(this.db, record, this.clock.now());
    return {
      tracking: toPublicTracking(record, customer?.firstName.trim() || null, elsewhere),
      orderId: viewerId !== null && viewerId === record.order.customerId ? record.order.id : null,
    };
  }

  /** Where the rider of the order a link names is: how far along and when, never where (no coordinates). */
  async publicDriverLocation(token: string, address: string): Promise<DriverLocation> {
    const located = await this.locate(await this.byToken(token, address));
    return { ...located, lat: null, lon: null, bearing: null, dropoff: null };
  }

  private async byToken(token: string, address: string) {
    await hit(this.db, `tracking:ip:${address}`, TRACKING_LIMITS.reads);
    const record = await readTakeawayOrderByToken(this.db, token);
    if (!record) {
      await hit(this.db, `tracking-miss:ip:${address}`, TRACKING_LIMITS.misses);
      throw new DomainError('ORDER_NOT_FOUND', 'We couldn’t find that order. Please check the link.');
    }
    return record;
  }

  /** Where the customer's rider is: before dispatch, only the way; a collection has no rider. */
  async driverLocation(customerId: string, orderId: string): Promise<DriverLocation> {
    const record = await readCustomerTakeawayOrder(this.db, customerId, orderId);
    if (!record) throw new DomainError('ORDER_NOT_FOUND', 'We were unable to process your request');
    return this.locate(record);
  }

  private async locate(record: TakeawayOrderRecord): Promise<DriverLocation> {
    const { takeaway, restaurant, order } = record;
    if (takeaway.fulfillmentType !== 'delivery') {
      throw new DomainError('ORDER_INVALID', 'This order is collected, so it has no rider to follow');
    }
    const pickup = { lat: restaurant.lat, lon: restaurant.lon };
    const address = order.shippingAddress;
    const dropoff = isLatLon(address) ? { lat: address.lat, lon: address.lon } : null;
    const quiet = {
      lat: null,
      lon: null,
      bearing: null,
      riderName: null,
      etaAt: null,
      milesToGo: null,
      pickup,
      dropoff,
      progress: 0,
      updatedAt: this.clock.now().toISOString(),
    };
    if (!takeaway.courierRef) return { status: 'not_dispatched', ...quiet };
    const delivery = await this.courier.getDelivery(takeaway.courierRef);
    const rider =
      delivery.rider && delivery.rider.lat !== null && delivery.rider.lon !== null ? delivery.rider : null;
    const at = rider ? { lat: rider.lat!, lon: rider.lon! } : null;
    return {
      ...quiet,
      status: DRIVER_STATUS[delivery.status],
      lat: at?.lat ?? null,
      lon: at?.lon ?? null,
      bearing: at && dropoff && delivery.status !== 'delivered' ? Math.round(bearing(at, dropoff)) : null,
      riderName: delivery.rider?.name ?? null,
      etaAt: delivery.dropoffEta?.toISOString() ?? null,
      milesToGo: at && dropoff ? roundMiles(milesBetween(at, dropoff)) : null,
      progress:
        delivery.status === 'delivered'
          ? 1
          : at && dropoff && DRIVER_STATUS[delivery.status] === 'to_dropoff'
            ? fractionAlong(pickup, dropoff, milesBetween(at, dropoff))
            : 0,
      updatedAt: delivery.at.toISOString(),
    };
  }

  /**
   * Asks the courier for a rider for an order that has gone out (after the kitchen's transaction committed),
   * and keeps the courier's id; the estimate becomes the rider's. A failure is retried by the job.
   */
  async dispatch(orderId: string): Promise<void> {
    const record = await readTakeawayOrder(this.db, orderId);
    if (!record || record.takeaway.courierRef || record.order.state !== 'shipped') return;
    const delivery = await this.courier.createDelivery(deliveryRequest(record, this.clock.now()));
    await this.db.transaction(async (tx) => {
      const row = await lockTakeawayRow(tx, orderId);
      if (!row || row.courierRef) return;
      const eta = delivery.dropoffEta;
      await touchTakeawayOrder(tx, orderId, {
        courierRef: delivery.id,
        ...(eta ? { etaFrom: eta, etaTo: eta } : {}),
      });
    });
  }

  /**
   * The courier job (every minute): dispatches what went out without a rider, and records each handover the
   * courier reports (delivered, at the time the courier says). Idempotent: a delivered order is left alone.
   */
  async progressDeliveries(): Promise<number> {
    const out = await this.db
      .select({
        orderId: takeawayOrders.orderId,
        courierRef: takeawayOrders.courierRef,
        outAt: takeawayOrders.outAt,
      })
      .from(takeawayOrders)
      .innerJoin(orders, eq(orders.id, takeawayOrders.orderId))
      .where(and(eq(orders.state, 'shipped'), eq(takeawayOrders.fulfillmentType, 'delivery')))
      .orderBy(asc(takeawayOrders.outAt))
      .limit(100);
    let moved = 0;
    for (const { orderId, courierRef, outAt } of out) {
      try {
        if (!courierRef) {
          // Sent out without a rider: the kitchen's own dispatch failed (or is under way right now, so wait a
          // minute before asking a second time).
          if (outAt && this.clock.now().getTime() - outAt.getTime() >= 60_000) await this.dispatch(orderId);
          continue;
        }
        const delivery = await this.courier.getDelivery(courierRef);
        if (delivery.status !== 'delivered' || !delivery.deliveredAt) continue;
        if (await this.markDelivered(orderId, delivery.deliveredAt, 'courier')) moved += 1;
      } catch {
        // The courier is unreachable: the next run asks again.
      }
    }
    return moved;
  }

  /** Records a handover (once): the order is delivered, at that time. */
  async markDelivered(orderId: string, at: Date, actor: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if ((await lockOrderState(tx, orderId)) !== 'shipped') return false;
      await moveOrderAlong(
        tx,
        orderId,
        'delivered',
        { actor, at: this.clock.now() },
        TAKEAWAY_ORDER_LIFECYCLE,
      );
      await touchTakeawayOrder(tx, orderId, { deliveredAt: at });
      return true;
    });
  }
}

function deliveryRequest(record: TakeawayOrderRecord, now: Date) {
  const { order, takeaway, restaurant, lines } = record;
  const address = order.shippingAddress;
  return {
    externalId: order.id,
    pickup: {
      name: restaurant.name,
      address: `${restaurant.address1}, ${restaurant.city}, ${restaurant.postcode}`,
      phone: restaurant.phone,
      lat: restaurant.lat,
      lon: restaurant.lon,
    },
    dropoff: {
      name: takeaway.customerName,
      address: [address.address1, address.address2, address.city, address.zip].filter(Boolean).join(', '),
      phone: takeaway.phone ?? restaurant.phone,
      lat: address.lat ?? restaurant.lat,
      lon: address.lon ?? restaurant.lon,
      notes: order.deliveryNote,
    },
    items: lines.map((line) => ({ name: line.title, quantity: line.quantity })),
    readyAt: takeaway.readyAt ?? now,
  };
}

/** Deliveries that came after their promised window and have not been credited (the late-credit job's). */
export function lateUncredited(db: Db, limit = 100) {
  return db
    .select({ orderId: takeawayOrders.orderId })
    .from(takeawayOrders)
    .where(
      and(
        isNull(takeawayOrders.lateCreditedAt),
        sql`${takeawayOrders.deliveredAt} > ${takeawayOrders.promisedTo}`,
        eq(takeawayOrders.fulfillmentType, 'delivery'),
      ),
    )
    .orderBy(asc(takeawayOrders.deliveredAt))
    .limit(limit);
}
