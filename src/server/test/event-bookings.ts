import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { eventBookings, eventSlots } from '../db/schema/events';
import { addStaff } from '../modules/kitchen';
import { PASSWORD, signIn, uniqueEmail } from './accounts';
import { API } from './api-expect';
import { CARDS, saveCard, shopper, type Shopper } from './checkout';
import type { TestApp, Visitor } from './harness';

// Paid event bookings for the booking's own tests (issue 22): a slot of the fresh-pasta class at a given
// London instant (£65 an adult, £45 a child, 12 seats), booked with POST /orders/events and paid by card.

export const CLASS = 'fresh-pasta-class';

/** A slot of a template at `startsAt` (three hours long) at a restaurant: its id. */
export async function eventSlotAt(
  t: TestApp,
  startsAt: string,
  values: Partial<typeof eventSlots.$inferInsert> = {},
): Promise<string> {
  const start = new Date(startsAt);
  const [row] = await t.database.db
    .insert(eventSlots)
    .values({
      templateId: CLASS,
      restaurantId: 'soho',
      startsAt: start,
      endsAt: new Date(start.getTime() + 3 * 3_600_000),
      capacity: 12,
      adultPrice: 6500,
      childPrice: 4500,
      ...values,
    })
    .returning({ id: eventSlots.id });
  return row!.id;
}

export interface Booker extends Shopper {
  card: string;
}

export async function booker(t: TestApp): Promise<Booker> {
  const s = await shopper(t, { firstName: 'Ada' });
  return { ...s, card: await saveCard(t, s, CARDS.visa) };
}

/** Pays an order of the booker's with their saved card. */
export async function payOrder(b: Booker, orderId: string) {
  const paid = await b.visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: b.card });
  expect(paid.status, JSON.stringify(paid.body)).toBeLessThan(300);
  expect(paid.body.data.attributes.status).toBe('succeeded');
  return paid;
}

/** A paid booking of `slotId`: its order id (the booking's name in URLs). */
export async function paidBooking(
  t: TestApp,
  b: Booker,
  slotId: string,
  seats: { adults: number; children?: number; upgrades?: { upgrade_id: string; quantity: number }[] },
): Promise<string> {
  const placed = await b.visitor.post(`${API}/orders/events`, {
    slot_id: slotId,
    adults: seats.adults,
    ...(seats.children ? { children: seats.children } : {}),
    ...(seats.upgrades ? { upgrades: seats.upgrades } : {}),
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const orderId = placed.body.data[0].id as string;
  await payOrder(b, orderId);
  const [row] = await t.database.db.select().from(eventBookings).where(eq(eventBookings.orderId, orderId));
  expect(row?.state).toBe('confirmed');
  return orderId;
}

/** A member of a restaurant's staff, signed in in a browser of their own. */
export async function staffOf(t: TestApp, restaurantId: string): Promise<Visitor> {
  const email = uniqueEmail('host');
  await addStaff(t.database.db, { email, restaurantId, password: PASSWORD });
  const visitor = t.visitor();
  await signIn(visitor, email);
  return visitor;
}

export async function formKeyOf(t: TestApp, orderId: string): Promise<string> {
  const [row] = await t.database.db.select().from(eventBookings).where(eq(eventBookings.orderId, orderId));
  return row!.formToken;
}
