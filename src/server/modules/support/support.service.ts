import { randomBytes } from 'node:crypto';
import type {
  SupportInboxQuery,
  SupportOrderChoice,
  SupportTicket,
  SupportTicketBody,
  SupportTicketCounts,
} from '../../../contracts/support';
import { londonDate } from '../../../domain/calendar';
import { DomainError, FieldErrors } from '../../../domain/errors';
import {
  supportMessageProblem,
  supportOrderLabel,
  ticketReference,
  ticketTakesMessages,
  topicLabel,
  type TicketState,
} from '../../../domain/support';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { enqueueEmail } from '../../integrations/email';
import {
  supportAnswer,
  supportTicketNew,
  supportTicketReceived,
  supportTicketReply,
  type SupportEmailTicket,
} from '../../integrations/email/support-templates';
import { giveBack, RateLimitedError, take, type Limit, type Place } from '../../security/rate-limit';
import { findCustomerById, updateCustomer, type CustomerRow } from '../customers';
import { customerContact } from '../customers';
import { customerOrderRow, customerOrderSummaries } from '../orders';
import { requireSupport } from './support-staff';
import {
  insertMessage,
  insertTicket,
  lockTicket,
  ownedBy,
  ownedTicket,
  ticketById,
  ticketCounts,
  ticketsIn,
  ticketsOwnedBy,
  updateTicket,
  type TicketRow,
} from './support.repo';
import { askerOf, orderLabelOf, staffName, ticketViews } from './ticket-view';

// Support (issue 23 part 5; decision 30; spec §2 /support, /support-success, /beta-opt-in). A customer, or a
// visitor who gives an email, asks a question, about one of their own orders if they like; it becomes a
// ticket with a reference (SF-7K3P-Q2MX), copied by email to the asker and to the support inbox. The
// support team answers on /support/inbox; the answer is emailed and shown in the account, where the customer
// replies (which opens the ticket again) until the team closes it. Each change to a conversation happens
// under its ticket's lock, its emails in the same transaction.

/** Questions and replies allowed (fixed windows, counted in the database: every server process together). */
export const SUPPORT_LIMITS = {
  /** A visitor's questions from one client address: a busy office shares one, a flood does not get through. */
  visitorsPerAddress: { max: 10, windowMs: 3_600_000 },
  /** A visitor's questions giving one email: each sends that address a copy. */
  visitorsPerEmail: { max: 5, windowMs: 3_600_000 },
  /** A customer's new questions: each copies the support inbox. */
  questionsPerCustomer: { max: 20, windowMs: 3_600_000 },
  /** A customer's replies on their questions. */
  repliesPerCustomer: { max: 30, windowMs: 3_600_000 },
} satisfies Record<string, Limit>;

const TOO_MANY = 'You’ve sent us a lot of questions in the last hour. Please wait a little and try again.';
export const TICKET_NOT_FOUND = 'We could not find that question';
const TICKET_CLOSED =
  'This question is closed. If you still need help, please ask a new question and we’ll pick it up.';
const ORDER_NOT_YOURS = 'We could not find that order among yours';
const SIGN_IN_FOR_ORDER = 'Please sign in to ask about one of your orders.';
const EMAIL_NEEDED = 'Please give your email address, so that we can answer you.';
/** The orders offered to ask about: enough for a year of weekly boxes and the odd takeaway. */
const ORDER_CHOICES = 60;
const LIST_LIMIT = 100;
const REFERENCE_TRIES = 5;

/**
 * Counts a question against each of its limits, or against none: one over its limit gives back those
 * already counted and refuses (429), so a refused question uses up nothing.
 */
async function countAgainst(db: DbOrTx, limits: [key: string, limit: Limit][]): Promise<void> {
  const taken: Place[] = [];
  for (const [key, limit] of limits) {
    const result = await take(db, key, limit);
    if (!result.ok) {
      for (const place of taken) await giveBack(db, place);
      throw new RateLimitedError(result.retryAfterSeconds, TOO_MANY);
    }
    taken.push(result.place);
  }
}

/** The message, trimmed, or a 400 that says what is wrong with it (nothing is saved). */
function checkedMessage(message: string): string {
  const problem = supportMessageProblem(message);
  if (problem) throw new FieldErrors([{ field: 'message', message: problem }]);
  return message.trim();
}

export interface Asker {
  /** The signed-in customer, or null for a visitor. */
  customerId: string | null;
  /** The client's address (rate limits). */
  address: string;
}

