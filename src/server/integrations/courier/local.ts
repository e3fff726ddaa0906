import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { milesBetween, pointAlong } from '../../../domain/geo';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { courierDeliveries } from '../../db/schema/courier';
import { CourierError, type CourierDelivery, type CourierService, type DeliveryRequest } from './port';

// The embedded courier (COURIER=embedded, the default): a delivery company on a bare machine. Asked for a
// delivery, it sends a rider from the restaurant at once, riding the straight way to the door at a city
// cyclist's pace; where the rider is follows from the shop's clock, so tracking moves as time passes (and a
// test that moves the clock sees the rider arrive). Its books are its own table; every server process reads
// the same rider.

/** A city cyclist's average speed, and how much longer the streets are than the straight line. */
export const RIDER_MPH = 10;
export const ROAD_FACTOR = 1.3;
/** However close, a ride takes this long (parking the bike, the stairs). */
export const MIN_RIDE_MINUTES = 4;

const RIDERS = ['Marco', 'Giulia', 'Sam', 'Priya', 'Tomasz', 'Aisha', 'Leo', 'Chiara'];

export function rideMinutes(from: { lat: number; lon: number }, to: { lat: number; lon: number }): number {
  const miles = milesBetween(from, to) * ROAD_FACTOR;
  return Math.max(MIN_RIDE_MINUTES, Math.ceil((miles / RIDER_MPH) * 60));
}

type Row = typeof courierDeliveries.$inferSelect;

/** Where a delivery stands at `now`: riding (with the rider's point on the way), delivered or cancelled. */
export function deliveryAt(row: Row, now: Date): CourierDelivery {
  const pickup = { lat: row.pickupLat, lon: row.pickupLon };
  const dropoff = { lat: row.dropoffLat, lon: row.dropoffLon };
  const base = { id: row.id, pickup, dropoff, trackingUrl: null, at: now, dropoffEta: row.arrivesAt };
  if (row.canceledAt && row.canceledAt <= now) {
    return { ...base, status: 'canceled', rider: null, deliveredAt: null, dropoffEta: null };
  }
  const ride = row.arrivesAt.getTime() - row.startedAt.getTime();
  const fraction = ride <= 0 ? 1 : (now.getTime() - row.startedAt.getTime()) / ride;
  if (fraction >= 1) {
    return {
      ...base,
      status: 'delivered',
      rider: { name: row.riderName, ...dropoff },
      deliveredAt: row.arrivesAt,
    };
  }
  const point = pointAlong(pickup, dropoff, Math.max(0, fraction));
  return {
    ...base,
    status: 'dropoff',
    rider: { name: row.riderName, lat: point.lat, lon: point.lon },
    deliveredAt: null,
  };
}

export class EmbeddedCourier implements CourierService {
  readonly name = 'embedded';
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async createDelivery(request: DeliveryRequest): Promise<CourierDelivery> {
    const now = this.clock.now();
    const rider = RIDERS[randomBytes(1)[0]! % RIDERS.length]!;
    await this.db
      .insert(courierDeliveries)
      .values({
        id: `del_${randomBytes(12).toString('hex')}`,
        externalId: request.externalId,
        pickupName: request.pickup.name,
        pickupLat: request.pickup.lat,
        pickupLon: request.pickup.lon,
        dropoffName: request.dropoff.name,
        dropoffLat: request.dropoff.lat,
        dropoffLon: request.dropoff.lon,
        startedAt: now,
        arrivesAt: new Date(now.getTime() + rideMinutes(request.pickup, request.dropoff) * 60_000),
        riderName: rider,
      })
      .onConflictDoNothing({ target: courierDeliveries.externalId });
    // The same order asked twice is the first delivery.
    const [row] = await this.db
      .select()
      .from(courierDeliveries)
      .where(eq(courierDeliveries.externalId, request.externalId));
    return deliveryAt(row!, now);
  }

  async getDelivery(id: string): Promise<CourierDelivery> {
    return deliveryAt(await this.find(id), this.clock.now());
  }

  async cancelDelivery(id: string): Promise<CourierDelivery> {
    const now = this.clock.now();
    const row = await this.find(id);
    if (deliveryAt(row, now).status === 'delivered') {
      throw new CourierError('delivery_already_completed', 'The delivery has been completed', 409);
    }
    const [updated] = await this.db
      .update(courierDeliveries)
      .set({ canceledAt: row.canceledAt ?? now })
      .where(eq(courierDeliveries.id, id))
      .returning();
    return deliveryAt(updated!, now);
  }

  private async find(id: string): Promise<Row> {
    const [row] = await this.db.select().from(courierDeliveries).where(eq(courierDeliveries.id, id));
    if (!row) throw new CourierError('not_found', 'No such delivery', 404);
    return row;
  }
}
