import { londonDate, timeLabel } from '../../../domain/calendar';
import { DomainError, Problems, type Problem } from '../../../domain/errors';
import {
  seatCount,
  seatProblems,
  ticketsPrice,
  upgradeProblem,
  upgradesPrice,
  type ChosenUpgrade,
  type Seats,
} from '../../../domain/events';
import { pence } from '../../../domain/money';
import type { DbOrTx } from '../../db/client';
import type { OrderDraft } from '../orders';
import type { RestaurantRow } from '../restaurants';
import { restaurantAddress } from '../takeaway';
import { upgradeRows } from './catalogue.repo';
import type { SlotRow } from './seats';
import { slotDateLabel, type TemplateRow } from './catalogue-view';

// Pricing a purchase of seats (issue 22 part 2; decision 29): what is in the way of it at `now` (every problem
// at once, a `Problems` error), and the order it makes: "Adult seat" × adults and "Child seat" × children at
// the slot's prices, then each add-on, every line naming its slot (spec §3 Line item eventSlotId).

export interface UpgradeChoice {
  upgradeId: string;
  quantity: number;
}

type OrderLineDraft = OrderDraft<null>['lines'][number];

/** Add-ons chosen twice are one choice of their quantities together, in id order. */
export function normaliseChoices(choices: readonly UpgradeChoice[] = []): UpgradeChoice[] {
  const merged = new Map<string, number>();
  for (const choice of choices)
    merged.set(choice.upgradeId, (merged.get(choice.upgradeId) ?? 0) + choice.quantity);
  return [...merged]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([upgradeId, quantity]) => ({ upgradeId, quantity }));
}

/**
 * The add-ons chosen, as the template offers them, with what is wrong with them (EVENT_UPGRADE_INVALID): one
 * not offered, or another event's, or too many for `guests`.
 */
export async function chosenUpgrades(
  tx: DbOrTx,
  template: TemplateRow,
  choices: readonly UpgradeChoice[],
  guests: number,
): Promise<{ upgrades: ChosenUpgrade[]; problems: Problem[] }> {
  if (choices.length === 0) return { upgrades: [], problems: [] };
  const offered = new Map((await upgradeRows(tx, template.id)).map((row) => [row.id, row]));
  const upgrades: ChosenUpgrade[] = [];
  const problems: Problem[] = [];
  for (const choice of choices) {
    const row = offered.get(choice.upgradeId);
    if (!row) {
      problems.push({
        code: 'EVENT_UPGRADE_INVALID',
        detail: `That add-on is not offered with ${template.title}. Please choose from its own add-ons.`,
        meta: { upgradeId: choice.upgradeId },
      });
      continue;
    }
    upgrades.push({
      id: row.id,
      title: row.title,
      price: row.price,
      quantity: choice.quantity,
      perGuest: row.perGuest,
    });
  }
  const wrong = upgradeProblem(upgrades, guests);
  if (wrong) problems.push({ code: 'EVENT_UPGRADE_INVALID', detail: wrong });
  return { upgrades, problems };
}

/**
 * Refuses a purchase of `seats` in a locked slot whose seats taken (by others) are `taken`: every seat and
 * add-on problem at once. `already` is the booking's own seats in it (more guests).
 */
export function assertPurchase(
  slot: SlotRow,
  template: TemplateRow,
  seats: Seats,
  taken: number,
  now: Date,
  closesHours: number,
  upgradeProblems: readonly Problem[],
  already = 0,
): void {
  const problems: Problem[] = [
    ...seatProblems(
      { startsAt: slot.startsAt, capacity: slot.capacity, taken, cancelled: slot.cancelledAt !== null },
      { title: template.title, childPrice: slot.childPrice, maxGuests: template.maxGuests },
      seats,
      now,
      closesHours,
      already,
    ),
    ...upgradeProblems,
  ];
  if (problems.length > 0) throw new Problems(problems);
}

/** "Fresh pasta class, Thu 26 Nov at 7pm": what a line's seats are for. */
export function sittingLabel(template: Pick<TemplateRow, 'title'>, slot: SlotRow): string {
  return `${template.title}, ${slotDateLabel(slot.startsAt)} at ${timeLabel(slot.startsAt)}`;
}

/** The seats' lines at the slot's prices (none for 0 of a kind). */
export function seatLines(template: TemplateRow, slot: SlotRow, seats: Seats): OrderLineDraft[] {
  const sitting = sittingLabel(template, slot);
  const seat = (kind: 'adult' | 'child', title: string, price: number, quantity: number): OrderLineDraft => ({
    productVariantId: null,
    productVariantExtId: `event:${template.id}:${kind}`,
    title,
    variantTitle: sitting,
    sku: `EV-${template.id}-${kind}`.toUpperCase(),
    imageUrl: template.images[0] ?? null,
    tags: ['event'],
    price: pence(price),
    quantity,
    discount: pence(0),
    total: pence(price * quantity),
    isAddon: false,
    eventSlotId: slot.id,
  });
  return [
    ...(seats.adults > 0 ? [seat('adult', 'Adult seat', slot.adultPrice, seats.adults)] : []),
    ...(seats.children > 0 ? [seat('child', 'Child seat', slot.childPrice ?? 0, seats.children)] : []),
  ];
}

/** Each add-on's line, naming the slot it is for. */
export function upgradeLines(
  template: TemplateRow,
  slot: SlotRow,
  upgrades: readonly (ChosenUpgrade & { imageUrl?: string | null })[],
): OrderLineDraft[] {
  return upgrades.map((upgrade) => ({
    productVariantId: null,
    productVariantExtId: `event-upgrade:${upgrade.id}`,
    title: upgrade.title,
    variantTitle: template.title,
    sku: `EV-${upgrade.id}`.toUpperCase(),
    imageUrl: upgrade.imageUrl ?? null,
    tags: ['event', 'event-upgrade'],
    price: pence(upgrade.price),
    quantity: upgrade.quantity,
    discount: pence(0),
    total: pence(upgrade.price * upgrade.quantity),
    isAddon: true,
    eventSlotId: slot.id,
  }));
}

/**
 * A purchase as the one order it makes: on the event's London date, at the restaurant's address (spec §3:
 * `type` EventBooking). `lines` default to the seats and add-ons at the slot's prices.
 */
export function purchaseDraft(
  template: TemplateRow,
  slot: SlotRow,
  restaurant: RestaurantRow,
  holder: { firstName: string | null; lastName: string | null; phone: string | null },
  lines: readonly OrderLineDraft[],
): OrderDraft<null> {
  const total = lines.reduce((sum, line) => sum + line.total, 0);
  if (total < 0) throw new DomainError('ORDER_INVALID', 'A booking cannot cost less than nothing');
  return {
    mealWeek: null,
    type: 'EventBooking',
    deliveryDate: londonDate(slot.startsAt),
    deliveryNote: null,
    shippingAddress: restaurantAddress(
      restaurant,
      holder.firstName ?? '',
      holder.lastName ?? '',
      holder.phone,
    ),
    billingAddress: null,
    voucherId: null,
    voucherCode: null,
    subtotal: total,
    discount: 0,
    shippingPrice: 0,
    total,
    lines,
  };
}

/** What seats and add-ons cost at a slot's prices (a check on the lines). */
export function purchasePrice(slot: SlotRow, seats: Seats, upgrades: readonly ChosenUpgrade[]): number {
  return ticketsPrice(seats, slot) + upgradesPrice(upgrades);
}

export const guestsOf = (seats: Seats, already = 0): number => seatCount(seats) + already;
