import type { CheckoutMeta } from '../../../../contracts/orders';
import type { MenuProduct } from '../../../../contracts/restaurants';
import type { TakeawayBasket } from '../../../../contracts/takeaway';
import { isDeliverableAddress } from '../../../../domain/address';
import { londonClock } from '../../../../domain/calendar';
import { isLatLon } from '../../../../domain/geo';
import { planCharge } from '../../../../domain/orders';
import type { TakeawayMenu } from '../takeaway.queries';

// Pasta Now's checkout as rules (spec §2 Takeaway and catering checkout, Guards; §9 upsell categories): which
// flow a basket belongs to, what sends the customer back before any step, which step a visit may stay on,
// where each of the basket's problems is put right, the upsell, the payment's first figures, and the key
// that makes one press of "Pay" place one order.

export interface TakeawayFlow {
  kind: 'takeaway' | 'catering';
  /** Where the delivery, instructions and payment steps live; and continue, signup and login. */
  base: string;
  signInBase: string;
  /** Where "back" leads: the restaurant's menu. */
  menu: string;
  /** Where a visitor with no restaurant chosen starts. */
  search: string;
  catering: boolean;
}

export const TAKEAWAY_FLOW: TakeawayFlow = {
  kind: 'takeaway',
  base: '/pasta-now-checkout',
  signInBase: '/pasta-now-checkout',
  menu: '/pasta-now',
  search: '/pasta-now-search-address',
  catering: false,
};

export const CATERING_FLOW: TakeawayFlow = {
  kind: 'catering',
  base: '/catering-checkout',
  signInBase: '/catering-checkout',
  menu: '/catering-menu',
  search: '/catering-search-address',
  catering: true,
};

export const flowOf = (kind: TakeawayFlow['kind']): TakeawayFlow =>
  kind === 'catering' ? CATERING_FLOW : TAKEAWAY_FLOW;

/** The checkout's steps by name (the route table's children). */
export type TakeawayStep = 'start' | 'address' | 'instructions' | 'payment';

/** Where a visit goes instead of the step asked for, and the reason to tell the customer (if any). */
export type StepTarget =
  'continue' | 'search' | 'menu' | 'other-flow' | 'address' | 'instructions' | 'account';
export interface Detour {
  to: StepTarget;
  reason: string | null;
}

/** Where each of the basket's problems is put right. */
export type ProblemPlace = 'menu' | 'details' | 'time' | 'restaurant';

export interface BasketProblem {
  code: string;
  detail: string;
  meta?: Record<string, unknown> | undefined;
}

export function problemPlace(problem: BasketProblem): ProblemPlace {
  switch (problem.code) {
    case 'BASKET_EMPTY':
    case 'BASKET_BELOW_MINIMUM':
    case 'PRODUCT_UNAVAILABLE':
      return 'menu';
    case 'OUTSIDE_DELIVERY_AREA':
      return 'details';
    case 'RESTAURANT_CLOSED':
    case 'SLOT_UNAVAILABLE':
      return 'time';
    default: {
      const field = problem.meta?.field;
      if (field === 'address' || field === 'address.phone' || field === 'tableNumber') return 'details';
      if (field === 'timeSlot') return 'time';
      return 'restaurant';
    }
  }
}

const filled = (value: string | null | undefined) => (value ?? '').trim() !== '';

/**
 * What sends the customer back before any step: no restaurant chosen (the address search), a basket of the
 * other flow (catering in Pasta Now's checkout, or the other way round), or one that can't be ordered as it
 * is (empty, under the minimum spend, a dish the kitchen has run out of: the menu, with the reason).
 */
export function checkoutBlocker(basket: TakeawayBasket | null, catering: boolean): Detour | null {
  if (!basket || !basket.restaurantId || !basket.fulfillmentType) {
    return { to: 'search', reason: 'Find a restaurant near you first, then choose your dishes.' };
  }
  if (basket.isCateringOrder !== catering) return { to: 'other-flow', reason: null };
  if (basket.items.length === 0) {
    return { to: 'menu', reason: 'Your basket is empty. Add a dish to order.' };
  }
  const menuProblem = basket.problems.find((p) => problemPlace(p) === 'menu');
  if (menuProblem) return { to: 'menu', reason: menuProblem.detail };
  if (!basket.valid) return { to: 'menu', reason: 'Your basket can’t be ordered yet. Please check it.' };
  return null;
}

/**
 * Spec §2 Guards: the instructions step needs a first name, a last name and a real address (unless it is
 * not a delivery; a delivery's rider needs the coordinates and a phone number too).
 */
export function detailsComplete(basket: TakeawayBasket): boolean {
  const address = basket.address;
  if (!address || !filled(address.firstName) || !filled(address.lastName)) return false;
  if (basket.fulfillmentType !== 'delivery') return true;
  return isDeliverableAddress(address) && isLatLon(address) && filled(address.phone);
}

/**
 * Which step a visit stays on, or where it goes instead (spec §2 Guards):
 * - a visitor signs in first (continue, then back);
 * - payment is reachable only from the instructions step, otherwise the account dashboard;
 * - a basket that can't be ordered goes back (see `checkoutBlocker`);
 * - the checkout's own address starts at the instructions when the details are complete, else the details;
 * - the instructions (and payment) need the details complete, else the delivery address step.
 */
