import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { daysBeforeInstant } from '../../../domain/events';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { eventBookings, eventSlots } from '../../db/schema/events';
import { enqueueEmail } from '../../integrations/email';
import { eventDayBefore, eventDietaryReminder } from '../../integrations/email/event-templates';
import { guestsOf, slotContexts } from './bookings.repo';
import { formUrlOf, unansweredOf } from './booking-view';
import { emailEventOf, holderOf } from './event-emails';

// The `events-remind` job (issue 22 parts 3 and 5; decision 29), every 15 minutes on the shop's clock: three
// London days before an event, the holder of each booking with guests still to answer the dietary form is
// sent the form's link and who has answered; the day before, every holder is sent the address and what to
// bring. Each is sent once: a pass claims bookings `for update skip locked` and stamps `dietary_reminded_at`
// or `reminded_at` in the transaction that queues the email (a second pass, or another worker, finds none).
// A booking made in the last days is not reminded of what its confirmation has just told it.

const BATCH = 50;
const DAY_MS = 24 * 3_600_000;

/** Queues the reminders that are due: how many bookings were looked at. */
export async function remindEvents(db: Db, clock: Clock, publicUrl: string): Promise<number> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    // Events starting within four days (a London day before can be 25 hours), not yet reminded of both.
    const claimed = await tx
      .select({ booking: eventBookings, startsAt: eventSlots.startsAt })
      .from(eventBookings)
      .innerJoin(eventSlots, eq(eventSlots.id, eventBookings.slotId))
      .where(
        and(
          eq(eventBookings.state, 'confirmed'),
          or(isNull(eventBookings.remindedAt), isNull(eventBookings.dietaryRemindedAt)),
          gt(eventSlots.startsAt, now),
          lte(eventSlots.startsAt, new Date(now.getTime() + 4 * DAY_MS)),
          isNull(eventSlots.cancelledAt),
        ),
      )
      .orderBy(asc(eventSlots.startsAt), asc(eventBookings.id))
      .limit(BATCH)
      .for('update', { of: eventBookings, skipLocked: true });
    let looked = 0;
    for (const { booking, startsAt } of claimed) {
      const dietaryAt = daysBeforeInstant(startsAt, 3);
      const dietaryDue = !booking.dietaryRemindedAt && now >= dietaryAt;
      const dayBeforeDue = !booking.remindedAt && now >= daysBeforeInstant(startsAt, 1);
      if (!dietaryDue && !dayBeforeDue) continue;
      // A late booking's confirmation has just said it all: the form's link (confirmed within a day of the
      // dietary reminder), the address and what to bring (confirmed less than a day before the start). Those
      // reminders are marked done without being sent.
      const confirmed = booking.confirmedAt?.getTime() ?? 0;
      const sendDietary = dietaryDue && confirmed <= dietaryAt.getTime() - DAY_MS;
      const sendDayBefore = dayBeforeDue && confirmed <= startsAt.getTime() - DAY_MS;
      looked += 1;
      const context = (await slotContexts(tx, [booking.slotId])).get(booking.slotId);
      const holder = await holderOf(tx, booking);
      if (!context || !holder) continue;
      const event = emailEventOf(booking, context, publicUrl);
      if (sendDietary) {
        const answers = (await guestsOf(tx, [booking.id])).get(booking.id) ?? [];
        const unanswered = unansweredOf(booking, answers.length);
        // Only a booking with guests still to answer hears of it (the day before is soon enough otherwise).
        if (unanswered > 0)
          await enqueueEmail(
            tx,
            eventDietaryReminder({
              to: holder.email,
              firstName: holder.firstName,
              event,
              answered: answers.map((answer) => answer.name),
              unanswered,
              formUrl: formUrlOf(publicUrl, booking),
            }),
          );
      }
      if (sendDayBefore)
        await enqueueEmail(
          tx,
          eventDayBefore({
            to: holder.email,
            firstName: holder.firstName,
            event,
            bring: context.template.bring,
          }),
        );
      await tx
        .update(eventBookings)
        .set({
          ...(dietaryDue ? { dietaryRemindedAt: now } : {}),
          ...(dayBeforeDue ? { remindedAt: now } : {}),
        })
        .where(eq(eventBookings.id, booking.id));
    }
    return looked;
  });
}
