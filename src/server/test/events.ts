import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { eventBookings, eventHolds, eventSlots } from '../db/schema/events';
import { API } from './api-expect';
import type { TestApp, Visitor } from './harness';
import { TEST_NOW } from './test-clock';

// Helpers for the events API tests: a slot of its own for each test (so one test's seats never touch
// another's), booking it, and reading its seats, holds and bookings as the database has them.

const HOUR = 3_600_000;

/** A slot of a demo template at a demo restaurant, `hoursAhead` of TEST_NOW, with `capacity` seats. */
export async function newSlot(
  t: TestApp,
  {
    templateId = 'fresh-pasta-class',
    restaurantId = 'soho',
    hoursAhead = 24 * 10,
    capacity = 12,
    adultPrice = 6500,
    childPrice = templateId === 'supper-club' ? null : templateId === 'kids-ravioli-morning' ? 2000 : 4500,
  }: {
    templateId?: string;
    restaurantId?: string;
    hoursAhead?: number;
    capacity?: number;
    adultPrice?: number;
    childPrice?: number | null;
  } = {},
): Promise<string> {
  const startsAt = new Date(TEST_NOW.getTime() + hoursAhead * HOUR);
  const [row] = await t.database.db
    .insert(eventSlots)
    .values({
      templateId,
      restaurantId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3 * HOUR),
      capacity,
      adultPrice,
      childPrice,
    })
    .returning({ id: eventSlots.id });
  return row!.id;
}

export interface BookingChoice {
  adults: number;
  children?: number;
  upgrades?: { upgradeId: string; quantity: number }[];
}

export function bookingBody(slotId: string, choice: BookingChoice) {
  return {
    slot_id: slotId,
    adults: choice.adults,
    ...(choice.children !== undefined ? { children: choice.children } : {}),
    ...(choice.upgrades
      ? { upgrades: choice.upgrades.map((u) => ({ upgrade_id: u.upgradeId, quantity: u.quantity })) }
      : {}),
  };
}

/** POST /orders/events, expecting it placed (201) or the same again (200): the order's id. */
export async function book(visitor: Visitor, slotId: string, choice: BookingChoice): Promise<string> {
  const placed = await visitor.post(`${API}/orders/events`, bookingBody(slotId, choice));
  expect([200, 201], JSON.stringify(placed.body)).toContain(placed.status);
  return placed.body.data[0].id as string;
}

export async function seatsLeftIn(visitor: Visitor, slotId: string): Promise<number> {
  const slot = await visitor.get(`${API}/event_slots/${slotId}`);
  expect(slot.status, JSON.stringify(slot.body)).toBe(200);
  return slot.body.data.attributes.seats_left as number;
}

export function bookingsIn(t: TestApp, slotId: string) {
  return t.database.db.select().from(eventBookings).where(eq(eventBookings.slotId, slotId));
}

export function holdsIn(t: TestApp, slotId: string) {
  return t.database.db.select().from(eventHolds).where(eq(eventHolds.slotId, slotId));
}

export async function payWith(visitor: Visitor, orderId: string, paymentMethodId: string) {
  return visitor.post(`${API}/payments`, { order_id: orderId, payment_method_id: paymentMethodId });
}
