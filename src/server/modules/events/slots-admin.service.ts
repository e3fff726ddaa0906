import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type {
  EventSlotAdminChange,
  EventSlotAdminNew,
  EventSlotAdminView,
  EventTemplateAdminView,
} from '../../../contracts/back-office-events';
import { isoDate, londonDate, londonInstant } from '../../../domain/calendar';
import { DomainError, FieldErrors } from '../../../domain/errors';
import { slotPriceProblems, slotWhenProblems } from '../../../domain/event-slot-admin';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { eventSlots, eventTemplates } from '../../db/schema/events';
import { findCustomerById } from '../customers';
import { activeRestaurants, restaurantsOf } from '../restaurants';
import { recordChange, requireCapability } from '../staff';
import { lockSlots, seatsTaken, seatsTakenIn, type SlotRow } from './seats';

// The events in the back office (issue 25 part 3, "event slots and capacity"): owners, managers and events
// hosts list the coming sittings of every event with their seats taken, put a new date on sale, and change a
// sitting's seats and prices. Seats never go below those taken: the change locks the slot's row, as every
// buyer of its seats does (seats.ts), and counts under that lock, so a booking and a change take turns.
// Every change is audited in its transaction. The public event pages read slots straight from the table, so a
// new date is on sale at once.

const TEMPLATE_NOT_FOUND = 'We couldn’t find that event: reload the page.';
const RESTAURANT_NOT_FOUND = 'We couldn’t find that restaurant: reload the page.';
const SLOT_NOT_FOUND = 'We couldn’t find that date: it may have been cancelled. Reload the list.';

interface Actor {
  id: string;
  email: string;
}

