import { and, count, desc, eq } from 'drizzle-orm';
import { londonDate, longDayLabel } from '../../../domain/calendar';
import { refundPartsLabel } from '../../../domain/event-refunds';
import { refundRuleText, seatCount, type RefundScale } from '../../../domain/events';
import type { IcsEvent } from '../../../domain/ics';
import { icsEvent } from '../../../domain/ics';
import { formatPence } from '../../../domain/money';
import type { DbOrTx } from '../../db/client';
import { eventBookingChanges, eventBookings } from '../../db/schema/events';
import { enqueueEmail, type EmailAttachment } from '../../integrations/email';
import {
  eventChangeReceipt,
  eventConfirmation,
  eventHandedOver,
  eventTransferred,
  type EmailEvent,
} from '../../integrations/email/event-templates';
import type { EmailTotals } from '../../integrations/email/templates';
import { customerContact } from '../customers';
import type { Mover } from '../orders';
import type { ShopRulesCache } from '../shop';
import { slotContexts, upgradesOf, type BookingRow, type ChangeRow, type SlotContext } from './bookings.repo';
import { changeSummary, formUrlOf, guestsLabel } from './booking-view';
import { refundPartsOf } from './change-money';
import { addressLine, slotTimeLabel } from './booking-slots';
import type { HoldRow } from './seats';

// The emails of a booking (issue 22 part 5), queued in the transaction that causes them (the outbox sends
// after commit): the confirmation with its calendar file when a booking is paid, a receipt of each change,
// and the booking handed to someone else. The reminders are reminders.ts's.

/** The booking's page: its first order's. */
export const bookingLink = (publicUrl: string, booking: Pick<BookingRow, 'orderId'>) =>
  `${publicUrl}/order/${booking.orderId}`;

/** "Thursday 10 December, 7pm – 10pm". */
export const emailWhen = (slot: { startsAt: Date; endsAt: Date }) =>
  `${longDayLabel(londonDate(slot.startsAt))}, ${slotTimeLabel(slot.startsAt, slot.endsAt)}`;

export function emailEventOf(booking: BookingRow, context: SlotContext, publicUrl: string): EmailEvent {
  return {
    title: context.template.title,
    when: emailWhen(context.slot),
    where: addressLine(context.restaurant),
    guests: guestsLabel(booking),
    link: bookingLink(publicUrl, booking),
  };
}

/**
 * The booking as a calendar entry (RFC 5545): the same UID whenever it is sent, and its SEQUENCE the number of
 * changes made to it, so a calendar replaces the entry it holds (a cancelled booking's removes it).
 */
export function calendarOf(
  booking: BookingRow,
  { slot, template, restaurant }: SlotContext,
  publicUrl: string,
  now: Date,
  sequence = 0,
): { filename: string; event: IcsEvent } {
  return {
    filename: `sfoglia-${template.id}-${londonDate(slot.startsAt)}.ics`,
    event: {
      uid: `event-booking-${booking.id}@sfoglia`,
      title: `${template.title} at ${restaurant.name}`,
      description: [
        `${guestsLabel(booking)}.`,
        template.bring.length > 0 ? `Please bring: ${template.bring.join('; ')}.` : null,
        `Your guests' allergies and diets: ${formUrlOf(publicUrl, booking)}`,
      ]
        .filter(Boolean)
        .join('\n'),
      location: addressLine(restaurant),
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      url: bookingLink(publicUrl, booking),
      now,
      sequence,
      cancelled: booking.state === 'cancelled',
    },
  };
}

/** How many changes a booking has had: its calendar entry's SEQUENCE. */
export async function calendarSequence(db: DbOrTx, bookingId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(eventBookingChanges)
    .where(eq(eventBookingChanges.bookingId, bookingId));
  return Number(row?.n ?? 0);
}

export function calendarAttachment(
  booking: BookingRow,
  context: SlotContext,
  publicUrl: string,
  now: Date,
  sequence = 0,
): EmailAttachment {
  const { filename, event } = calendarOf(booking, context, publicUrl, now, sequence);
  const method = event.cancelled ? 'CANCEL' : 'PUBLISH';
  return {
    filename,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: icsEvent(event),
  };
}

/** Who a booking's emails go to: the holder it was handed to, or its booker. */
export async function holderOf(
  db: DbOrTx,
  booking: BookingRow,
): Promise<{ email: string; firstName: string } | null> {
  if (booking.holderEmail) return { email: booking.holderEmail, firstName: booking.holderName ?? '' };
  return customerContact(db, booking.customerId);
}

async function contextOf(db: DbOrTx, booking: BookingRow): Promise<SlotContext | null> {
  return (await slotContexts(db, [booking.slotId])).get(booking.slotId) ?? null;
}

