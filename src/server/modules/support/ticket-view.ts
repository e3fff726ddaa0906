import type { SupportOrder, SupportTicket } from '../../../contracts/support';
import { isIsoDate, londonDate, type IsoDate } from '../../../domain/calendar';
import { orderStateLabel } from '../../../domain/orders';
import { supportOrderLabel, topicLabel } from '../../../domain/support';
import type { DbOrTx } from '../../db/client';
import { customerContacts } from '../customers';
import { orderLinesOf, orderRowsOf } from '../orders';
import { messagesOf, type MessageRow, type TicketRow } from './support.repo';

// Tickets as the API shows them (issue 23 part 5): the conversation in the order written, each message named
// ("Gia from Sfoglia" for the team), and the order the question is about with what was in it.

/** "Gia from Sfoglia"; the team's name when the member has none. */
export function staffName(firstName: string | undefined): string {
  const name = firstName?.trim();
  return name ? `${name} from Sfoglia` : 'The Sfoglia team';
}

/** Who asked: "Ada Lovelace <ada@example.com>", or the address alone. */
export function askerOf(ticket: Pick<TicketRow, 'name' | 'email'>): string {
  return ticket.name ? `${ticket.name} <${ticket.email}>` : ticket.email;
}

/** The orders of these tickets, with their lines, as the ticket shows them. */
async function ordersOf(db: DbOrTx, orderIds: string[], now: Date): Promise<Map<string, SupportOrder>> {
  const rows = await orderRowsOf(db, orderIds);
  const lines = await orderLinesOf(db, [...rows.keys()]);
  const today = londonDate(now);
  const views = new Map<string, SupportOrder>();
  for (const row of rows.values()) {
    views.set(row.id, {
      id: row.id,
      number: row.number,
      label: supportOrderLabel({ number: row.number, source: row.source, date: row.deliveryDate }, today),
      stateLabel: orderStateLabel(row.state, row.deliveryDate, now, row.source),
      total: row.total,
      lines: lines
        .filter((line) => line.orderId === row.id)
        .map((line) => ({ title: line.title, quantity: line.quantity })),
      path: `/order/${row.id}`,
    });
  }
  return views;
}

/** The order's label for an email or a list ("#1042 · Pasta Now · Wed 18 Nov"). */
export async function orderLabelOf(
  db: DbOrTx,
  orderId: string | null,
  today: IsoDate,
): Promise<string | null> {
  if (!orderId) return null;
  const row = (await orderRowsOf(db, [orderId])).get(orderId);
  return row && isIsoDate(row.deliveryDate)
    ? supportOrderLabel({ number: row.number, source: row.source, date: row.deliveryDate }, today)
    : row
      ? `#${row.number}`
      : null;
}

/** The tickets as the API sends them, read together (their messages, orders and the team's names). */
export async function ticketViews(
  db: DbOrTx,
  tickets: readonly TicketRow[],
  now: Date,
): Promise<SupportTicket[]> {
  const ids = tickets.map((ticket) => ticket.id);
  const messages = await messagesOf(db, ids);
  const orderIds = tickets.flatMap((ticket) => (ticket.orderId ? [ticket.orderId] : []));
  const orders = await ordersOf(db, orderIds, now);
  const staffIds = [...messages.values()]
    .flat()
    .flatMap((message) => (message.staffId ? [message.staffId] : []));
  const staff = await customerContacts(db, [...new Set(staffIds)]);
  const authorName = (ticket: TicketRow, message: MessageRow) =>
    message.author === 'staff'
      ? staffName(message.staffId ? staff.get(message.staffId)?.firstName : undefined)
      : ticket.name || ticket.email;
  return tickets.map((ticket) => {
    const order = ticket.orderId ? (orders.get(ticket.orderId) ?? null) : null;
    return {
      id: ticket.id,
      reference: ticket.reference,
      topic: ticket.topic,
      topicLabel: topicLabel(ticket.topic),
      state: ticket.state,
      email: ticket.email,
      name: ticket.name,
      orderId: ticket.orderId,
      orderLabel: order?.label ?? null,
      order,
      signedIn: ticket.customerId !== null,
      messages: (messages.get(ticket.id) ?? []).map((message) => ({
        author: message.author,
        authorName: authorName(ticket, message),
        body: message.body,
        createdAt: message.createdAt.toISOString(),
      })),
      createdAt: ticket.createdAt.toISOString(),
      updatedAt: ticket.updatedAt.toISOString(),
    };
  });
}