export class EventSlotsAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private async actor(customerId: string): Promise<Actor> {
    await requireCapability(this.db, customerId, 'events');
    const me = await findCustomerById(this.db, customerId);
    return { id: customerId, email: me?.email ?? 'unknown' };
  }

  /** GET /back_office/event_templates: the events a date can be of, and the open restaurants. */
  async templates(
    customerId: string,
  ): Promise<{ templates: EventTemplateAdminView[]; restaurants: { id: string; name: string }[] }> {
    await this.actor(customerId);
    const rows = await this.db
      .select()
      .from(eventTemplates)
      .where(eq(eventTemplates.active, true))
      .orderBy(asc(eventTemplates.position), asc(eventTemplates.title));
    const restaurants = (await activeRestaurants(this.db)).map(({ id, name }) => ({ id, name }));
    return {
      templates: rows.map((row) => ({
        id: row.id,
        title: row.title,
        durationMinutes: row.durationMinutes,
        adultPrice: row.adultPrice,
        childPrice: row.childPrice,
        maxGuests: row.maxGuests,
      })),
      restaurants,
    };
  }

  /** GET /back_office/event_slots: the sittings not over by `from` (a London day; default now), soonest first. */
  async list(customerId: string, from?: string): Promise<EventSlotAdminView[]> {
    await this.actor(customerId);
    const now = this.clock.now();
    const start = from ? londonInstant(isoDate(from), 0) : now;
    const rows = await this.db
      .select()
      .from(eventSlots)
      .where(and(gt(eventSlots.endsAt, start), isNull(eventSlots.cancelledAt)))
      .orderBy(asc(eventSlots.startsAt), asc(eventSlots.id))
      .limit(200);
    return this.views(
      this.db,
      rows,
      await seatsTakenIn(
        this.db,
        rows.map((row) => row.id),
        now,
      ),
    );
  }

  /** POST /back_office/event_slots: a new date on sale. */
  async create(customerId: string, body: EventSlotAdminNew): Promise<EventSlotAdminView> {
    const actor = await this.actor(customerId);
    const now = this.clock.now();
    const [template] = await this.db
      .select()
      .from(eventTemplates)
      .where(and(eq(eventTemplates.id, body.templateId), eq(eventTemplates.active, true)));
    if (!template) throw new DomainError('EVENT_NOT_FOUND', TEMPLATE_NOT_FOUND);
    const [restaurant] = await restaurantsOf(this.db, [body.restaurantId]);
    if (!restaurant) throw new DomainError('RESTAURANT_NOT_FOUND', RESTAURANT_NOT_FOUND);
    const problems = [
      ...slotWhenProblems(isoDate(body.date), body.startTime, londonDate(now)),
      ...slotPriceProblems(body, template.childPrice !== null),
    ];
    if (problems.length > 0) throw new FieldErrors(problems);
    const [hours, minutes] = body.startTime.split(':').map(Number) as [number, number];
    const startsAt = londonInstant(isoDate(body.date), hours, minutes);
    return this.db.transaction(async (tx) => {
      // The event's row is locked so two adds of the same date (a double click, two tabs) take turns, and the
      // second finds the first: nothing else locks an event's row, so no lock order is crossed.
      await tx
        .select({ id: eventTemplates.id })
        .from(eventTemplates)
        .where(eq(eventTemplates.id, template.id))
        .for('update');
      const [twin] = await tx
        .select({ id: eventSlots.id })
        .from(eventSlots)
        .where(
          and(
            eq(eventSlots.templateId, template.id),
            eq(eventSlots.restaurantId, restaurant.id),
            eq(eventSlots.startsAt, startsAt),
            isNull(eventSlots.cancelledAt),
          ),
        );
      if (twin) {
        throw new DomainError(
          'CONFLICT',
          `${template.title} is already on at ${restaurant.name} at that time.`,
        );
      }
      const [row] = await tx
        .insert(eventSlots)
        .values({
          templateId: template.id,
          restaurantId: restaurant.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + template.durationMinutes * 60_000),
          capacity: body.capacity,
          adultPrice: body.adultPrice,
          childPrice: body.childPrice,
        })
        .returning();
      const [view] = await this.views(tx, [row!], new Map());
      await recordChange(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'event_slot.create',
        subjectType: 'event_slot',
        subjectId: row!.id,
        after: view,
        at: now,
      });
      return view!;
    });
  }

  /** PATCH /back_office/event_slots/{id}: seats and prices, never below the seats taken. */
  async change(customerId: string, id: string, body: EventSlotAdminChange): Promise<EventSlotAdminView> {
    const actor = await this.actor(customerId);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const slot = (await lockSlots(tx, [id])).get(id);
      if (!slot || slot.cancelledAt) throw new DomainError('EVENT_SLOT_NOT_FOUND', SLOT_NOT_FOUND);
      if (slot.startsAt <= now) {
        throw new DomainError(
          'CONFLICT',
          'This date has started or passed: its seats and prices stay as they were.',
        );
      }
      const [template] = await tx.select().from(eventTemplates).where(eq(eventTemplates.id, slot.templateId));
      const problems = slotPriceProblems(body, template?.childPrice != null);
      if (problems.length > 0) throw new FieldErrors(problems);
      const taken = await seatsTaken(tx, id, now);
      if (body.capacity < taken) {
        throw new DomainError(
          'CONFLICT',
          `${taken} ${taken === 1 ? 'seat is' : 'seats are'} already taken: seats can’t go below ${taken}.`,
          { seatsTaken: taken },
        );
      }
      const seats = new Map([[id, taken]]);
      const [before] = await this.views(tx, [slot], seats);
      const [after] = await tx
        .update(eventSlots)
        .set({ capacity: body.capacity, adultPrice: body.adultPrice, childPrice: body.childPrice })
        .where(eq(eventSlots.id, id))
        .returning();
      const [view] = await this.views(tx, [after!], seats);
      await recordChange(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'event_slot.update',
        subjectType: 'event_slot',
        subjectId: id,
        before,
        after: view,
        at: now,
      });
      return view!;
    });
  }

  private async views(
    db: DbOrTx,
    rows: readonly SlotRow[],
    taken: ReadonlyMap<string, number>,
  ): Promise<EventSlotAdminView[]> {
    if (rows.length === 0) return [];
    const titles = new Map(
      (
        await db
          .select({ id: eventTemplates.id, title: eventTemplates.title })
          .from(eventTemplates)
          .where(inArray(eventTemplates.id, [...new Set(rows.map((row) => row.templateId))]))
      ).map((row) => [row.id, row.title]),
    );
    const names = new Map(
      (await restaurantsOf(db, [...new Set(rows.map((row) => row.restaurantId))])).map((row) => [
        row.id,
        row.name,
      ]),
    );
    return rows.map((row) => ({
      id: row.id,
      templateId: row.templateId,
      title: titles.get(row.templateId) ?? row.templateId,
      restaurantId: row.restaurantId,
      restaurantName: names.get(row.restaurantId) ?? row.restaurantId,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      capacity: row.capacity,
      seatsTaken: taken.get(row.id) ?? 0,
      adultPrice: row.adultPrice,
      childPrice: row.childPrice,
    }));
  }
}
