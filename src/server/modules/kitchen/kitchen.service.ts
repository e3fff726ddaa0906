import type { Ticket } from '../../../contracts/kitchen';
import { DomainError } from '../../../domain/errors';
import {
  assertKitchenMove,
  etaOnAccept,
  TAKEAWAY_ORDER_LIFECYCLE,
  type KitchenAction,
  type SnoozeOption,
} from '../../../domain/kitchen';
import type { OrderState } from '../../../domain/orders';
import { isOpenAt, type FulfillmentType } from '../../../domain/restaurant-hours';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { moveOrderAlong, type Mover } from '../orders';
import type { TakeawayMenuService } from '../restaurants';
import { lockTakeawayRow, readTakeawayOrder, touchTakeawayOrder, type TakeawayOrderRow } from '../takeaway';
import { boardTickets, boardVersion, isKitchenTicket, lockTicket } from './kitchen.repo';
import { rejectWithRefund, type Refunds } from './rejection';
import { requireStaff, requireStaffOf } from './staff';
import { toTicket } from './ticket-view';

// The kitchen screen's use cases (issue 13 part 3): a member of staff's restaurants and their tickets as they
// arrive, each ticket's steps (acknowledge the customer's allergens, accept with a prep time, ready, out for
// delivery, delivered or collected, reject with a reason and a refund), snoozes and busy mode. Every step is
// checked against the takeaway order's table (domain/kitchen.ts), recorded in state_changes by the member of
// staff (`staff:<id>`), and takes the board's next number, which is how every screen sees it.

/** Asks the courier for a rider once an order is out (takeaway area). */
export interface Dispatcher {
  dispatch(orderId: string): Promise<void>;
}

