import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema/email';
import type { EmailAttachment, EmailTemplate, EmailTransport } from './index';

// Delivers the email outbox after commit (architecture decisions 8 and 9). Any number of server processes
// may run this on one database.
//
// How a message is never sent twice, and why sending happens outside the claiming transaction:
// 1. Claim. One short transaction selects due rows `for update skip locked` (another deliverer skips rows
//    being claimed rather than waiting) and moves their `next_attempt_at` a lease into the future. Once it
//    commits, every deliverer's "due" query passes those rows by: they are ours until the lease ends.
// 2. Send, after commit, one message at a time. Holding the transaction open while talking to an SMTP
//    server would keep row locks (and, on PGlite, the only connection, so every HTTP request) waiting on
//    the network for seconds.
// 3. Record: `sent`, or a failure with back-off. Each update is fenced on the lease value, so a deliverer
//    whose lease has been taken over records nothing.
// The lease is long (5 minutes) next to a send (SMTP timeouts of seconds, ./smtp.ts), and a deliverer starts
// no new send past half of it: it hands the rest of its batch back. A row is sent again only if a process
// dies between sending and recording, when its lease ends: at least once, as no SMTP relay can do better.
// The transport's Message-ID is the row id, so mail clients can spot such a copy.

/** After this many failed attempts a message is `failed` and left alone. */
export const MAX_ATTEMPTS = 8;
/** The wait after the n-th failed attempt is 30 s × 2^(n−1): 30 s, 1 min, 2 min … 32 min (≈ 1 hour in all). */
export const BACKOFF_BASE_SECONDS = 30;
const LAST_ERROR_LENGTH = 300;

export interface DeliveryLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface EmailDeliveryOptions {
  db: Db;
  transport: EmailTransport;
  log: DeliveryLog;
  /** The pause between passes of the loop. */
  intervalMs?: number;
  /** Messages claimed at once. */
  batchSize?: number;
  /** How long a claim keeps other deliverers off a message. */
  leaseMs?: number;
  /** Runs its own loop every `intervalMs`; off when a job runs the passes (jobs/start.ts). */
  loop?: boolean;
  /** Schedules the loop's next pass (Node's timers; a test drives its own). */
  timers?: LoopTimers;
}

export interface LoopTimers {
  /** Runs `run` once after `ms`, unless the returned `cancel` is called first; never keeps the process up. */
  after(ms: number, run: () => void): { cancel(): void };
}

