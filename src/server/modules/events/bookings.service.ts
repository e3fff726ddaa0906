import type { EventBookingBody } from '../../../contracts/events';
import { DomainError } from '../../../domain/errors';
import { seatCount, type ChosenUpgrade, type RefundScale, type Seats } from '../../../domain/events';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { newToken } from '../../security/tokens';
import { creditBalance } from '../credit';
import { customerContact } from '../customers';
import {
  checkoutMeta,
  checkoutOrders,
  lockOpenCheckoutsOf,
  placeOrders,
  previewOrders,
  type CheckoutEndings,
  type CheckoutResult,
  type CheckoutRow,
  type Mover,
  type OrderDraft,
} from '../orders';
import { restaurantsOf } from '../restaurants';
import type { ShopRulesCache } from '../shop';
import {
  assertPurchase,
  chosenUpgrades,
  normaliseChoices,
  purchaseDraft,
  seatLines,
  upgradeLines,
  type UpgradeChoice,
} from './booking-pricing';
import { slotWithTemplate, upgradeRows } from './catalogue.repo';
import { SLOT_NOT_FOUND } from './catalogue.service';
import type { TemplateRow } from './catalogue-view';
import { insertBooking, lockBooking, type BookingRow } from './purchase-rows';
import {
  extendHold,
  holdOfCheckout,
  holdSeats,
  lockSlots,
  seatsTaken,
  type HoldRow,
  type SlotRow,
} from './seats';

// Booking seats at an event (issue 22 part 2; decision 29): the `event_booking` order kind's placing. Each
// purchase that adds seats (the booking itself, more guests, a move) is a checkout of one order whose lines
// name the slot, with a hold of its seats for 15 minutes while it is paid (POST /payments; event-kind.ts
// makes the paid hold the booking's). In one transaction, in the lock order: the customer's open purchases →
// the slot → the booking → the orders. The same unpaid booking again is the same order (its hold topped up
// when nearly over); a changed one replaces it (CheckoutEndings.withdraw releases its seats).

type OrderLineDraft = OrderDraft<null>['lines'][number];

export interface Purchase {
  customerId: string;
  /** Where the seats are held: the booking's slot for more guests, the new one for a move. */
  slotId: string;
  /** The seats held: the booking itself, the guests added, or every seat of a moved booking. */
  seats: Seats;
  upgrades?: readonly UpgradeChoice[];
  /** The booking's seats already in the slot (more guests: the template's most guests counts them). */
  already?: number;
  /** The lines charged; by default the seats and add-ons at the slot's prices (a move charges a difference). */
  lines?: (slot: SlotRow, template: TemplateRow, upgrades: ChosenUpgrade[]) => OrderLineDraft[];
}

export interface PlacedPurchase {
  checkout: CheckoutRow;
  orderId: string;
  hold: HoldRow;
  slot: SlotRow;
  /** Whether it was made now (false: the same purchase, still held, given back). */
  created: boolean;
}

export interface PurchaseParts {
  endings: CheckoutEndings;
  scale: RefundScale;
  by: Mover;
}

const sameChoices = (hold: HoldRow, choices: readonly UpgradeChoice[]) =>
  JSON.stringify(normaliseChoices(hold.upgrades)) === JSON.stringify(choices);

/**
 * Places one purchase of seats: a new booking (`booking` null: `book`) or more guests or a move of an existing
 * one (`add_guests`, `move`; decision 29). The customer's other unpaid purchases of the same thing (a new
 * booking; this booking) are given back unless one is this very purchase, still held. Refuses with every
 * problem at once (a `Problems` error): EVENT_GUESTS_INVALID, EVENT_SLOT_CLOSED, EVENT_SLOT_FULL,
 * EVENT_UPGRADE_INVALID.
 */
