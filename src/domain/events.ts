import { addDays, deadlineLabel, londonClock, londonInstant } from './calendar';
import { formatPence, pence, type Pence } from './money';

// Events (issue 22, decision 29): pasta classes, supper clubs and kids' mornings, sold as prepaid seats of a
// slot against its capacity. A booking is one customer's seats in one slot (adults and children), with the
// add-ons they chose; each purchase that adds seats (the booking itself, more guests, a move to a dearer
// date) holds its seats for a few minutes while it is paid. What a change gives back follows the refund
// scale the shop sets (/settings), said in plain words before paying and again before each change.

export const EVENT_ORDER_KIND = 'event_booking';

/** The themes an event template belongs to (a class, a supper club, a kids' morning). */
export const EVENT_THEMES = ['class', 'supper_club', 'kids'] as const;
export type EventTheme = (typeof EVENT_THEMES)[number];

/** How long seats are held while the customer pays, before anyone else may take them. */
export const EVENT_HOLD_MINUTES = 15;
/** The most guests one booking may have, whatever the template says. */
export const MAX_GUESTS_PER_BOOKING = 12;

// ---- Guests' needs ------------------------------------------------------------------------------------------

/** The 14 allergens UK law names (Food Information Regulations 2014, Annex II), as a guest picks them. */
export const EVENT_ALLERGENS = [
  { id: 'celery', label: 'Celery' },
  { id: 'gluten', label: 'Cereals containing gluten' },
  { id: 'crustaceans', label: 'Crustaceans' },
  { id: 'eggs', label: 'Eggs' },
  { id: 'fish', label: 'Fish' },
  { id: 'lupin', label: 'Lupin' },
  { id: 'milk', label: 'Milk' },
  { id: 'molluscs', label: 'Molluscs' },
  { id: 'mustard', label: 'Mustard' },
  { id: 'tree_nuts', label: 'Tree nuts' },
  { id: 'peanuts', label: 'Peanuts' },
  { id: 'sesame', label: 'Sesame' },
  { id: 'soya', label: 'Soya' },
  { id: 'sulphites', label: 'Sulphur dioxide and sulphites' },
] as const;

/** The diets a guest may ask the host to cook for. */
export const EVENT_DIETS = [
  { id: 'vegetarian', label: 'Vegetarian' },
  { id: 'vegan', label: 'Vegan' },
  { id: 'pescatarian', label: 'Pescatarian' },
  { id: 'halal', label: 'Halal' },
  { id: 'kosher', label: 'Kosher' },
  { id: 'no_alcohol', label: 'No alcohol' },
  { id: 'pregnant', label: 'Pregnant (no raw egg, soft cheese or alcohol)' },
] as const;

export type EventAllergen = (typeof EVENT_ALLERGENS)[number]['id'];
export type EventDiet = (typeof EVENT_DIETS)[number]['id'];
export const EVENT_ALLERGEN_IDS = EVENT_ALLERGENS.map((allergen) => allergen.id) as [
  EventAllergen,
  ...EventAllergen[],
];
export const EVENT_DIET_IDS = EVENT_DIETS.map((diet) => diet.id) as [EventDiet, ...EventDiet[]];

export function preferenceLabel(id: string): string {
  return (
    EVENT_ALLERGENS.find((allergen) => allergen.id === id)?.label ??
    EVENT_DIETS.find((diet) => diet.id === id)?.label ??
    id
  );
}

export interface GuestNeeds {
  allergens: readonly string[];
  diets: readonly string[];
}