export class SupportService {
  /** Where a reference's random bytes come from (a test puts clashes here). */
  drawBytes: (size: number) => Uint8Array = randomBytes;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    /** The support inbox (SUPPORT_EMAIL). */
    private readonly inboxAddress: string,
  ) {}

  /** GET /support_tickets/order_choices: the customer's orders to ask about, the latest first. */
  async orderChoices(customerId: string): Promise<SupportOrderChoice[]> {
    const today = londonDate(this.clock.now());
    const orders = await customerOrderSummaries(this.db, customerId, ORDER_CHOICES);
    return orders.map((order) => ({
      id: order.id,
      label: supportOrderLabel(
        { number: order.number, source: order.source, date: order.deliveryDate },
        today,
      ),
      upcoming: order.deliveryDate >= today,
    }));
  }

  /** POST /support_tickets. */
  async ask(asker: Asker, body: SupportTicketBody): Promise<SupportTicket> {
    const message = checkedMessage(body.message);
    const customer = asker.customerId ? await this.customer(asker.customerId) : null;
    const email = customer?.email ?? body.email;
    if (!email) throw new FieldErrors([{ field: 'email', message: EMAIL_NEEDED }]);
    const name = customer ? `${customer.firstName} ${customer.lastName}`.trim() : (body.name ?? '').trim();
    const orderId = body.orderId ?? null;
    if (orderId) {
      if (!customer) throw new DomainError('ORDER_NOT_FOUND', SIGN_IN_FOR_ORDER);
      if (!(await customerOrderRow(this.db, customer.id, orderId))) {
        throw new DomainError('ORDER_NOT_FOUND', ORDER_NOT_YOURS);
      }
    }
    await countAgainst(
      this.db,
      customer
        ? [[`support:customer:${customer.id}`, SUPPORT_LIMITS.questionsPerCustomer]]
        : [
            [`support:ip:${asker.address}`, SUPPORT_LIMITS.visitorsPerAddress],
            [`support:email:${email}`, SUPPORT_LIMITS.visitorsPerEmail],
          ],
    );
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const ticket = await this.newTicket(tx, {
        customerId: customer?.id ?? null,
        email,
        name,
        topic: body.topic,
        orderId,
        state: 'open',
        createdAt: now,
        updatedAt: now,
      });
      await insertMessage(tx, {
        ticketId: ticket.id,
        author: 'customer',
        staffId: null,
        body: message,
        at: now,
      });
      const about = await this.aboutOf(tx, ticket);
      const confirmed = customer !== null && customer.emailConfirmedAt !== null;
      await enqueueEmail(
        tx,
        supportTicketReceived({
          to: email,
          firstName: customer?.firstName ?? name.split(/\s+/)[0] ?? '',
          ticket: about,
          message: confirmed ? message : null,
          accountUrl: customer ? this.accountUrl(ticket) : null,
        }),
      );
      await enqueueEmail(
        tx,
        supportTicketNew({
          to: this.inboxAddress,
          ticket: about,
          from: askerOf(ticket),
          signedIn: customer !== null,
          message,
          inboxUrl: this.inboxUrl(ticket),
        }),
      );
      return this.view(tx, ticket);
    });
  }

  /** GET /support_tickets: the customer's questions, the latest activity first. */
  async mine(customerId: string): Promise<SupportTicket[]> {
    const owner = await this.ownerOf(customerId);
    return ticketViews(this.db, await ticketsOwnedBy(this.db, owner, LIST_LIMIT), this.clock.now());
  }

  /** GET /support_tickets/{id}: one of the customer's questions (anyone else's: 404). */
  async one(customerId: string, ticketId: string): Promise<SupportTicket> {
    const ticket = await ownedTicket(this.db, await this.ownerOf(customerId), ticketId);
    if (!ticket) throw new DomainError('TICKET_NOT_FOUND', TICKET_NOT_FOUND);
    return this.view(this.db, ticket);
  }

  /** POST /support_tickets/{id}/messages: the customer's reply, which opens an answered ticket again. */
  async reply(customerId: string, ticketId: string, body: string): Promise<SupportTicket> {
    const message = checkedMessage(body);
    const owner = await this.ownerOf(customerId);
    if (!(await ownedTicket(this.db, owner, ticketId))) {
      throw new DomainError('TICKET_NOT_FOUND', TICKET_NOT_FOUND);
    }
    await countAgainst(this.db, [
      [`support-reply:customer:${customerId}`, SUPPORT_LIMITS.repliesPerCustomer],
    ]);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const locked = await lockTicket(tx, ticketId);
      if (!locked) throw new DomainError('TICKET_NOT_FOUND', TICKET_NOT_FOUND);
      if (!ticketTakesMessages(locked.state)) throw new DomainError('TICKET_CLOSED', TICKET_CLOSED);
      const written = await insertMessage(tx, {
        ticketId,
        author: 'customer',
        staffId: null,
        body: message,
        at: now,
      });
      // A visitor's question read in the account of its confirmed address becomes that customer's.
      const ticket = await updateTicket(tx, ticketId, {
        state: 'open',
        updatedAt: written.createdAt,
        customerId,
      });
      await enqueueEmail(
        tx,
        supportTicketReply({
          to: this.inboxAddress,
          ticket: await this.aboutOf(tx, ticket),
          from: askerOf(ticket),
          message,
          inboxUrl: this.inboxUrl(ticket),
        }),
      );
      return this.view(tx, ticket);
    });
  }

  /** PUT /customers/beta: joins or leaves the beta group (experiments may target it). */
  async setBeta(customerId: string, beta: boolean): Promise<CustomerRow> {
    await this.customer(customerId);
    return updateCustomer(this.db, customerId, { beta });
  }

  // ---- The support team ------------------------------------------------------------------------------

  /** GET /support/tickets: one state's tickets, or those open and answered, the latest activity first. */
  async inbox(
    staffId: string,
    query: SupportInboxQuery,
  ): Promise<{ tickets: SupportTicket[]; counts: SupportTicketCounts }> {
    await requireSupport(this.db, staffId);
    const state = query['filter[state]'];
    const states: TicketState[] = state ? [state] : ['open', 'answered'];
    const rows = await ticketsIn(this.db, states, LIST_LIMIT);
    return {
      tickets: await ticketViews(this.db, rows, this.clock.now()),
      counts: await ticketCounts(this.db),
    };
  }

  /** GET /support/tickets/{id}. */
  async ticket(staffId: string, ticketId: string): Promise<SupportTicket> {
    await requireSupport(this.db, staffId);
    const ticket = await ticketById(this.db, ticketId);
    if (!ticket) throw new DomainError('TICKET_NOT_FOUND', TICKET_NOT_FOUND);
    return this.view(this.db, ticket);
  }

  /** POST /support/tickets/{id}/answer: the team's answer, emailed to the asker; the ticket is answered. */
  async answer(staffId: string, ticketId: string, body: string): Promise<SupportTicket> {
    await requireSupport(this.db, staffId);
    const message = checkedMessage(body);
    const member = await customerContact(this.db, staffId);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const locked = await lockTicket(tx, ticketId);
      if (!locked) throw new DomainError('TICKET_NOT_FOUND', TICKET_NOT_FOUND);
      if (!ticketTakesMessages(locked.state)) throw new DomainError('TICKET_CLOSED', TICKET_CLOSED);
      const written = await insertMessage(tx, { ticketId, author: 'staff', staffId, body: message, at: now });
      const ticket = await updateTicket(tx, ticketId, { state: 'answered', updatedAt: written.createdAt });
      const customer = ticket.customerId ? await findCustomerById(tx, ticket.customerId) : null;
      await enqueueEmail(
        tx,
        supportAnswer({
          to: ticket.email,
          firstName: customer?.firstName ?? ticket.name.split(/\s+/)[0] ?? '',
          ticket: await this.aboutOf(tx, ticket),
          answer: message,
          answeredBy: staffName(member?.firstName),
          accountUrl: customer ? this.accountUrl(ticket) : null,
          askUrl: `${this.publicUrl}/support`,
        }),
      );
      return this.view(tx, ticket);
    });
  }

  /** POST /support/tickets/{id}/close: nothing more to say (closing twice changes nothing). */
  async close(staffId: string, ticketId: string): Promise<SupportTicket> {
    await requireSupport(this.db, staffId);
    return this.db.transaction(async (tx) => {
      const locked = await lockTicket(tx, ticketId);
      if (!locked) throw new DomainError('TICKET_NOT_FOUND', TICKET_NOT_FOUND);
      const ticket =
        locked.state === 'closed'
          ? locked
          : await updateTicket(tx, ticketId, { state: 'closed', updatedAt: this.clock.now() });
      return this.view(tx, ticket);
    });
  }

  // ---- Helpers -----------------------------------------------------------------------------------------

  private async customer(customerId: string): Promise<CustomerRow> {
    const customer = await findCustomerById(this.db, customerId);
    // The session outlived its customer (deleted): the client treats 401 as signed out.
    if (!customer) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue');
    return customer;
  }

  private async ownerOf(customerId: string) {
    const customer = await this.customer(customerId);
    return ownedBy(customer.id, customer.emailConfirmedAt ? customer.email : null);
  }

  /** A ticket with a reference no other has (the unique index decides; a clash draws again). */
  private async newTicket(
    tx: DbOrTx,
    values: Omit<Parameters<typeof insertTicket>[1], 'reference'>,
  ): Promise<TicketRow> {
    for (let tries = 0; tries < REFERENCE_TRIES; tries++) {
      const made = await insertTicket(tx, { ...values, reference: ticketReference(this.drawBytes(8)) });
      if (made) return made;
    }
    throw new Error(`No free ticket reference after ${REFERENCE_TRIES} tries`);
  }

  private async aboutOf(db: DbOrTx, ticket: TicketRow): Promise<SupportEmailTicket> {
    return {
      reference: ticket.reference,
      topic: topicLabel(ticket.topic),
      orderLabel: await orderLabelOf(db, ticket.orderId, londonDate(this.clock.now())),
    };
  }

  private async view(db: DbOrTx, ticket: TicketRow): Promise<SupportTicket> {
    const [view] = await ticketViews(db, [ticket], this.clock.now());
    return view!;
  }

  private accountUrl(ticket: TicketRow): string {
    return `${this.publicUrl}/account/support?ticket=${ticket.id}`;
  }

  private inboxUrl(ticket: TicketRow): string {
    return `${this.publicUrl}/support/inbox?ticket=${ticket.id}`;
  }
}
