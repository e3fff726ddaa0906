import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { parcelStatusAt, parcelTimes } from '../../../domain/fulfilment';
import type { IsoDate } from '../../../domain/calendar';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { sandboxParcels } from '../../db/schema/fulfilment';
import { FulfilmentError, type FulfilmentPort, type Parcel } from './port';

// The embedded warehouse and courier (a stand-in for a 3PL on a bare machine). It keeps its own books
// (sandbox_parcels), accepts parcels once per reference, and moves them on the shop's clock: packed the
// evening before delivery, out for delivery on the day's morning, delivered later that day
// (domain/fulfilment.ts). Each step is written in its books when someone first asks after it happened.

type ParcelRow = typeof sandboxParcels.$inferSelect;

export function createEmbeddedFulfilment(db: Db, clock: Clock, publicUrl: string): FulfilmentPort {
  const view = (row: ParcelRow): Parcel => ({
    ref: row.id,
    status: row.status as Parcel['status'],
    trackingUrl: `${publicUrl}/order/${row.reference}`,
  });

  /** Brings a parcel's books up to the shop's clock. */
  const advance = async (row: ParcelRow): Promise<ParcelRow> => {
    if (row.status === 'delivered' || row.status === 'cancelled') return row;
    const now = clock.now();
    const status = parcelStatusAt(row.deliveryDate as IsoDate, row.reference, now);
    if (status === row.status) return row;
    const times = parcelTimes(row.deliveryDate as IsoDate, row.reference);
    const [updated] = await db
      .update(sandboxParcels)
      .set({
        status,
        packedAt: row.packedAt ?? (status !== 'accepted' ? times.packed : null),
        outForDeliveryAt:
          row.outForDeliveryAt ??
          (status === 'out_for_delivery' || status === 'delivered' ? times.outForDelivery : null),
        deliveredAt: status === 'delivered' ? times.delivered : null,
      })
      .where(eq(sandboxParcels.id, row.id))
      .returning();
    return updated ?? row;
  };

  return {
    name: 'embedded',
    async submitParcel(request) {
      if (request.items.length === 0) throw new FulfilmentError('A parcel needs at least one item', 400);
      await db
        .insert(sandboxParcels)
        .values({
          id: `parcel_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
          reference: request.reference,
          deliveryDate: request.deliveryDate,
          postcode: request.recipient.postcode,
          items: request.items.map((item) => `${item.quantity} × ${item.sku}`).join(', '),
          acceptedAt: clock.now(),
        })
        .onConflictDoNothing({ target: sandboxParcels.reference });
      const [row] = await db
        .select()
        .from(sandboxParcels)
        .where(eq(sandboxParcels.reference, request.reference));
      return view(await advance(row!));
    },
    async parcel(ref) {
      const [row] = await db.select().from(sandboxParcels).where(eq(sandboxParcels.id, ref));
      if (!row) throw new FulfilmentError(`No parcel ${ref}`, 404);
      return view(await advance(row));
    },
    async deliverNow(ref) {
      const now = clock.now();
      const [row] = await db.select().from(sandboxParcels).where(eq(sandboxParcels.id, ref));
      if (!row) throw new FulfilmentError(`No parcel ${ref}`, 404);
      if (row.status === 'cancelled') return view(row);
      const [updated] = await db
        .update(sandboxParcels)
        .set({
          status: 'delivered',
          packedAt: row.packedAt ?? now,
          outForDeliveryAt: row.outForDeliveryAt ?? now,
          deliveredAt: row.deliveredAt ?? now,
        })
        .where(eq(sandboxParcels.id, ref))
        .returning();
      return view(updated ?? row);
    },
  };
}
