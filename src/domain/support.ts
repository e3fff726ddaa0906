// Support (issue 23 part 5, decision 30): a question from a customer or a visitor becomes a ticket with a
// reference they can quote; staff with the support role answer it, and the answer reaches the customer by
// email and in their account. Pure rules: topics, sizes and the reference's form.
import { dayMonth, isIsoDate, shortDayLabel, type IsoDate } from './calendar';
import { formatCount } from './numbers';
import type { OrderSource } from './orders';

export const SUPPORT_TOPICS = [
  { id: 'order', label: 'An order or delivery' },
  { id: 'plan', label: 'My Pasta Plan' },
  { id: 'payment', label: 'Payments, refunds or credit' },
  { id: 'allergens', label: 'Allergens and ingredients' },
  { id: 'events', label: 'An event booking' },
  { id: 'account', label: 'My account' },
  { id: 'other', label: 'Something else' },
] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number]['id'];
export const SUPPORT_TOPIC_IDS = SUPPORT_TOPICS.map((topic) => topic.id) as [SupportTopic, ...SupportTopic[]];

export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 4000;
export const SUPPORT_NAME_MAX = 100;

export const TICKET_STATES = ['open', 'answered', 'closed'] as const;
export type TicketState = (typeof TICKET_STATES)[number];

export function topicLabel(topic: SupportTopic): string {
  return SUPPORT_TOPICS.find((t) => t.id === topic)?.label ?? 'Something else';
}

/** What is wrong with a message, in words for the form; null when it is fine. */
export function supportMessageProblem(message: string): string | null {
  const trimmed = message.trim();
  if (trimmed.length === 0) return 'Please tell us what you need help with.';
  if (trimmed.length < SUPPORT_MESSAGE_MIN) {
    return `Please tell us a little more (at least ${SUPPORT_MESSAGE_MIN} characters).`;
  }
  if (trimmed.length > SUPPORT_MESSAGE_MAX) {
    return `Please keep your message under ${formatCount(SUPPORT_MESSAGE_MAX)} characters (it has ${formatCount(trimmed.length)}).`;
  }
  return null;
}

// Letters and digits that cannot be mistaken for each other on a phone call (no 0/O, 1/I/L).
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** "SF-7K3P-Q2MX" from eight random bytes (the caller's crypto). */
export function ticketReference(random: Uint8Array): string {
  if (random.length < 8) throw new RangeError('A ticket reference needs 8 random bytes');
  const chars = [...random.slice(0, 8)].map((byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]);
  return `SF-${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}`;
}

export const TICKET_REFERENCE_PATTERN = /^SF-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

/** What a customer calls each kind of order, in the "Which order is it about?" list. */
const ORDER_KIND_LABELS: Record<OrderSource, string> = {
  recipe_kit: 'Recipe kit',
  one_off: 'One-off box',
  gift_box: 'Gift box',
  subscription: 'Pasta Plan box',
  takeaway: 'Pasta Now',
  catering: 'Catering',
  dine_in_tab: 'Dine-in',
  dine_in_share: 'Dine-in bill',
  event_booking: 'Event booking',
};

export function orderKindLabel(source: OrderSource): string {
  return ORDER_KIND_LABELS[source];
}

/**
 * "#1042 · Pasta Now · Wed 18 Nov": an order by its number, kind and date (an event's date is the event's),
 * with the year when it is not this year's.
 */
export function supportOrderLabel(
  order: { number: number; source: OrderSource; date: string },
  today: IsoDate,
): string {
  const parts = [`#${order.number}`, orderKindLabel(order.source)];
  if (isIsoDate(order.date)) {
    const year = dayMonth(order.date).year;
    parts.push(
      year === dayMonth(today).year ? shortDayLabel(order.date) : `${shortDayLabel(order.date)} ${year}`,
    );
  }
  return parts.join(' · ');
}

/** Who may still write on a ticket: nobody once it is closed (a new question starts a new ticket). */
export function ticketTakesMessages(state: TicketState): boolean {
  return state !== 'closed';
}