const nodeTimers: LoopTimers = {
  after(ms, run) {
    const timer = setTimeout(run, ms);
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};

export interface EmailDelivery {
  /** Ends the loop and waits for any pass in flight (the loop's own pass starts no new send once stopping). */
  stop(): Promise<void>;
  /** Runs one pass now, delivering everything due; resolves to the number of messages sent. */
  deliverDue(): Promise<number>;
}

interface Claimed {
  id: string;
  to: string;
  template: string;
  subject: string;
  text: string;
  html: string;
  attachments: EmailAttachment[] | null;
  leaseUntil: Date;
}

export function startEmailDelivery({
  db,
  transport,
  log,
  intervalMs = 1000,
  batchSize = 20,
  leaseMs = 5 * 60_000,
  loop: ownLoop = true,
  timers = nodeTimers,
}: EmailDeliveryOptions): EmailDelivery {
  let stopping = false;
  let timer: { cancel(): void } | null = null;
  // Passes run one after another, whether the loop or a caller started them.
  let queue: Promise<unknown> = Promise.resolve();
  let loop: Promise<void> = Promise.resolve();

  const exclusive = <T>(run: () => Promise<T>): Promise<T> => {
    const result = queue.then(run, run);
    queue = result.catch(() => {});
    return result;
  };

  /** Claims and sends batches until nothing is due (or `keepGoing` says stop). */
  async function pass(keepGoing: () => boolean): Promise<number> {
    let sent = 0;
    while (keepGoing()) {
      const batch = await claim();
      sent += await sendBatch(batch, keepGoing);
      if (batch.length < batchSize) break;
    }
    return sent;
  }

  async function claim(): Promise<Claimed[]> {
    const { due, rows } = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(outbox.createdAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return { due, rows: [] };
      const rows = await tx
        .update(outbox)
        // Whole milliseconds, so that the lease read back into a JS Date matches the row exactly (the fence).
        .set({
          nextAttemptAt: sql`date_trunc('milliseconds', now()) + make_interval(secs => ${leaseMs / 1000})`,
        })
        .where(
          inArray(
            outbox.id,
            due.map((row) => row.id),
          ),
        )
        .returning({
          id: outbox.id,
          to: outbox.to,
          template: outbox.template,
          subject: outbox.subject,
          text: outbox.text,
          html: outbox.html,
          attachments: outbox.attachments,
          leaseUntil: outbox.nextAttemptAt,
        });
      return { due, rows };
    });
    // RETURNING has no order: send in the claim's (oldest first, to the microsecond).
    const byId = new Map(rows.map((row) => [row.id, row]));
    return due.flatMap((row) => byId.get(row.id) ?? []);
  }

  async function sendBatch(batch: Claimed[], keepGoing: () => boolean): Promise<number> {
    const claimedAt = performance.now();
    let sent = 0;
    for (const [index, message] of batch.entries()) {
      if (!keepGoing() || performance.now() - claimedAt > leaseMs / 2) {
        await release(batch.slice(index));
        break;
      }
      const { leaseUntil, attachments, ...content } = message;
      try {
        await transport.send({
          ...content,
          template: content.template as EmailTemplate,
          ...(attachments?.length ? { attachments } : {}),
        });
      } catch (error) {
        await recordFailure(message, describeError(error));
        continue;
      }
      if (await recordSent(message)) {
        sent += 1;
        log.info(
          { emailId: message.id, template: message.template, transport: transport.name },
          'email sent',
        );
      } else {
        log.warn({ emailId: message.id, leaseUntil }, 'email sent after its lease was taken over');
      }
    }
    return sent;
  }

  const fence = (message: Claimed) =>
    and(
      eq(outbox.id, message.id),
      eq(outbox.status, 'pending'),
      eq(outbox.nextAttemptAt, message.leaseUntil),
    );

  async function recordSent(message: Claimed): Promise<boolean> {
    const updated = await db
      .update(outbox)
      .set({ status: 'sent', sentAt: sql`now()` })
      .where(fence(message))
      .returning({ id: outbox.id });
    return updated.length > 0;
  }

  async function recordFailure(message: Claimed, lastError: string): Promise<void> {
    // In an UPDATE, `attempts` on the right-hand side is the value before this failure.
    const updated = await db
      .update(outbox)
      .set({
        attempts: sql`${outbox.attempts} + 1`,
        lastError,
        status: sql`case when ${outbox.attempts} + 1 >= ${MAX_ATTEMPTS} then 'failed' else 'pending' end`,
        nextAttemptAt: sql`now() + make_interval(secs => ${BACKOFF_BASE_SECONDS} * power(2, ${outbox.attempts}))`,
      })
      .where(fence(message))
      .returning({ attempts: outbox.attempts, status: outbox.status });
    const row = updated[0];
    if (!row) return;
    const details = {
      emailId: message.id,
      template: message.template,
      attempts: row.attempts,
      error: lastError,
    };
    if (row.status === 'failed') log.error(details, 'email delivery failed; giving up');
    else log.warn(details, 'email delivery failed; will retry');
  }

  /** Hands unsent messages of a batch back: due again at once, for this or another deliverer. */
  async function release(messages: Claimed[]): Promise<void> {
    const first = messages[0];
    if (!first) return;
    await db
      .update(outbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(
        and(
          inArray(
            outbox.id,
            messages.map((message) => message.id),
          ),
          eq(outbox.status, 'pending'),
          // One claim gives one lease value to its whole batch.
          eq(outbox.nextAttemptAt, first.leaseUntil),
        ),
      );
  }

  // The loop waits `intervalMs` after each pass ends, so passes never pile up behind a slow server.
  function schedule(): void {
    timer = timers.after(intervalMs, () => {
      timer = null;
      loop = tick();
    });
  }

  async function tick(): Promise<void> {
    try {
      await exclusive(() => pass(() => !stopping));
    } catch (error) {
      log.error({ error: describeError(error) }, 'email delivery pass failed');
    }
    if (!stopping) schedule();
  }

  if (ownLoop) schedule();

  return {
    async stop() {
      stopping = true;
      timer?.cancel();
      timer = null;
      await loop;
      await queue;
    },
    deliverDue: () => exclusive(() => pass(() => !stopping)),
  };
}

/**
 * One short line for `last_error` and the logs: an error code, the SMTP reply code and the message, with
 * any credentials in a URL blanked out. Never the message itself or the transport's configuration.
 */
export function describeError(error: unknown): string {
  const e = error as { code?: unknown; responseCode?: unknown; message?: unknown } | null;
  const parts = [
    typeof e?.code === 'string' ? e.code : null,
    typeof e?.responseCode === 'number' ? String(e.responseCode) : null,
    typeof e?.message === 'string' ? e.message : String(error),
  ].filter((part): part is string => !!part);
  const line = [...new Set(parts)]
    .join(': ')
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1***@')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > LAST_ERROR_LENGTH ? `${line.slice(0, LAST_ERROR_LENGTH - 1)}…` : line;
}
