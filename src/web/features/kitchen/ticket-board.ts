import type { Ticket } from '../../../contracts/kitchen';
import { addDays, londonClock, londonDate, shortDayLabel, timeLabel } from '../../../domain/calendar';
import { PREP_MINUTES_MAX, PREP_MINUTES_MIN } from '../../../domain/kitchen-options';

// The kitchen board's rules, apart from React (issue 13 part 3): which stage a ticket is in, how tickets
// from the stream and from a button's answer are merged (the newest version wins, whichever came first),
// their order in a stage, the prep times offered on accept, and how times read on a ticket.

export const STAGES = [
  { id: 'new', label: 'New' },
  { id: 'kitchen', label: 'In the kitchen' },
  { id: 'ready', label: 'Ready' },
  { id: 'out', label: 'Out' },
] as const;
export type StageId = (typeof STAGES)[number]['id'] | 'done';

export function stageOf(ticket: Pick<Ticket, 'state'>): StageId {
  switch (ticket.state) {
    case 'paid':
    case 'submitted':
      return 'new';
    case 'accepted':
      return 'kitchen';
    case 'packed':
    case 'ready_for_pickup':
      return 'ready';
    case 'shipped':
      return 'out';
    default:
      return 'done';
  }
}

export type TicketMap = ReadonlyMap<string, Ticket>;

/** Takes in tickets: each replaces the one held unless that one is newer (an answer can beat its event). */
export function mergeTickets(board: TicketMap, incoming: readonly Ticket[]): Map<string, Ticket> {
  const next = new Map(board);
  for (const ticket of incoming) {
    const held = next.get(ticket.id);
    if (!held || held.version <= ticket.version) next.set(ticket.id, ticket);
  }
  return next;
}

const at = (iso: string | null) => (iso ? Date.parse(iso) : 0);
/** When a ticket finished: delivered, collected or rejected. */
const endedAt = (t: Ticket) => Math.max(at(t.deliveredAt), at(t.rejectedAt), at(t.paidAt));

/** The tickets of a stage: the soonest due first; done ones, the latest first. */
export function ticketsIn(board: TicketMap, stage: StageId): Ticket[] {
  const list = [...board.values()].filter((ticket) => stageOf(ticket) === stage);
  return stage === 'done'
    ? list.sort((a, b) => endedAt(b) - endedAt(a))
    : list.sort((a, b) => at(a.dueAt) - at(b.dueAt) || a.number - b.number);
}

/** Ids of tickets new to the board in `incoming` that are waiting to be accepted (to draw the eye to). */
export function arrivals(board: TicketMap, incoming: readonly Ticket[]): string[] {
  return incoming.filter((t) => !board.has(t.id) && stageOf(t) === 'new').map((t) => t.id);
}

const PREP_CHOICES = [10, 15, 20, 25, 30, 45, 60, 90] as const;

/** The prep times offered on accept: the usual ones and the kitchen's own, within what the API takes. */
export function prepChoices(usual: number): number[] {
  const own = Math.min(PREP_MINUTES_MAX, Math.max(PREP_MINUTES_MIN, Math.round(usual)));
  return [...new Set([...PREP_CHOICES, own])]
    .filter((m) => m >= PREP_MINUTES_MIN && m <= PREP_MINUTES_MAX)
    .sort((a, b) => a - b);
}

/** "12 min", "1 h", "1 h 5 min". */
export function minutesLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** A time on the board: "1:15pm", with the day when it is not today ("Thu 19 Nov, 1:15pm"). */
export function boardTime(iso: string, now: Date): string {
  const instant = new Date(iso);
  const day = londonDate(instant);
  return day === londonDate(now) ? timeLabel(instant) : `${shortDayLabel(day)}, ${timeLabel(instant)}`;
}

/** How long until a ticket is due, or how late it is: "in 25 min", "5 min late", "due now". */
export function dueIn(dueAt: string, now: Date): { text: string; late: boolean } {
  const minutes = Math.round((Date.parse(dueAt) - now.getTime()) / 60_000);
  if (minutes === 0) return { text: 'due now', late: false };
  return minutes > 0
    ? { text: `in ${minutesLabel(minutes)}`, late: false }
    : { text: `${minutesLabel(-minutes)} late`, late: true };
}

/** When the customer asked for it: "ASAP", or the slot ("1pm – 1:15pm"). */
export function whenLabel(ticket: Pick<Ticket, 'asap' | 'promisedFrom' | 'promisedTo'>, now: Date): string {
  if (ticket.asap) return 'ASAP';
  return `${boardTime(ticket.promisedFrom, now)} – ${timeLabel(new Date(ticket.promisedTo))}`;
}

/**
 * Where an eat-in ticket goes, said plainly (decision 28): "Table 12 · Round 2" for a tab's round, "Table 12"
 * for a table's pay-now order, "Round 2" at a restaurant that serves by name; null for anything else.
 */
export function tableLabel(ticket: Pick<Ticket, 'tableNumber' | 'round'>): string | null {
  const parts = [
    ticket.tableNumber ? `Table ${ticket.tableNumber}` : null,
    ticket.round !== null ? `Round ${ticket.round}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The banner (and announcement) of new orders: "New order #12 from Ada Lovelace · Table 12 · Round 2". */
export function arrivalText(
  fresh: readonly Pick<Ticket, 'number' | 'customerName' | 'tableNumber' | 'round'>[],
): string {
  if (fresh.length === 1) {
    const [ticket] = fresh as [Pick<Ticket, 'number' | 'customerName' | 'tableNumber' | 'round'>];
    const table = tableLabel(ticket);
    return `New order #${ticket.number} from ${ticket.customerName}${table ? ` · ${table}` : ''}`;
  }
  return `${fresh.length} new orders: ${fresh
    .map((t) => {
      const table = tableLabel(t);
      return table ? `#${t.number} (${table})` : `#${t.number}`;
    })
    .join(', ')}`;
}

export const FULFILMENT_LABELS: Record<Ticket['fulfillmentType'], string> = {
  delivery: 'Delivery',
  pickup: 'Pickup',
  eat_in: 'Eat in',
};

/** Until when a dish is snoozed: "until 2:15pm", "until tomorrow" (the start of the next London day). */
export function snoozedUntilLabel(until: string, now: Date): string {
  const instant = new Date(until);
  const { date, hours, minutes } = londonClock(instant);
  if (hours === 0 && minutes === 0 && date === addDays(londonDate(now), 1)) return 'until tomorrow';
  return `until ${boardTime(until, now)}`;
}