export async function placeBookingPurchase(
  tx: DbOrTx,
  purchase: Purchase & { purpose: HoldRow['purpose']; booking: BookingRow | null },
  { endings, scale, by }: PurchaseParts,
): Promise<PlacedPurchase> {
  const now = by.at;
  const choices = normaliseChoices(purchase.upgrades);
  const bookingId = purchase.booking?.id ?? null;
  // 1. The customer's open purchases of this thing, locked: two tabs booking at once take turns here.
  const open: { checkout: CheckoutRow; hold: HoldRow }[] = [];
  for (const checkout of await lockOpenCheckoutsOf(tx, purchase.customerId, 'event_booking')) {
    const hold = await holdOfCheckout(tx, checkout.id);
    if (!hold) continue;
    if (bookingId ? hold.bookingId === bookingId : hold.purpose === 'book') open.push({ checkout, hold });
  }
  for (const { checkout, hold } of open) {
    const same =
      hold.purpose === purchase.purpose &&
      hold.slotId === purchase.slotId &&
      hold.adults === purchase.seats.adults &&
      hold.children === purchase.seats.children &&
      sameChoices(hold, choices) &&
      hold.state === 'held' &&
      hold.expiresAt.getTime() > now.getTime();
    if (same) {
      const [slot] = (await lockSlots(tx, [hold.slotId])).values();
      const [order] = await checkoutOrders(tx, checkout.id, now);
      return {
        checkout,
        orderId: order!.id,
        hold: await keepHolding(tx, hold, now),
        slot: slot!,
        created: false,
      };
    }
  }
  // 2. A changed purchase replaces the unpaid one (refused while that one is being charged).
  for (const { checkout } of open)
    await endings.withdraw(tx, checkout, { ...by, reason: 'The booking changed' });

  // 3. The slot, locked; its seats counted and checked with the add-ons; the order; the hold.
  const found = await slotWithTemplate(tx, purchase.slotId);
  const slot = found && (await lockSlots(tx, [found.slot.id])).get(found.slot.id);
  if (!found || !slot) throw new DomainError('EVENT_SLOT_NOT_FOUND', SLOT_NOT_FOUND);
  const { template } = found;
  const guests = seatCount(purchase.seats) + (purchase.already ?? 0);
  const { upgrades, problems } = await chosenUpgrades(tx, template, choices, guests);
  const taken = await seatsTaken(tx, slot.id, now);
  assertPurchase(
    slot,
    template,
    purchase.seats,
    taken,
    now,
    scale.bookingClosesHours,
    problems,
    purchase.already,
  );

  const [restaurant] = await restaurantsOf(tx, [slot.restaurantId]);
  if (!restaurant) throw new DomainError('EVENT_SLOT_NOT_FOUND', SLOT_NOT_FOUND);
  const contact = await customerContact(tx, purchase.customerId);
  const lines = purchase.lines
    ? purchase.lines(slot, template, upgrades)
    : await defaultLines(tx, template, slot, purchase.seats, upgrades);
  const draft = purchaseDraft(
    template,
    slot,
    restaurant,
    { firstName: contact?.firstName ?? null, lastName: null, phone: null },
    lines,
  );
  const { checkout, orderIds } = await placeOrders(
    tx,
    {
      customerId: purchase.customerId,
      kind: 'event_booking',
      basketId: null,
      basketVersion: null,
      voucherId: null,
      subscriptionId: null,
      total: draft.total,
    },
    [draft],
    'event_booking',
    by,
  );
  const orderId = orderIds[0]!;
  const booking =
    purchase.booking ??
    (await insertBooking(tx, {
      customerId: purchase.customerId,
      orderId,
      slotId: slot.id,
      formToken: newToken(24),
      at: now,
    }));
  if (purchase.booking) await lockBooking(tx, booking.id);
  const hold = await holdSeats(
    tx,
    {
      checkoutId: checkout.id,
      bookingId: booking.id,
      purpose: purchase.purpose,
      slotId: slot.id,
      seats: purchase.seats,
      upgrades: upgrades.map((upgrade) => ({
        upgradeId: upgrade.id,
        quantity: upgrade.quantity,
        price: upgrade.price,
      })),
    },
    now,
  );
  return { checkout, orderId, hold, slot, created: true };
}

/** A hold with less than this left is held for the whole time again when its purchase is asked for again. */
export const HOLD_TOP_UP_MINUTES = 10;

