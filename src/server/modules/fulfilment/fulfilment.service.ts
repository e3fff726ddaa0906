import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { addDays, londonClock, type IsoDate } from '../../../domain/calendar';
import {
  nextParcelCheck,
  orderStateOfParcel,
  stepsBetween,
  type ParcelStatus,
} from '../../../domain/fulfilment';
import { DISPATCH_HOUR } from '../../../domain/plans';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { shipments } from '../../db/schema/fulfilment';
import { enqueueEmail } from '../../integrations/email';
import { orderDelivered, orderShipped } from '../../integrations/email/delivery-templates';
import { FulfilmentError, type FulfilmentPort, type Parcel } from '../../integrations/fulfilment';
import { findCustomerById } from '../customers';
import {
  emailOrderOf,
  lockOrder,
  moveOrder,
  orderLinesOf,
  orderRowOf,
  paidOrdersDue,
  type Mover,
  type OrderRow,
} from '../orders';

// Fulfilment (issue 12 part 2; decision 22), the `fulfilment-progress` job: paid boxes of every recipe-kit
// kind are handed to the warehouse at their dispatch deadline (the day before delivery, 14:00: nothing
// about them changes after that), and each parcel's progress moves its order on through submitted, packed,
// shipped and delivered, every step recorded, with emails when it is out for delivery and delivered.
// Idempotent and safe with several processes: the warehouse makes one parcel per order id, a shipment row
// per order, orders move only forward (`moveOrder` from the states before), and parcels to look at are
// claimed for a lease with `for update skip locked`. After downtime an order catches up step by step.

const KINDS = ['recipe_kit', 'one_off', 'gift_box', 'subscription'] as const;
const ACTOR = 'job:fulfilment-progress';
const TRACK_LEASE_MS = 10 * 60 * 1000;

/** The last delivery day whose boxes are handed over by `now`: tomorrow from 14:00, else today. */
export function handedOverThrough(now: Date): IsoDate {
  const { date, hours } = londonClock(now);
  return hours >= DISPATCH_HOUR ? addDays(date, 1) : date;
}

