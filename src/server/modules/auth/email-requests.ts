import { asc, eq, notInArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { emailRequests } from '../../db/schema/auth';
import { enqueueEmail } from '../../integrations/email';
import { passwordReset, signInLink } from '../../integrations/email/templates';
import { findCustomerByEmail } from '../customers';
import { issueToken } from './one-time-tokens';

// Sign-in link and password reset requests (issue 8, defect 12; decision 9). Answering such a request must
// not tell, by its content or by its timing, whether the email has an account. So the request only writes
// down what was asked: the same one statement for any email. A background step then looks the customer up,
// issues the token and queues the email (or does nothing for a stranger), and deletes the request, in one
// transaction per request. The step runs after each request, in this process, and at start-up for any
// request a stopped process left behind; several processes may run it together (skip locked).

export type EmailRequestKind = (typeof emailRequests.$inferInsert)['kind'];
type EmailRequestRow = typeof emailRequests.$inferSelect;

/** A link into the shop carrying an emailed token. */
export function linkTo(publicUrl: string, path: string, token: string): string {
  return `${publicUrl}${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

export async function recordEmailRequest(
  db: DbOrTx,
  request: { kind: EmailRequestKind; email: string; targetUrl: string | null },
): Promise<void> {
  await db.insert(emailRequests).values(request);
}

export interface EmailRequestsLog {
  error(details: object, message: string): void;
}

/** What a use case needs: to say that a request is waiting. */
export interface EmailRequestsKick {
  kick(): void;
}

export class EmailRequests implements EmailRequestsKick {
  /** Passes run one after another in this process. */
  private queue: Promise<unknown> = Promise.resolve();
  /** A pass is queued and has not started: it will see any request recorded meanwhile. */
  private queued = false;
  private closed = false;
  log: EmailRequestsLog | null = null;

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  /** Starts a pass soon, without waiting for it. */
  kick(): void {
    if (this.closed || this.queued) return;
    this.queued = true;
    this.exclusive(() => {
      this.queued = false;
      return this.pass();
    }).catch((error: unknown) =>
      this.log?.error({ error: describeError(error) }, 'email request pass failed'),
    );
  }

  /** Runs a pass now (after any in flight), handling every waiting request; resolves to how many. */
  drain(): Promise<number> {
    return this.exclusive(() => this.pass());
  }

  /** No new passes; waits for the one in flight. */
  async close(): Promise<void> {
    this.closed = true;
    if (registry.get(this.db) === this) registry.delete(this.db);
    await this.queue.catch(() => {});
  }

  private exclusive<T>(run: () => Promise<T>): Promise<T> {
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => {});
    return result;
  }

  private async pass(): Promise<number> {
    // A request that fails is left for the next pass rather than tried again and again in this one.
    const failed: string[] = [];
    let handled = 0;
    for (;;) {
      let claimed: string | null = null;
      try {
        const done = await this.db.transaction(async (tx) => {
          const [request] = await tx
            .select()
            .from(emailRequests)
            .where(failed.length > 0 ? notInArray(emailRequests.id, failed) : undefined)
            .orderBy(asc(emailRequests.createdAt))
            .limit(1)
            .for('update', { skipLocked: true });
          if (!request) return false;
          claimed = request.id;
          await tx.delete(emailRequests).where(eq(emailRequests.id, request.id));
          await this.send(tx, request);
          return true;
        });
        if (!done) return handled;
        handled += 1;
      } catch (error) {
        if (!claimed) throw error;
        failed.push(claimed);
        this.log?.error(
          { emailRequestId: claimed, error: describeError(error) },
          'email request failed; kept',
        );
      }
    }
  }

  private async send(tx: DbOrTx, request: EmailRequestRow): Promise<void> {
    const customer = await findCustomerByEmail(tx, request.email);
    if (!customer) return;
    if (request.kind === 'sign_in_link') {
      const token = await issueToken(tx, {
        purpose: 'sign_in',
        email: request.email,
        customerId: customer.id,
        targetUrl: request.targetUrl,
      });
      await enqueueEmail(tx, signInLink({ to: request.email, link: linkTo(this.publicUrl, '/', token) }));
      return;
    }
    const token = await issueToken(tx, {
      purpose: 'password_reset',
      email: request.email,
      customerId: customer.id,
    });
    await enqueueEmail(
      tx,
      passwordReset({ to: request.email, link: linkTo(this.publicUrl, '/forgot-password/reset', token) }),
    );
  }
}

/**
 * The error's kind and database code only: a failed statement's message carries its parameters (emails,
 * token hashes), which never go to a log.
 */
function describeError(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; depth += 1) {
    const { name, code } = e as { name?: unknown; code?: unknown };
    parts.push([name, code].filter((part) => typeof part === 'string').join(' '));
    e = (e as { cause?: unknown }).cause;
  }
  return parts.filter(Boolean).join(' ← ') || 'unknown error';
}

const registry = new WeakMap<Db, EmailRequests>();

/** The one background step of a database in this process (every route module's use cases share it). */
export function emailRequestsOf(db: Db, publicUrl: string): EmailRequests {
  let requests = registry.get(db);
  if (!requests) {
    requests = new EmailRequests(db, publicUrl);
    registry.set(db, requests);
  }
  return requests;
}