/** The confirmation of a paid booking: what, when, where, guests, add-ons, the refund rule, the form, the .ics. */
export async function queueConfirmation(
  tx: DbOrTx,
  booking: BookingRow,
  { publicUrl, scale, now }: { publicUrl: string; scale: RefundScale; now: Date },
): Promise<void> {
  const context = await contextOf(tx, booking);
  const booker = await customerContact(tx, booking.customerId);
  if (!context || !booker) return;
  const upgrades = (await upgradesOf(tx, [booking.id])).get(booking.id) ?? [];
  const { slot } = context;
  const rows: EmailTotals = [];
  if (booking.adults > 0)
    rows.push([`${booking.adults} × adult seat`, formatPence(booking.adults * slot.adultPrice), 'item']);
  if (booking.children > 0)
    rows.push([
      `${booking.children} × child seat`,
      formatPence(booking.children * (slot.childPrice ?? 0)),
      'item',
    ]);
  for (const upgrade of upgrades)
    rows.push([
      `${upgrade.quantity} × ${upgrade.title}`,
      formatPence(upgrade.quantity * upgrade.price),
      'item',
    ]);
  const total =
    booking.adults * slot.adultPrice +
    booking.children * (slot.childPrice ?? 0) +
    upgrades.reduce((sum, upgrade) => sum + upgrade.quantity * upgrade.price, 0);
  rows.push(['Total', formatPence(total), 'total']);
  await enqueueEmail(
    tx,
    eventConfirmation({
      to: booker.email,
      firstName: booker.firstName,
      event: emailEventOf(booking, context, publicUrl),
      upgrades: upgrades.map((upgrade) => `${upgrade.quantity} × ${upgrade.title}`),
      totals: rows,
      refundRule: refundRuleText(scale),
      formUrl: formUrlOf(publicUrl, booking),
      calendar: calendarAttachment(booking, context, publicUrl, now),
    }),
  );
}

/** The booker's receipt of one change: what changed, what it cost and what came back. */
export async function queueChangeReceipt(
  tx: DbOrTx,
  booking: BookingRow,
  change: ChangeRow,
  publicUrl: string,
): Promise<void> {
  const context = await contextOf(tx, booking);
  const booker = await customerContact(tx, booking.customerId);
  if (!context || !booker) return;
  const parts = refundPartsOf(change);
  // A new date updates the calendar's entry; cancelling removes it (the same UID, a higher SEQUENCE).
  const calendar =
    change.kind === 'move' || change.kind === 'cancel'
      ? calendarAttachment(booking, context, publicUrl, change.at, await calendarSequence(tx, booking.id))
      : null;
  await enqueueEmail(
    tx,
    eventChangeReceipt({
      to: booker.email,
      firstName: booker.firstName,
      event: emailEventOf(booking, context, publicUrl),
      summary: changeSummary(change),
      cancelled: change.kind === 'cancel',
      refund:
        parts.card + parts.credit > 0
          ? { label: refundPartsLabel(parts), card: parts.card > 0, credit: parts.credit > 0 }
          : null,
      paid: change.paidAmount > 0 ? formatPence(change.paidAmount) : null,
      calendar,
    }),
  );
}

/** A booking handed over: the new holder gets it with its calendar file and the form; the booker is told. */
export async function queueHandover(
  tx: DbOrTx,
  booking: BookingRow,
  { publicUrl, now }: { publicUrl: string; now: Date },
): Promise<void> {
  const context = await contextOf(tx, booking);
  const booker = await customerContact(tx, booking.customerId);
  if (!context || !booker || !booking.holderEmail || !booking.holderName) return;
  const event = emailEventOf(booking, context, publicUrl);
  await enqueueEmail(
    tx,
    eventHandedOver({
      to: booking.holderEmail,
      name: booking.holderName,
      from: booker.firstName || 'A friend',
      // The new holder has no account page for it: their link is the form's.
      event: { ...event, link: formUrlOf(publicUrl, booking) },
      formUrl: formUrlOf(publicUrl, booking),
      calendar: calendarAttachment(booking, context, publicUrl, now, await calendarSequence(tx, booking.id)),
    }),
  );
  await enqueueEmail(
    tx,
    eventTransferred({
      to: booker.email,
      firstName: booker.firstName,
      event,
      name: booking.holderName,
      email: booking.holderEmail,
    }),
  );
}

/**
 * The port event-kind.ts calls when a purchase is paid (H1's `BookingEmails`): a booking's first purchase
 * is confirmed with its calendar file; more guests and a move send the receipt of the change recorded.
 */
export function bookingEmails(publicUrl: string, rules: ShopRulesCache) {
  return {
    async confirmed(tx: DbOrTx, bookingId: string, purpose: HoldRow['purpose'], by: Mover): Promise<void> {
      const [booking] = await tx.select().from(eventBookings).where(eq(eventBookings.id, bookingId));
      if (!booking || seatCount(booking) === 0) return;
      if (purpose === 'book') {
        const scale = (await rules.get(tx)).events;
        return queueConfirmation(tx, booking, { publicUrl, scale, now: by.at });
      }
      const [change] = await tx
        .select()
        .from(eventBookingChanges)
        .where(and(eq(eventBookingChanges.bookingId, booking.id), eq(eventBookingChanges.kind, purpose)))
        .orderBy(desc(eventBookingChanges.at), desc(eventBookingChanges.id))
        .limit(1);
      if (change) await queueChangeReceipt(tx, booking, change, publicUrl);
    },
  };
}
