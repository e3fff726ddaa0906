import * as z from 'zod/mini';
import { SUPPORT_MESSAGE_MAX, SUPPORT_NAME_MAX, SUPPORT_TOPIC_IDS, TICKET_STATES } from '../domain/support';
import { penceSchema, uuidSchema } from './common';
import { emailSchema } from './email';
import { resource } from './envelope';

// Support and the beta group (issue 23 part 5, decision 30; spec §2 /support, /support-success,
// /beta-opt-in). A message's length is checked by domain/support.ts supportMessageProblem (clear words);
// the schema only stops what no form sends.

export const supportMessageSchema = z.string().check(z.maxLength(SUPPORT_MESSAGE_MAX * 2));

/** POST /support_tickets: a signed-in customer's email is their account's; a visitor gives one. */
export const supportTicketBody = z.strictObject({
  topic: z.enum(SUPPORT_TOPIC_IDS),
  /** One of the customer's own orders (404 for anyone else's). */
  orderId: z.optional(z.nullable(uuidSchema)),
  message: supportMessageSchema,
  email: z.optional(emailSchema),
  name: z.optional(z.string().check(z.trim(), z.maxLength(SUPPORT_NAME_MAX))),
});
export type SupportTicketBody = z.infer<typeof supportTicketBody>;

/** POST /support_tickets/{id}/messages: the customer's reply, or (staff) an answer. */
export const supportReplyBody = z.strictObject({ message: supportMessageSchema });

export const supportMessageAttributes = z.object({
  author: z.enum(['customer', 'staff']),
  /** "Gia from Sfoglia" for staff, the customer's own name otherwise. */
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});

/** The order a ticket is about, as its customer and the support team read it. */
export const supportOrderAttributes = z.object({
  number: z.number(),
  /** "#1042 · Pasta Now · Wed 18 Nov". */
  label: z.string(),
  /** "Arrives Wed 2 Dec", "Payment failed"… (the order page's words). */
  stateLabel: z.string(),
  total: penceSchema,
  lines: z.array(z.object({ title: z.string(), quantity: z.number() })),
  /** The customer's own page of the order (theirs only). */
  path: z.string(),
});
export const supportOrderModel = z.extend(supportOrderAttributes, { id: z.string() });
export type SupportOrder = z.infer<typeof supportOrderModel>;

export const supportTicketAttributes = z.object({
  reference: z.string(),
  topic: z.enum(SUPPORT_TOPIC_IDS),
  topicLabel: z.string(),
  state: z.enum(TICKET_STATES),
  email: z.string(),
  name: z.string(),
  orderId: z.nullable(z.string()),
  /** "#1042 · Pasta Now · Thu 3 Dec" for the order chosen. */
  orderLabel: z.nullable(z.string()),
  /** The order chosen, with what was in it (null when none, or when it is gone). */
  order: z.nullable(supportOrderModel),
  /** Asked by a signed-in customer (false: a visitor who gave an email). */
  signedIn: z.boolean(),
  messages: z.array(supportMessageAttributes),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const supportTicketDocument = z.object({ data: resource('support_tickets', supportTicketAttributes) });
export const supportTicketsDocument = z.object({
  data: z.array(resource('support_tickets', supportTicketAttributes)),
});
export const supportTicketModel = z.extend(supportTicketAttributes, { id: z.string() });
export type SupportTicket = z.infer<typeof supportTicketModel>;

/** PUT /customers/beta (the /beta-opt-in screen). */
export const betaBody = z.strictObject({ beta: z.boolean() });

export const supportTicketParams = z.strictObject({ id: uuidSchema });

/** GET /support_tickets/order_choices: the signed-in customer's orders to ask about, the latest first. */
export const supportOrderChoiceAttributes = z.object({
  /** "#1042 · Pasta Now · Wed 18 Nov". */
  label: z.string(),
  /** Its day is today or still to come. */
  upcoming: z.boolean(),
});
export const supportOrderChoicesDocument = z.object({
  data: z.array(resource('support_order_choices', supportOrderChoiceAttributes)),
});
export const supportOrderChoiceModel = z.extend(supportOrderChoiceAttributes, { id: z.string() });
export type SupportOrderChoice = z.infer<typeof supportOrderChoiceModel>;

/** GET /support/tickets (support staff): one state, or open and answered when none is named. */
export const supportInboxQuery = z.strictObject({ 'filter[state]': z.optional(z.enum(TICKET_STATES)) });
export type SupportInboxQuery = z.infer<typeof supportInboxQuery>;

export const supportTicketCounts = z.object({ open: z.number(), answered: z.number(), closed: z.number() });
export type SupportTicketCounts = z.infer<typeof supportTicketCounts>;
export const supportInboxDocument = z.object({
  data: z.array(resource('support_tickets', supportTicketAttributes)),
  meta: z.object({ counts: supportTicketCounts }),
});