export function stepDecision(visit: {
  step: TakeawayStep;
  signedIn: boolean;
  basket: TakeawayBasket | null;
  catering: boolean;
  fromInstructions: boolean;
}): Detour | null {
  const { step, basket } = visit;
  if (!visit.signedIn) return { to: 'continue', reason: null };
  if (step === 'payment' && !visit.fromInstructions) return { to: 'account', reason: null };
  const blocker = checkoutBlocker(basket, visit.catering);
  if (blocker) return blocker;
  const complete = detailsComplete(basket!);
  switch (step) {
    case 'start':
      return { to: complete ? 'instructions' : 'address', reason: null };
    case 'address':
      return null;
    case 'instructions':
    case 'payment':
      return complete ? null : { to: 'address', reason: null };
  }
}

/** Spec §9: the upsell categories at checkout ("Add something?"): eat-in's, and for takeaway also these two. */
export const EAT_IN_UPSELL = ['Starters & Sides', 'Alcoholic Drinks', 'Alcohol', 'Drinks', 'Sides'] as const;
export const TAKEAWAY_UPSELL = [...EAT_IN_UPSELL, 'Desserts', 'Gelato'] as const;

/**
 * What to offer under "Add something?": the available dishes of the menu's upsell categories (in the
 * menu's order), not already in the basket, at most `limit`. Catering (platters ordered ahead) has none.
 */
export function upsellProducts(
  menu: Pick<TakeawayMenu, 'categories'>,
  basket: Pick<TakeawayBasket, 'fulfillmentType' | 'isCateringOrder' | 'items'>,
  limit = 8,
): MenuProduct[] {
  if (basket.isCateringOrder) return [];
  const names: readonly string[] = basket.fulfillmentType === 'eat_in' ? EAT_IN_UPSELL : TAKEAWAY_UPSELL;
  const wanted = new Set(names.map((name) => name.toLowerCase()));
  const inBasket = new Set(basket.items.map((item) => item.productId));
  const seen = new Set<string>();
  const offered: MenuProduct[] = [];
  for (const category of menu.categories) {
    if (!wanted.has(category.name.trim().toLowerCase())) continue;
    for (const product of category.products) {
      if (!product.available || inBasket.has(product.id) || seen.has(product.id)) continue;
      seen.add(product.id);
      offered.push(product);
    }
  }
  return offered.slice(0, limit);
}

/**
 * What the payment step shows before the order is placed (placing needs the allergen confirmation, so it
 * waits for "Pay"): the basket's total, with the customer's credit used first as POST /payments would.
 * The placed order's own figures replace these.
 */
export function previewCheckout(
  basket: Pick<TakeawayBasket, 'totalPrice'>,
  facts: { creditBalance: number; minimumCardCharge: number; requestCard: boolean },
): CheckoutMeta {
  const plan = planCharge({
    total: basket.totalPrice,
    creditBalance: facts.creditBalance,
    useCredit: true,
    minimumCardCharge: facts.minimumCardCharge,
    basketRequestsCard: facts.requestCard,
  });
  return {
    checkoutId: '',
    state: 'open',
    total: basket.totalPrice,
    creditBalance: facts.creditBalance,
    creditApplied: plan.creditApplied,
    amountToCharge: plan.charge,
    requestCard: plan.requestCard,
    minimumCardCharge: facts.minimumCardCharge,
  };
}

/**
 * The Idempotency-Key of placing the order: the same for as long as what is placed is the same (a double
 * click, a retry after a dropped connection), a new one when it changes (the basket, the note, the allergen
 * confirmation) or after a refusal (the shop keeps a refused answer under its key).
 */
export interface PlaceAttempt {
  signature: string;
  key: string;
}
export function placeAttempt(
  previous: PlaceAttempt | null,
  signature: string,
  newKey: () => string,
): PlaceAttempt {
  return previous && previous.signature === signature ? previous : { signature, key: newKey() };
}

export function placeSignature(
  basket: Pick<TakeawayBasket, 'id' | 'updatedAt'>,
  choices: { deliveryNote: string | null; allergensConfirmed: boolean },
): string {
  return JSON.stringify([basket.id, basket.updatedAt, choices.deliveryNote, choices.allergensConfirmed]);
}

/** "13:05", London time (as the slots are labelled). */
export function clockTime(iso: string): string {
  const { hours, minutes } = londonClock(new Date(iso));
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** "13:05 – 13:20". */
export function windowLabel(from: string, to: string): string {
  return from === to ? clockTime(from) : `${clockTime(from)} – ${clockTime(to)}`;
}

/** "+442079460101" → "020 7946 0101"; "+447911123456" → "07911 123456". */
export function ukPhoneText(e164: string): string {
  if (!e164.startsWith('+44')) return e164;
  const national = `0${e164.slice(3)}`;
  if (/^02\d{9}$/.test(national))
    return `${national.slice(0, 3)} ${national.slice(3, 7)} ${national.slice(7)}`;
  if (/^0\d{10}$/.test(national)) return `${national.slice(0, 5)} ${national.slice(5)}`;
  return national;
}