/** The host's totals: how many guests have each allergy or diet (most first, then by the standard list). */
export function dietaryTotals(guests: readonly GuestNeeds[]): { id: string; label: string; count: number }[] {
  const order = [...EVENT_ALLERGENS, ...EVENT_DIETS].map((item) => item.id as string);
  const counts = new Map<string, number>();
  for (const guest of guests) {
    for (const id of new Set([...guest.allergens, ...guest.diets])) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return [...counts]
    .map(([id, count]) => ({ id, label: preferenceLabel(id), count }))
    .sort((a, b) => b.count - a.count || order.indexOf(a.id) - order.indexOf(b.id));
}

/** "2 gluten-free, 1 nut allergy" as the host reads it: "Cereals containing gluten 2 · Tree nuts 1". */
export function dietaryTotalsLabel(guests: readonly GuestNeeds[]): string {
  const totals = dietaryTotals(guests);
  return totals.length === 0
    ? 'No allergies or diets given'
    : totals.map((total) => `${total.label} ${total.count}`).join(' · ');
}

// ---- Seats --------------------------------------------------------------------------------------------------

export interface Seats {
  adults: number;
  children: number;
}

export const seatCount = (seats: Seats): number => seats.adults + seats.children;

/** Seats left in a slot: its capacity less the seats sold and those held by someone paying (never below 0). */
export function seatsLeft(capacity: number, taken: number): number {
  return Math.max(0, capacity - taken);
}

export interface SlotFacts {
  startsAt: Date;
  capacity: number;
  /** Seats sold, and held unexpired, by everyone (not counting what is being decided). */
  taken: number;
  /** Whether the slot was cancelled by the shop. */
  cancelled: boolean;
}

export interface TemplateFacts {
  title: string;
  /** null: adults only. */
  childPrice: number | null;
  maxGuests: number;
}

/** When a slot stops taking bookings and more guests: `closesHours` before it starts. */
export function bookingClosesAt(startsAt: Date, closesHours: number): Date {
  return new Date(startsAt.getTime() - closesHours * 3_600_000);
}

/**
 * What is in the way of `wanted` seats in a slot at `now` (nothing: an empty list). `already` is how many
 * seats the same booking holds in it (0 for a new booking): the template's most guests counts them too.
 */
export function seatProblems(
  slot: SlotFacts,
  template: TemplateFacts,
  wanted: Seats,
  now: Date,
  closesHours: number,
  already = 0,
): { code: 'EVENT_GUESTS_INVALID' | 'EVENT_SLOT_CLOSED' | 'EVENT_SLOT_FULL'; detail: string }[] {
  const count = seatCount(wanted);
  const most = Math.min(template.maxGuests, MAX_GUESTS_PER_BOOKING);
  const problems: ReturnType<typeof seatProblems> = [];
  if (
    !Number.isInteger(wanted.adults) ||
    !Number.isInteger(wanted.children) ||
    wanted.adults < 0 ||
    wanted.children < 0
  )
    problems.push({ code: 'EVENT_GUESTS_INVALID', detail: 'Choose how many guests, as whole numbers' });
  else if (count === 0 && already === 0)
    problems.push({ code: 'EVENT_GUESTS_INVALID', detail: 'Choose at least one guest' });
  else if (count + already > most)
    problems.push({
      code: 'EVENT_GUESTS_INVALID',
      detail: `One booking can have up to ${most} guests. For a bigger group, make a second booking.`,
    });
  if (wanted.children > 0 && template.childPrice === null)
    problems.push({ code: 'EVENT_GUESTS_INVALID', detail: `${template.title} is for adults only` });
  else if (wanted.children > 0 && wanted.adults === 0 && already === 0)
    problems.push({
      code: 'EVENT_GUESTS_INVALID',
      detail: 'Children come with an adult: add at least one adult to the booking',
    });
  if (slot.cancelled)
    problems.push({
      code: 'EVENT_SLOT_CLOSED',
      detail: 'This date has been cancelled. Please choose another.',
    });
  else if (now.getTime() >= bookingClosesAt(slot.startsAt, closesHours).getTime())
    problems.push({
      code: 'EVENT_SLOT_CLOSED',
      detail:
        now.getTime() >= slot.startsAt.getTime()
          ? 'This date has passed. Please choose another.'
          : `Booking for this date closed ${closesHours} hours before it starts. Please choose another.`,
    });
  else if (count > seatsLeft(slot.capacity, slot.taken)) {
    const left = seatsLeft(slot.capacity, slot.taken);
    problems.push({
      code: 'EVENT_SLOT_FULL',
      detail:
        left === 0
          ? 'Sorry, this date has just sold out. Please choose another.'
          : `Only ${left} ${left === 1 ? 'seat is' : 'seats are'} left on this date. Please choose fewer guests or another date.`,
    });
  }
  return problems;
}

/** When a hold taken at `now` ends. */
export function holdExpiresAt(now: Date, minutes = EVENT_HOLD_MINUTES): Date {
  return new Date(now.getTime() + minutes * 60_000);
}

// ---- Prices -------------------------------------------------------------------------------------------------

export interface SlotPrices {
  adultPrice: number;
  /** null: adults only. */
  childPrice: number | null;
}

export interface ChosenUpgrade {
  id: string;
  title: string;
  price: number;
  quantity: number;
  /** One per guest at most (a wine pairing); otherwise any number up to 10 (an apron). */
  perGuest: boolean;
}

export const MAX_UPGRADE_QUANTITY = 10;

/** What is wrong with the add-ons chosen for `guests` (nothing: null). */
export function upgradeProblem(upgrades: readonly ChosenUpgrade[], guests: number): string | null {
  for (const upgrade of upgrades) {
    if (!Number.isInteger(upgrade.quantity) || upgrade.quantity < 1)
      return `Choose at least one ${upgrade.title}, or leave it out`;
    if (upgrade.perGuest && upgrade.quantity > guests)
      return `${upgrade.title} is one per guest: choose at most ${guests}`;
    if (upgrade.quantity > MAX_UPGRADE_QUANTITY)
      return `Choose at most ${MAX_UPGRADE_QUANTITY} of ${upgrade.title}`;
  }
  return null;
}

/** The tickets' price of some seats at a slot's prices. */
export function ticketsPrice(seats: Seats, prices: SlotPrices): Pence {
  return pence(seats.adults * prices.adultPrice + seats.children * (prices.childPrice ?? 0));
}

export function upgradesPrice(upgrades: readonly ChosenUpgrade[]): Pence {
  return pence(upgrades.reduce((sum, upgrade) => sum + upgrade.price * upgrade.quantity, 0));
}

// ---- The refund scale ---------------------------------------------------------------------------------------

/**
 * One step of the refund scale: a change made at least `daysBefore` days before the event gives back
 * `percent` of what it takes off, to the card or as store credit. Days are London calendar days: the step
 * ends at the event's own London clock time, `daysBefore` dates earlier, whether or not the clocks changed
 * between (a 19:00 class on 1 November has its 14-day step end at 19:00 BST on 18 October).
 */
export interface RefundStep {
  daysBefore: number;
  percent: number;
  as: 'card' | 'credit';
}

export interface RefundScale {
  /** Most days first; the last step's end is the last moment to change or cancel. */
  steps: readonly RefundStep[];
  /** Bookings and more guests close this many hours before the start. */
  bookingClosesHours: number;
}

export const DEFAULT_REFUND_SCALE: RefundScale = {
  steps: [
    { daysBefore: 14, percent: 100, as: 'card' },
    { daysBefore: 3, percent: 100, as: 'credit' },
  ],
  bookingClosesHours: 2,
};

/** The instant a step ends: the event's London clock time, `days` London dates before its day. */
export function daysBeforeInstant(startsAt: Date, days: number): Date {
  const clock = londonClock(startsAt);
  return londonInstant(addDays(clock.date, -days), clock.hours, clock.minutes);
}

export interface RefundTerms {
  /** The step in force at `now` (null: past the last one, when nothing can be changed or refunded). */
  step: RefundStep | null;
  /** When the step in force ends (null: none in force). */
  until: Date | null;
  /** Whether guests may be removed, the date moved or the booking cancelled now. */
  changesAllowed: boolean;
  /** When changes close: the last step's end. */
  changesCloseAt: Date;
}

export function refundTermsAt(startsAt: Date, now: Date, scale: RefundScale): RefundTerms {
  const steps = [...scale.steps].sort((a, b) => b.daysBefore - a.daysBefore);
  const last = steps[steps.length - 1];
  const changesCloseAt = last ? daysBeforeInstant(startsAt, last.daysBefore) : startsAt;
  for (const step of steps) {
    const until = daysBeforeInstant(startsAt, step.daysBefore);
    if (now.getTime() < until.getTime()) return { step, until, changesAllowed: true, changesCloseAt };
  }
  return { step: null, until: null, changesAllowed: false, changesCloseAt };
}

/** What a change taking `amount` off gives back under `terms`: to the card, as credit, or nothing. */
export function refundFor(
  amount: number,
  terms: RefundTerms,
): { amount: Pence; as: 'card' | 'credit' | 'none' } {
  if (!terms.step || amount <= 0) return { amount: pence(0), as: 'none' };
  const back = Math.floor((amount * terms.step.percent) / 100);
  return back > 0 ? { amount: pence(back), as: terms.step.as } : { amount: pence(0), as: 'none' };
}

const stepWords = (step: RefundStep) =>
  `${step.percent === 100 ? 'a full refund' : `${step.percent}% back`}${step.as === 'card' ? ' to your card' : ' as store credit'}`;

/** The scale in plain words, as the theme page, the checkout and each change say it. */
export function refundRuleText(scale: RefundScale): string {
  const steps = [...scale.steps].sort((a, b) => b.daysBefore - a.daysBefore);
  if (steps.length === 0) return 'Bookings cannot be changed or refunded once paid.';
  const parts = steps.map((step, index) =>
    index === 0
      ? `Change or cancel up to ${step.daysBefore} days before for ${stepWords(step)}`
      : `up to ${step.daysBefore} days before for ${stepWords(step)}`,
  );
  const last = steps[steps.length - 1]!;
  return (
    `${parts.join(', then ')}. After that, with less than ${last.daysBefore} days to go, bookings cannot be ` +
    `changed or refunded, but you can still hand yours to someone else.`
  );
}

/** The terms at `now` for one booking, in words: "Until Saturday 14 November at 7pm: a full refund to your card…". */
export function refundTermsText(terms: RefundTerms): string {
  if (!terms.step || !terms.until)
    return 'It is too late to change or cancel this booking. You can still hand it to someone else.';
  return `Until ${deadlineLabel(terms.until)}: ${stepWords(terms.step)} for anything you take off.`;
}

/** "£45.00 back to your card", "£12.00 as store credit", "Nothing back". */
export function refundLabel(refund: { amount: number; as: 'card' | 'credit' | 'none' }): string {
  if (refund.as === 'none' || refund.amount <= 0) return 'Nothing back';
  return `${formatPence(refund.amount)} ${refund.as === 'card' ? 'back to your card' : 'as store credit'}`;
}