export class FulfilmentService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly port: FulfilmentPort,
    private readonly publicUrl: string,
  ) {}

  private by(reason: string | null = null): Mover {
    return { actor: ACTOR, reason, at: this.clock.now() };
  }

  /** One pass: hand over what is due, then move on what the warehouse reports. */
  async progress(): Promise<{ handedOver: number; moved: number }> {
    const handedOver = await this.handOver();
    const moved = await this.track();
    return { handedOver, moved };
  }

  /** Paid boxes past their dispatch deadline without a parcel: handed to the warehouse. */
  async handOver(batch = 100): Promise<number> {
    let count = 0;
    for (;;) {
      const due = await paidOrdersDue(this.db, {
        sources: KINDS,
        through: handedOverThrough(this.clock.now()),
        taken: (orderId) => sql`exists (select 1 from ${shipments} where ${shipments.orderId} = ${orderId})`,
        limit: batch,
      });
      let handed = 0;
      for (const order of due) {
        if (await this.handOverOne(order)) handed += 1;
      }
      count += handed;
      // A warehouse that refuses or cannot be reached now is asked again on the next pass.
      if (due.length < batch || handed === 0) return count;
    }
  }

  private async handOverOne(order: OrderRow): Promise<boolean> {
    try {
      const lines = await orderLinesOf(this.db, [order.id]);
      const customer = await findCustomerById(this.db, order.customerId);
      const address = order.shippingAddress;
      const parcel = await this.port.submitParcel({
        reference: order.id,
        orderNumber: `#${order.number}`,
        deliveryDate: order.deliveryDate as IsoDate,
        recipient: {
          name: [address.firstName, address.lastName].filter(Boolean).join(' ') || 'Customer',
          address1: address.address1 ?? '',
          address2: address.address2,
          city: address.city ?? '',
          postcode: address.zip ?? '',
          phone: address.phone,
          email: order.giftRecipient?.email ?? customer?.email ?? null,
        },
        note: order.deliveryNote,
        items: lines.map((line) => ({ sku: line.sku, title: line.title, quantity: line.quantity })),
      });
      return await this.db.transaction(async (tx) => {
        const inserted = await tx
          .insert(shipments)
          .values({
            orderId: order.id,
            provider: this.port.name,
            parcelRef: parcel.ref,
            status: 'accepted',
            trackingUrl: parcel.trackingUrl,
            nextCheckAt: this.clock.now(),
            updatedAt: this.clock.now(),
          })
          .onConflictDoNothing()
          .returning({ orderId: shipments.orderId });
        if (inserted.length === 0) return false;
        await moveOrder(tx, order.id, 'submitted', this.by('Handed to the warehouse'), ['paid']);
        return true;
      });
    } catch (error) {
      if (error instanceof FulfilmentError) return false;
      throw error;
    }
  }

  /**
   * Development only (the development mailbox on, the embedded warehouse): the box handed over now and its
   * parcel delivered now by the stand-in's courier, then moved on as the job moves every parcel, with its
   * emails. For a journey on a pinned clock that needs a box that came (issue 23: rating its dishes). Its
   * state after, or null when it is no box.
   */
  async deliverNowForDevelopment(orderId: string): Promise<string | null> {
    const order = await orderRowOf(this.db, orderId);
    const deliver = this.port.deliverNow?.bind(this.port);
    if (!order || !deliver) return null;
    if (!(KINDS as readonly string[]).includes(order.source)) return null;
    if (!['paid', 'submitted', 'packed', 'shipped'].includes(order.state)) return order.state;
    const shipment = async () =>
      (await this.db.select().from(shipments).where(eq(shipments.orderId, order.id)))[0] ?? null;
    if (!(await shipment())) await this.handOverOne(order);
    const handed = await shipment();
    if (!handed) return order.state;
    await this.record(order.id, await deliver(handed.parcelRef));
    return (await orderRowOf(this.db, order.id))?.state ?? null;
  }

  /** Parcels whose next step is due: asked about, and their orders moved on. */
  async track(batch = 100): Promise<number> {
    let moved = 0;
    for (;;) {
      const now = this.clock.now();
      const claimed = await this.db
        .update(shipments)
        .set({ nextCheckAt: new Date(now.getTime() + TRACK_LEASE_MS) })
        .where(
          inArray(
            shipments.orderId,
            this.db
              .select({ id: shipments.orderId })
              .from(shipments)
              .where(lte(shipments.nextCheckAt, now))
              .orderBy(asc(shipments.nextCheckAt))
              .limit(batch)
              .for('update', { skipLocked: true }),
          ),
        )
        .returning();
      for (const shipment of claimed) {
        try {
          const parcel = await this.port.parcel(shipment.parcelRef);
          if (await this.record(shipment.orderId, parcel)) moved += 1;
        } catch (error) {
          // Unreachable now: its lease ends and it is asked again.
          if (!(error instanceof FulfilmentError)) throw error;
        }
      }
      if (claimed.length < batch) return moved;
    }
  }

  /** Moves the order to where its parcel is, step by step, and tells the customer. */
  private record(orderId: string, parcel: Parcel): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order) return false;
      const now = this.clock.now();
      const target = orderStateOfParcel(parcel.status);
      const steps = target ? stepsBetween(order.state, target) : [];
      let current: OrderRow = order;
      for (const step of steps) {
        const next = await moveOrder(tx, order.id, step, this.by(reasonOf(parcel.status)), [current.state]);
        if (!next) break;
        current = next;
      }
      await tx
        .update(shipments)
        .set({
          status: parcel.status,
          trackingUrl: parcel.trackingUrl,
          updatedAt: now,
          nextCheckAt: nextParcelCheck(order.deliveryDate as IsoDate, order.id, parcel.status, now),
        })
        .where(eq(shipments.orderId, order.id));
      if (steps.length === 0) return false;
      await this.tell(tx, current, parcel);
      return true;
    });
  }

  /** out for delivery and delivered: one email, for the furthest step reached. */
  private async tell(tx: DbOrTx, order: OrderRow, parcel: Parcel): Promise<void> {
    if (order.state !== 'shipped' && order.state !== 'delivered') return;
    const customer = await findCustomerById(tx, order.customerId);
    if (!customer) return;
    const letter = {
      to: customer.email,
      firstName: customer.firstName,
      order: await emailOrderOf(tx, order),
    };
    const link = `${this.publicUrl}/order/${order.id}`;
    await enqueueEmail(
      tx,
      order.state === 'shipped'
        ? orderShipped({ ...letter, trackingUrl: parcel.trackingUrl, link })
        : orderDelivered({ ...letter, link }),
    );
  }
}

function reasonOf(status: ParcelStatus): string {
  switch (status) {
    case 'packed':
      return 'Packed at the warehouse';
    case 'out_for_delivery':
      return 'Out for delivery';
    case 'delivered':
      return 'Delivered';
    default:
      return 'At the warehouse';
  }
}