type Step = Exclude<KitchenAction, 'acknowledge_allergens' | 'reject'>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class KitchenService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly refunds: Refunds,
    private readonly dispatcher: Dispatcher,
    private readonly menu: TakeawayMenuService,
    private readonly log: { error(details: object, message: string): void },
  ) {}

  async restaurants(staffId: string) {
    const now = this.clock.now();
    return (await requireStaff(this.db, staffId)).map(({ openingHours, ...restaurant }) => ({
      ...restaurant,
      openNow: isOpenAt(openingHours, now),
    }));
  }

  /** The board: open tickets and those done in the last two hours; with `since`, only what changed after it. */
  async tickets(staffId: string, restaurantId: string, since: number | null = null) {
    const restaurant = await requireStaffOf(this.db, staffId, restaurantId);
    const version = await boardVersion(this.db, restaurantId);
    const records = await boardTickets(this.db, restaurantId, since, this.clock.now());
    const tickets = records.map(toTicket);
    const cursor = Math.max(version, since ?? 0, ...tickets.map((ticket) => ticket.version));
    return { tickets, cursor, busyMinutes: restaurant.busyMinutes };
  }

  /** Long-poll: answers as soon as something changed after `since`, or after `waitSeconds` with nothing. */
  async waitForTickets(staffId: string, restaurantId: string, since: number, waitSeconds: number) {
    await requireStaffOf(this.db, staffId, restaurantId);
    const deadline = Date.now() + Math.min(25, waitSeconds) * 1000;
    while (Date.now() < deadline && (await boardVersion(this.db, restaurantId)) <= since) await sleep(500);
    return this.tickets(staffId, restaurantId, since);
  }

  boardVersion(restaurantId: string): Promise<number> {
    return boardVersion(this.db, restaurantId);
  }

  async ticket(staffId: string, orderId: string): Promise<Ticket> {
    const record = await readTakeawayOrder(this.db, orderId);
    if (!record || !isKitchenTicket(record.order.state)) {
      await requireStaff(this.db, staffId);
      throw new DomainError('ORDER_NOT_FOUND', 'We couldn’t find that ticket');
    }
    await this.access(staffId, record.takeaway.restaurantId);
    return toTicket(record);
  }

  /** Part 5: someone in the kitchen has read the customer's allergens (needed before accepting). */
  async acknowledgeAllergens(staffId: string, orderId: string): Promise<Ticket> {
    await this.ticket(staffId, orderId);
    await this.db.transaction(async (tx) => {
      const row = await lockTakeawayRow(tx, orderId);
      if (!row || row.allergensAcknowledgedAt) return;
      await touchTakeawayOrder(tx, orderId, {
        allergensAcknowledgedAt: this.clock.now(),
        allergensAcknowledgedBy: staffId,
      });
    });
    return this.ticket(staffId, orderId);
  }

  accept(staffId: string, orderId: string, prepMinutes: number): Promise<Ticket> {
    return this.step(staffId, orderId, 'accept', (row, now) => {
      if (row.customerAllergens.length > 0 && !row.allergensAcknowledgedAt) {
        throw new DomainError(
          'ALLERGENS_NOT_ACKNOWLEDGED',
          'This customer has allergies: read them and acknowledge them before accepting',
        );
      }
      const eta = etaOnAccept({
        now,
        prepMinutes,
        fulfillmentType: row.fulfillmentType as FulfillmentType,
        asap: row.asap,
        promised: { from: row.promisedFrom, to: row.promisedTo },
      });
      return { prepMinutes, acceptedAt: now, etaFrom: eta.from, etaTo: eta.to };
    });
  }

  ready(staffId: string, orderId: string): Promise<Ticket> {
    return this.step(staffId, orderId, 'ready', (_row, now) => ({ readyAt: now }));
  }

  async outForDelivery(staffId: string, orderId: string): Promise<Ticket> {
    await this.step(staffId, orderId, 'out_for_delivery', (row, now) => ({
      outAt: now,
      readyAt: row.readyAt ?? now,
    }));
    // The courier is asked after the step is committed; if it cannot be reached, the courier job asks again.
    await this.dispatcher.dispatch(orderId).catch((error: unknown) => {
      this.log.error({ err: error, orderId }, 'courier dispatch failed; the courier job will retry');
    });
    return this.ticket(staffId, orderId);
  }

  delivered(staffId: string, orderId: string): Promise<Ticket> {
    return this.step(staffId, orderId, 'delivered', (_row, now) => ({ deliveredAt: now }));
  }

  collected(staffId: string, orderId: string): Promise<Ticket> {
    return this.step(staffId, orderId, 'collected', (_row, now) => ({ deliveredAt: now }));
  }

  /**
   * The kitchen cannot make it: the order is dropped with the reason and its payment owed back, in one
   * transaction, and refunded after commit (rejection.ts, the path the acceptance job takes too).
   */
  async reject(staffId: string, orderId: string, reason: string): Promise<Ticket> {
    const before = await this.ticket(staffId, orderId);
    await rejectWithRefund(this.db, this.refunds, this.log, orderId, {
      by: this.by(staffId, reason),
      rejectedBy: 'kitchen',
      reason,
      decide: (state, row) =>
        assertKitchenMove('reject', {
          state,
          fulfillmentType: before.fulfillmentType,
          allergensPending: row.customerAllergens.length > 0 && !row.allergensAcknowledgedAt,
        }),
    });
    return this.ticket(staffId, orderId);
  }

  async snooze(staffId: string, restaurantId: string, productId: number, duration: SnoozeOption) {
    await requireStaffOf(this.db, staffId, restaurantId);
    return this.menu.snooze(restaurantId, productId, duration, staffId);
  }

  async unsnooze(staffId: string, restaurantId: string, productId: number) {
    await requireStaffOf(this.db, staffId, restaurantId);
    return this.menu.unsnooze(restaurantId, productId);
  }

  async busy(staffId: string, restaurantId: string, minutes: number) {
    await requireStaffOf(this.db, staffId, restaurantId);
    await this.menu.setBusy(restaurantId, minutes);
    return this.restaurants(staffId);
  }

  private by(staffId: string, reason: string | null = null): Mover {
    return { actor: `staff:${staffId}`, reason, at: this.clock.now() };
  }

  private async access(staffId: string, restaurantId: string): Promise<void> {
    const mine = await requireStaff(this.db, staffId);
    if (!mine.some((restaurant) => restaurant.id === restaurantId)) {
      throw new DomainError('ORDER_NOT_FOUND', 'We couldn’t find that ticket');
    }
  }

  /** Locks the order and its takeaway row, and checks the step against the ticket as it is now. */
  private async lockForStep(
    tx: DbOrTx,
    orderId: string,
    action: Exclude<KitchenAction, 'acknowledge_allergens'>,
    fulfillmentType: FulfillmentType,
  ): Promise<{ row: TakeawayOrderRow; to: OrderState }> {
    const ticket = await lockTicket(tx, orderId);
    if (!ticket) throw new DomainError('ORDER_NOT_FOUND', 'We couldn’t find that ticket');
    const { state, row } = ticket;
    const to = assertKitchenMove(action, {
      state,
      fulfillmentType,
      allergensPending: row.customerAllergens.length > 0 && !row.allergensAcknowledgedAt,
    });
    return { row, to };
  }

  private async step(
    staffId: string,
    orderId: string,
    action: Step,
    changes: (row: TakeawayOrderRow, now: Date) => Parameters<typeof touchTakeawayOrder>[2],
  ): Promise<Ticket> {
    const ticket = await this.ticket(staffId, orderId);
    const by = this.by(staffId);
    await this.db.transaction(async (tx) => {
      const { row, to } = await this.lockForStep(tx, orderId, action, ticket.fulfillmentType);
      const set = changes(row, by.at);
      await moveOrderAlong(tx, orderId, to, by, TAKEAWAY_ORDER_LIFECYCLE);
      await touchTakeawayOrder(tx, orderId, set);
    });
    return this.ticket(staffId, orderId);
  }
}
