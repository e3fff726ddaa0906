import { and, eq, inArray } from 'drizzle-orm';
import type { EventBooking, EventChangeBody, EventChangeQuote } from '../../../contracts/events';
import { DomainError } from '../../../domain/errors';
import type { RefundParts } from '../../../domain/event-refunds';
import { pence } from '../../../domain/money';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import {
  eventBookingChanges,
  eventBookings,
  eventBookingUpgrades,
  eventGuests,
} from '../../db/schema/events';
import { addCredit } from '../credit';
import {
  lockInOrder,
  orderOwnerOf,
  type CheckoutEndings,
  type CheckoutRow,
  type Mover,
  type OrderDraft,
} from '../orders';
import { requestPartRefund } from '../payments';
import type { ShopRulesCache } from '../shop';
import { sittingLabel } from './booking-pricing';
import { placeBookingPurchase } from './bookings.service';
import { holdsOfBooking, type BookingRow } from './bookings.repo';
import {
  creditReason,
  decideChange,
  quoteOf,
  summaryOf,
  type BookingNow,
  type ChangeDecision,
} from './changes';
import { refundColumns } from './change-money';
import { bookingNow, moveTarget } from './change-reads';
import { queueChangeReceipt, queueHandover } from './event-emails';
import { assertQuoteKept } from './quote-check';
import type { MyBookingsService } from './my-bookings.service';
import { dateBookingOrder, lockBooking } from './purchase-rows';
import { lockSlots, seatsTaken, type SlotRow } from './seats';
import type { TemplateRow } from './catalogue-view';

// Changing a paid booking (issue 22 part 4; decision 29): quoted first, then made in one transaction in the
// lock order (the booking's checkouts → its slots → the booking). More guests and a dearer date are a purchase
// to pay (bookings.service's placeBookingPurchase holds their seats); fewer guests, a cheaper date and
// cancelling give back per the scale: to the card as part refunds of the booking's paid checkouts, newest
// first (refunded after commit by PaymentsService.refundOwed: `refundCheckouts`), and whatever cannot go to a
// card, or all of it on a credit step, as store credit. Every change is recorded with its money and actor.

type OrderLineDraft = OrderDraft<null>['lines'][number];

export interface ChangeMade {
  booking: EventBooking;
  quote: EventChangeQuote;
  /** The order to pay (more guests, a dearer date). */
  payOrderId: string | null;
  /** Checkouts with part refunds owed: refund them once committed. */
  refundCheckouts: string[];
  /** A purchase replaced an unpaid one: its processor intent may be cancelled once committed. */
  replacedPurchase: boolean;
}

export class BookingChangesService {
  constructor(
    private readonly db: Db,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
    private readonly endings: CheckoutEndings,
    private readonly bookings: MyBookingsService,
  ) {}