/**
 * The same purchase asked for again (a reload of the payment page), its slot locked: a hold running out is
 * held again from now, so the page never promises more time than is held. Its seats still count (it has
 * not expired), so holding them longer never takes a seat someone else holds.
 */
async function keepHolding(tx: DbOrTx, hold: HoldRow, now: Date): Promise<HoldRow> {
  if (hold.expiresAt.getTime() - now.getTime() >= HOLD_TOP_UP_MINUTES * 60_000) return hold;
  await extendHold(tx, hold.checkoutId, now);
  return (await holdOfCheckout(tx, hold.checkoutId)) ?? hold;
}

/** The seats and add-ons at the slot's prices, each add-on with its picture. */
async function defaultLines(
  tx: DbOrTx,
  template: TemplateRow,
  slot: SlotRow,
  seats: Seats,
  upgrades: readonly ChosenUpgrade[],
): Promise<OrderLineDraft[]> {
  const pictures = await upgradePictures(tx, template.id);
  return [
    ...seatLines(template, slot, seats),
    ...upgradeLines(
      template,
      slot,
      upgrades.map((upgrade) => ({ ...upgrade, imageUrl: pictures.get(upgrade.id) ?? null })),
    ),
  ];
}

async function upgradePictures(tx: DbOrTx, templateId: string): Promise<Map<string, string | null>> {
  return new Map((await upgradeRows(tx, templateId)).map((row) => [row.id, row.imageUrl]));
}

const seatsOf = (body: EventBookingBody): Seats => ({ adults: body.adults, children: body.children ?? 0 });

export class EventBookingsService {
  constructor(
    private readonly db: Db,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
    private readonly endings: CheckoutEndings,
  ) {}

  /** What the booking would cost, checked like a real one (seats counted, nothing held or written). */
  async preview(customerId: string, body: EventBookingBody): Promise<CheckoutResult> {
    const rules = await this.rules.get();
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const found = await slotWithTemplate(tx, body.slotId);
      if (!found) throw new DomainError('EVENT_SLOT_NOT_FOUND', SLOT_NOT_FOUND);
      const { slot, template } = found;
      const seats = seatsOf(body);
      const choices = normaliseChoices(body.upgrades);
      const { upgrades, problems } = await chosenUpgrades(tx, template, choices, seatCount(seats));
      const taken = await seatsTaken(tx, slot.id, now);
      assertPurchase(slot, template, seats, taken, now, rules.events.bookingClosesHours, problems);
      const [restaurant] = await restaurantsOf(tx, [slot.restaurantId]);
      if (!restaurant) throw new DomainError('EVENT_SLOT_NOT_FOUND', SLOT_NOT_FOUND);
      const contact = await customerContact(tx, customerId);
      const draft = purchaseDraft(
        template,
        slot,
        restaurant,
        { firstName: contact?.firstName ?? null, lastName: null, phone: null },
        await defaultLines(tx, template, slot, seats, upgrades),
      );
      return {
        orders: previewOrders([draft], 'event_booking', now),
        meta: checkoutMeta(
          { id: 'preview', state: 'open', total: draft.total },
          await creditBalance(tx, customerId),
          rules,
          false,
        ),
        created: false,
      };
    });
  }

  /** POST /orders/events: the booking's order (201), or the same unpaid one again (200). */
  async place(customerId: string, body: EventBookingBody): Promise<CheckoutResult> {
    const rules = await this.rules.get();
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const placed = await placeBookingPurchase(
        tx,
        {
          customerId,
          purpose: 'book',
          booking: null,
          slotId: body.slotId,
          seats: seatsOf(body),
          upgrades: body.upgrades ?? [],
        },
        { endings: this.endings, scale: rules.events, by: { actor: 'customer', at: now } },
      );
      return {
        orders: await checkoutOrders(tx, placed.checkout.id, now),
        meta: {
          ...checkoutMeta(placed.checkout, await creditBalance(tx, customerId), rules, false),
          // The seats' hold by the shop's clock: the payment page counts down to it, not to the browser's.
          holdExpiresAt: placed.hold.expiresAt.toISOString(),
        },
        created: placed.created,
      };
    });
  }
}
