import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema/email';

// The email port (architecture decision 8). Use cases call `enqueueEmail` inside their transaction: the
// message is in the outbox exactly when what caused it committed. Delivery runs after commit
// (./delivery.ts) through a transport: SMTP (./smtp.ts) when SMTP_URL is set, otherwise the development
// mailbox (./mailbox.routes.ts at /dev/mailbox reads the outbox).

export type EmailTemplate =
  | 'confirm_sign_up'
  | 'account_exists'
  | 'welcome'
  | 'password_reset'
  | 'password_changed'
  | 'sign_in_link'
  | 'account_setup'
  | 'order_confirmation'
  | 'gift_confirmation'
  | 'gift_on_its_way'
  | 'takeaway_confirmation'
  | 'takeaway_rejected'
  | 'late_delivery_credit'
  | 'plan_changed'
  | 'plan_reminder'
  | 'plan_charged'
  | 'plan_payment_failed'
  | 'plan_not_sent'
  | 'plan_failed'
  | 'plan_restart_reminder'
  | 'order_shipped'
  | 'order_delivered'
  | 'order_invoice'
  | 'payment_not_taken'
  | 'tab_receipt'
  | 'tab_share_receipt'
  | 'event_confirmation'
  | 'event_change'
  | 'event_handed_over'
  | 'event_transferred'
  | 'event_dietary_reminder'
  | 'event_reminder'
  | 'after_order_ask'
  | 'rating_alert'
  // Support (issue 23 part 5): the asker's copy, the support inbox's copies, the team's answer.
  | 'support_ticket_received'
  | 'support_ticket_new'
  | 'support_ticket_reply'
  | 'support_answer'
  // Referrals and plan loyalty (issue 23 part 3): the friend's welcome code, the referrer's outcome, a plan's reward.
  | 'referral_welcome'
  | 'referral_rewarded'
  | 'referral_not_rewarded'
  | 'loyalty_reward'
  // One wallet (issue 23 part 4): credit about to expire.
  | 'credit_expiring'
  // The back office (issue 25 part 1): an owner's invitation to join the staff; (part 4) a refund given on
  // an order.
  | 'staff_invitation'
  | 'order_refund';

/** A file sent with a message (an event's calendar entry, `.ics`): text content, sent as UTF-8. */
export interface EmailAttachment {
  filename: string;
  /** A MIME type, parameters allowed (`text/calendar; method=PUBLISH`). */
  contentType: string;
  content: string;
}

export interface EmailMessage {
  to: string;
  template: EmailTemplate;
  subject: string;
  /** Plain text, readable on its own. */
  text: string;
  /** The same message as HTML (inline styles only). */
  html: string;
  attachments?: readonly EmailAttachment[];
}

/** What a transport needs: one message, sent or thrown. */
export interface EmailTransport {
  readonly name: string;
  send(message: EmailMessage & { id: string }): Promise<void>;
}

export async function enqueueEmail(db: DbOrTx, message: EmailMessage): Promise<void> {
  await db.insert(outbox).values(outboxRow(message));
}

/**
 * The outbox's backlog, for /metrics (docs/operations.md): messages not yet sent (still being tried), and how
 * long the oldest of them has waited, in seconds (0 with none).
 */
export async function unsentEmail(db: DbOrTx): Promise<{ count: number; oldestSeconds: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldestSeconds: sql<number>`coalesce(extract(epoch from now() - min(${outbox.createdAt})), 0)::float8`,
    })
    .from(outbox)
    .where(eq(outbox.status, 'pending'));
  return { count: Number(row?.count ?? 0), oldestSeconds: Math.max(0, Number(row?.oldestSeconds ?? 0)) };
}

/** What was sent to an address (the back office's view of a customer's emails), newest first. */
export async function emailsSentTo(
  db: DbOrTx,
  to: string,
  limit: number,
): Promise<
  {
    id: string;
    subject: string;
    template: string;
    text: string;
    status: string;
    createdAt: Date;
    sentAt: Date | null;
  }[]
> {
  return db
    .select({
      id: outbox.id,
      subject: outbox.subject,
      template: outbox.template,
      text: outbox.text,
      status: outbox.status,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .where(eq(sql`lower(${outbox.to})`, to.toLowerCase()))
    .orderBy(sql`${outbox.createdAt} desc`)
    .limit(limit);
}

/** Many messages in one statement (weekly billing's batches). */
export async function enqueueEmails(db: DbOrTx, messages: readonly EmailMessage[]): Promise<void> {
  if (messages.length > 0) await db.insert(outbox).values(messages.map(outboxRow));
}

function outboxRow({ attachments, ...message }: EmailMessage): typeof outbox.$inferInsert {
  return {
    ...message,
    attachments: attachments?.length
      ? attachments.map(({ filename, contentType, content }) => ({ filename, contentType, content }))
      : null,
  };
}