  /** POST /event_bookings/{orderId}/quote: what the change would do now, changing nothing. */
  async quote(customerId: string, orderId: string, body: EventChangeBody): Promise<EventChangeQuote> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const scale = (await this.rules.get(tx)).events;
      const booking = await this.bookings.bookerBooking(tx, customerId, orderId);
      const current = await bookingNow(tx, booking);
      const decision = decideChange(body, current, await moveTarget(tx, body, now), scale, now);
      return quoteOf(decision, current, scale, now);
    });
  }

  /** POST /event_bookings/{orderId}/changes: the change made (idempotent by its route's key). */
  async change(customerId: string, orderId: string, body: EventChangeBody): Promise<ChangeMade> {
    const now = this.clock.now();
    const by: Mover = { actor: 'customer', at: now };
    return this.db.transaction(async (tx) => {
      const scale = (await this.rules.get(tx)).events;
      const seen = await this.bookings.bookerBooking(tx, customerId, orderId);
      const seenNow = await bookingNow(tx, seen);
      const first = decideChange(body, seenNow, await moveTarget(tx, body, now), scale, now);
      if (
        (first.kind === 'add_guests' || first.kind === 'move') &&
        (first.kind === 'add_guests' || first.toPay > 0)
      ) {
        const quoted = quoteOf(first, seenNow, scale, now);
        assertQuoteKept(body.expect, quoted, { startsAt: seenNow.context.slot.startsAt, scale, now });
        return this.purchase(tx, seen, first, scale, by);
      }

      // The lock order: the booking's checkouts (paid, and any purchase still being paid) → its slots → it.
      const holds = await holdsOfBooking(tx, seen.id);
      const paidCheckouts = holds.filter((hold) => hold.state === 'paid').map((hold) => hold.checkoutId);
      const pending = holds.filter((hold) => hold.state === 'held').map((hold) => hold.checkoutId);
      const { checkouts } = await lockInOrder(tx, { checkoutIds: [...paidCheckouts, ...pending] });
      const target = first.kind === 'move' ? first.target.slot.id : null;
      await lockSlots(tx, target ? [seen.slotId, target] : [seen.slotId]);
      const locked = await lockBooking(tx, seen.id);
      if (!locked) throw new DomainError('BOOKING_NOT_FOUND', 'We could not find that booking');
      const current = await bookingNow(tx, locked);
      const decision = decideChange(body, current, await moveTarget(tx, body, now), scale, now);
      const quote = quoteOf(decision, current, scale, now);
      assertQuoteKept(body.expect, quote, { startsAt: current.context.slot.startsAt, scale, now });

      // A purchase still being paid is given up: the booking it would change is changing now.
      if (decision.kind !== 'transfer') await this.withdrawPending(tx, pending, checkouts, by);
      const refunded = await this.giveBack(tx, locked, decision, paidCheckouts, by);
      const after = await this.apply(tx, locked, decision, now);
      const change = await this.record(tx, current, after, decision, refunded.parts, by);
      if (decision.kind === 'transfer') await queueHandover(tx, after, { publicUrl: this.publicUrl(), now });
      await queueChangeReceipt(tx, after, change, this.publicUrl());
      return {
        booking: await this.bookings.view(tx, after),
        quote,
        payOrderId: null,
        refundCheckouts: refunded.checkouts,
        replacedPurchase: false,
      };
    });
  }

  private publicUrl(): string {
    return this.bookings.publicUrl;
  }

  /** More guests, or a dearer date: an order of its own to pay, the seats held meanwhile. */
  private async purchase(
    tx: DbOrTx,
    booking: BookingRow,
    decision: Extract<ChangeDecision, { kind: 'add_guests' | 'move' }>,
    scale: Awaited<ReturnType<ShopRulesCache['get']>>['events'],
    by: Mover,
  ): Promise<ChangeMade> {
    const current = await bookingNow(tx, booking);
    const placed = await placeBookingPurchase(
      tx,
      decision.kind === 'add_guests'
        ? {
            customerId: booking.customerId,
            purpose: 'add_guests',
            booking,
            slotId: booking.slotId,
            seats: decision.added,
            already: booking.adults + booking.children,
          }
        : {
            customerId: booking.customerId,
            purpose: 'move',
            booking,
            slotId: decision.target.slot.id,
            seats: { adults: booking.adults, children: booking.children },
            lines: (slot, template) => [differenceLine(template, slot, decision.toPay)],
          },
      { endings: this.endings, scale, by },
    );
    const locked = await lockBooking(tx, booking.id);
    if (locked?.state !== 'confirmed')
      throw new DomainError('BOOKING_CHANGE_CLOSED', 'This booking is cancelled, so it cannot be changed.');
    return {
      booking: await this.bookings.view(tx, locked),
      quote: quoteOf(decision, current, scale, by.at),
      payOrderId: placed.orderId,
      refundCheckouts: [],
      replacedPurchase: placed.created,
    };
  }

  private async withdrawPending(
    tx: DbOrTx,
    pending: readonly string[],
    checkouts: ReadonlyMap<string, CheckoutRow>,
    by: Mover,
  ): Promise<void> {
    for (const id of pending) {
      const checkout = checkouts.get(id);
      if (checkout?.state === 'open')
        await this.endings.withdraw(tx, checkout, { ...by, reason: 'The booking was changed' });
    }
  }

  /** What the change gives back: to the card (part refunds, newest payment first) and the rest as credit. */
  private async giveBack(
    tx: DbOrTx,
    booking: BookingRow,
    decision: ChangeDecision,
    paidCheckouts: readonly string[],
    by: Mover,
  ): Promise<{ parts: RefundParts; checkouts: string[] }> {
    if (!('refund' in decision) || decision.refund.as === 'none')
      return { parts: { card: 0, credit: 0 }, checkouts: [] };
    const { amount } = decision.refund;
    const number = (await orderOwnerOf(tx, booking.orderId))?.number ?? 0;
    const reason = creditReason(decision, booking, number);
    let toCredit = amount;
    let checkouts: string[] = [];
    if (decision.refund.as === 'card') {
      const part = await requestPartRefund(tx, { checkoutIds: paidCheckouts, amount, reason, by });
      toCredit = part.toCredit;
      checkouts = part.rows.length > 0 ? [...paidCheckouts] : [];
    }
    if (toCredit > 0)
      await addCredit(tx, {
        customerId: booking.customerId,
        amount: toCredit,
        reason: 'event_refund',
        description: reason,
        reference: booking.orderId,
        at: by.at,
      });
    return { parts: { card: amount - toCredit, credit: toCredit }, checkouts };
  }

  /** The booking as the change leaves it. */
  private async apply(
    tx: DbOrTx,
    booking: BookingRow,
    decision: ChangeDecision,
    now: Date,
  ): Promise<BookingRow> {
    const set: Partial<typeof eventBookings.$inferInsert> = { updatedAt: now };
    if (decision.kind === 'remove_guests') {
      Object.assign(set, decision.seats);
      for (const upgrade of decision.upgrades)
        await tx
          .update(eventBookingUpgrades)
          .set({ quantity: upgrade.quantity })
          .where(
            and(
              eq(eventBookingUpgrades.bookingId, booking.id),
              eq(eventBookingUpgrades.upgradeId, upgrade.upgradeId),
            ),
          );
      if (decision.drops.length > 0)
        await tx.delete(eventGuests).where(
          inArray(
            eventGuests.id,
            decision.drops.map((guest) => guest.id),
          ),
        );
    } else if (decision.kind === 'move') {
      // Seats for everyone at the new date, counted under its lock (the decision counted them unlocked).
      const taken = await seatsTaken(tx, decision.target.slot.id, now);
      if (taken + booking.adults + booking.children > decision.target.slot.capacity)
        throw new DomainError(
          'EVENT_SLOT_FULL',
          'Sorry, that date has just filled up. Please choose another.',
        );
      set.slotId = decision.target.slot.id;
      await dateBookingOrder(tx, booking, decision.target.slot.startsAt, now);
    } else if (decision.kind === 'transfer') {
      Object.assign(set, { holderName: decision.name, holderEmail: decision.email });
    } else if (decision.kind === 'cancel') {
      set.state = 'cancelled';
    }
    const [after] = await tx
      .update(eventBookings)
      .set(set)
      .where(eq(eventBookings.id, booking.id))
      .returning();
    return after!;
  }

  private async record(
    tx: DbOrTx,
    current: BookingNow,
    after: BookingRow,
    decision: ChangeDecision,
    refunded: RefundParts,
    by: Mover,
  ) {
    const side = (booking: BookingRow, slot: SlotRow) => ({
      adults: booking.adults,
      children: booking.children,
      slotId: slot.id,
      startsAt: slot.startsAt.toISOString(),
      endsAt: slot.endsAt.toISOString(),
      holderName: booking.holderName,
      holderEmail: booking.holderEmail,
    });
    const to = decision.kind === 'move' ? decision.target.slot : current.context.slot;
    const money = refundColumns(refunded);
    const [change] = await tx
      .insert(eventBookingChanges)
      .values({
        bookingId: after.id,
        kind: decision.kind,
        before: side(current.booking, current.context.slot),
        after: {
          ...side(after, to),
          summary: summaryOf(decision, current),
          takenOff: 'takenOff' in decision ? decision.takenOff : 0,
          ...money.after,
        },
        refundAmount: money.refundAmount,
        refundAs: money.refundAs,
        paidAmount: 0,
        actor: by.actor,
        at: by.at,
      })
      .returning();
    return change!;
  }
}

/** A dearer date's one line: the difference in the seats' price, for the new date. */
function differenceLine(template: TemplateRow, slot: SlotRow, amount: number): OrderLineDraft {
  return {
    productVariantId: null,
    productVariantExtId: `event:${template.id}:move`,
    title: 'Date change',
    variantTitle: sittingLabel(template, slot),
    sku: `EV-${template.id}-MOVE`.toUpperCase(),
    imageUrl: template.images[0] ?? null,
    tags: ['event'],
    price: pence(amount),
    quantity: 1,
    discount: pence(0),
    total: pence(amount),
    isAddon: false,
    eventSlotId: slot.id,
  };
}
