import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { DomainError } from '../../domain/errors';
import type { Db, Tx } from '../db/client';
import { runInTransaction } from '../db/request-transaction';
import { idempotencyKeys } from '../db/schema/shop';
import { hashJson } from '../security/tokens';

// Stripe-style idempotency for routes that opt in with `config: { idempotent }` (decision 5): the first
// request with a key does the work and its answer is kept; a retry with the same key and the same request
// gets that answer again (header Idempotent-Replayed: true); the same key with a different request is
// refused; a retry while the first is still running gets 409 (or, on PostgreSQL, waits for it and replays
// it). Keys are scoped to the visitor.
//
// The change and its key's record commit together or not at all (issue 19, item 27; decision 26): a route
// whose work is in the database only (`idempotent: true`) runs its handler in one transaction that claims
// the key first and writes the answer last. If anything fails, the record included, nothing is kept and the
// retry does the work once. A route that calls the payment processor between its transactions
// (`idempotent: 'phased'`) cannot hold one (the processor is never called inside a transaction); its use case
// answers a retry from its own rows (a payment in flight or paid, the same unchanged basket's order), so
// its key is claimed before and answered after, and freed when its answer cannot be written.

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** How long a phased claim holds its key against retries before a retry may take it over. */
const LOCK_MS = 30_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotent?: true | 'phased';
  }
  interface FastifyRequest {
    idempotency: KeyInUse | null;
  }
  interface FastifyInstance {
    /** The routes that take an Idempotency-Key ("POST /api/v2/baskets/:id/items") and how. */
    idempotentRoutes: ReadonlyMap<string, KeyInUse['mode']>;
  }
}

interface KeyInUse {
  scopedKey: string;
  requestHash: string;
  mode: 'transaction' | 'phased';
  /** The answer is recorded (in the transaction) or nothing is left to record. */
  settled: boolean;
  /** Work that calls the outside world, run once the transaction has committed. */
  afterCommit: (() => Promise<unknown>)[];
}

/** The key was claimed by another request (done, in progress, or for a different request). */
class KeyTaken extends Error {}

/**
 * Runs `work` once the request's change is committed: now, or after the idempotent transaction commits.
 * Anything that calls the payment processor from an `idempotent: true` route goes here.
 */
export async function afterCommit(request: FastifyRequest, work: () => Promise<unknown>): Promise<void> {
  const key = request.idempotency;
  if (key?.mode === 'transaction' && !key.settled) key.afterCommit.push(work);
  else await work();
}

/**
 * Claims a key: a new one, or one whose phased holder plainly died (its lock ran out) for the same request,
 * or (`orphaned`) one this process's own phased request failed and could not free.
 * One statement; on PostgreSQL a concurrent claim of the same key waits for the first to commit.
 */
async function claim(db: Db | Tx, key: KeyInUse, orphaned = false): Promise<boolean> {
  const claimed = await db
    .insert(idempotencyKeys)
    .values({
      scopedKey: key.scopedKey,
      requestHash: key.requestHash,
      state: 'in_progress',
      lockedUntil: new Date(Date.now() + LOCK_MS),
    })
    .onConflictDoUpdate({
      target: idempotencyKeys.scopedKey,
      set: { lockedUntil: sql`excluded.locked_until` },
      setWhere: sql`${idempotencyKeys.state} = 'in_progress'
        and (${idempotencyKeys.lockedUntil} < now() or ${sql.raw(orphaned ? 'true' : 'false')})
        and ${idempotencyKeys.requestHash} = excluded.request_hash`,
    })
    .returning({ scopedKey: idempotencyKeys.scopedKey });
  return claimed.length > 0;
}

function sendRecorded(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => payload as string)
    .send(body);
}

/** The answer to a request whose key someone else holds: the recorded answer, or why not. */
async function answerFromRecord(db: Db, reply: FastifyReply, key: KeyInUse) {
  const [existing] = await db
    .select()
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.scopedKey, key.scopedKey));
  if (existing && existing.requestHash !== key.requestHash) {
    throw new DomainError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different request',
    );
  }
  if (existing?.state === 'done') {
    return sendRecorded(
      reply.header('idempotent-replayed', 'true'),
      existing.responseStatus ?? 200,
      existing.responseBody ?? '',
    );
  }
  throw new DomainError(
    'IDEMPOTENCY_KEY_IN_USE',
    'This request is already being processed; try again shortly',
  );
}

/**
 * What the handler answered, whether it returned it or sent it; nothing is sent meanwhile. (A reply is a
 * thenable that settles once its answer has gone out: while held, it settles at once.)
 */
async function heldAnswer(reply: FastifyReply, run: () => Promise<unknown>): Promise<unknown> {
  let sent: { payload: unknown } | null = null;
  const holder = reply as unknown as Record<'send' | 'then', unknown>;
  holder.send = function (this: FastifyReply, payload?: unknown) {
    sent = { payload };
    return this;
  };
  holder.then = (fulfilled?: () => void) => fulfilled?.();
  try {
    const returned = await run();
    return sent ? (sent as { payload: unknown }).payload : returned;
  } finally {
    delete holder.send;
    delete holder.then;
  }
}

/** An `idempotent: true` route's handler, run in one transaction with its key's claim and answer. */
function inOneTransaction(db: Db, handler: RouteHandlerMethod): RouteHandlerMethod {
  return async function (this: FastifyInstance, request, reply) {
    const key = request.idempotency;
    if (!key) return handler.call(this, request, reply);
    let body: string;
    try {
      body = await db.transaction(async (tx) => {
        key.afterCommit = [];
        if (!(await claim(tx, key))) throw new KeyTaken();
        const payload = await heldAnswer(reply, async () =>
          runInTransaction(tx, () => handler.call(this, request, reply)),
        );
        const serialized =
          payload === undefined
            ? ''
            : typeof payload === 'string'
              ? payload
              : String(reply.serialize(payload));
        await tx
          .update(idempotencyKeys)
          .set({ state: 'done', responseStatus: reply.statusCode, responseBody: serialized })
          .where(eq(idempotencyKeys.scopedKey, key.scopedKey));
        return serialized;
      });
    } catch (error) {
      if (!(error instanceof KeyTaken)) throw error;
      key.settled = true;
      return answerFromRecord(db, reply, key);
    }
    key.settled = true;
    for (const work of key.afterCommit) {
      await work().catch((error: unknown) => request.log.error({ err: error }, 'after the commit'));
    }
    return sendRecorded(reply, reply.statusCode, body);
  };
}

/**
 * The claims of phased requests that failed on our side and could not be freed (the database was lost
 * meanwhile): no request holds them any more. A retry of the same request here takes its claim over at once,
 * instead of waiting out the lock (a retry after a database outage, which would otherwise get 409 for 30 s);
 * meanwhile the claim is freed as soon as the database answers, for a retry that reaches another process.
 */
class OrphanedClaims {
  private readonly claims = new Map<string, string>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly db: Db) {}

  has(key: KeyInUse): boolean {
    return this.claims.get(key.scopedKey) === key.requestHash;
  }

  forget(key: KeyInUse): void {
    this.claims.delete(key.scopedKey);
  }

  /** Records the claim as orphaned and tries to free it every second until the lock runs out. */
  add(key: KeyInUse): void {
    this.claims.set(key.scopedKey, key.requestHash);
    const until = Date.now() + LOCK_MS;
    const retry = () => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (!this.has(key)) return;
        this.db
          .delete(idempotencyKeys)
          .where(
            and(
              eq(idempotencyKeys.scopedKey, key.scopedKey),
              eq(idempotencyKeys.state, 'in_progress'),
              eq(idempotencyKeys.requestHash, key.requestHash),
            ),
          )
          .then(
            () => this.forget(key),
            () => (Date.now() < until ? retry() : this.forget(key)),
          );
      }, 1_000);
      timer.unref();
      this.timers.add(timer);
    };
    retry();
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.claims.clear();
  }
}

export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.decorateRequest('idempotency', null);
  const orphaned = new OrphanedClaims(db);
  app.addHook('onClose', async () => orphaned.close());

  const routes = new Map<string, KeyInUse['mode']>();
  app.decorate('idempotentRoutes', routes);
  app.addHook('onRoute', (route) => {
    const mode = route.config?.idempotent;
    if (!mode) return;
    for (const method of [route.method].flat()) {
      routes.set(`${method} ${route.url}`, mode === true ? 'transaction' : 'phased');
    }
    if (mode === true) route.handler = inOneTransaction(db, route.handler);
  });

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const mode = request.routeOptions.config.idempotent;
    if (!mode) return;
    const given = request.headers[IDEMPOTENCY_HEADER];
    if (given === undefined) return;
    if (typeof given !== 'string' || !KEY_PATTERN.test(given)) {
      throw new DomainError('VALIDATION_FAILED', 'Idempotency-Key must be 1-255 printable characters');
    }
    const owner = await app.ensureVisitor(request, reply);
    const key: KeyInUse = {
      scopedKey: `${owner}:${given}`,
      requestHash: hashJson({ method: request.method, url: request.url, body: request.body }),
      mode: mode === true ? 'transaction' : 'phased',
      settled: false,
      afterCommit: [],
    };
    // The transaction claims it (above); a phased route claims it now, on its own.
    if (key.mode === 'phased' && !(await claim(db, key, orphaned.has(key)))) {
      return answerFromRecord(db, reply, key);
    }
    orphaned.forget(key);
    request.idempotency = key;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotency;
    if (!key || key.settled) return payload;
    key.settled = true;
    const answer = reply.statusCode < 500 && typeof payload === 'string' ? payload : null;
    try {
      if (key.mode === 'transaction') {
        // The handler refused (the transaction, its claim included, was rolled back): the refusal is the
        // answer. A failure on our side is not an answer: the retry does the work.
        if (answer !== null) {
          await db
            .insert(idempotencyKeys)
            .values({
              scopedKey: key.scopedKey,
              requestHash: key.requestHash,
              state: 'done',
              responseStatus: reply.statusCode,
              responseBody: answer,
              lockedUntil: new Date(),
            })
            .onConflictDoNothing();
        }
      } else if (answer === null) {
        await db.delete(idempotencyKeys).where(eq(idempotencyKeys.scopedKey, key.scopedKey));
      } else {
        await db
          .update(idempotencyKeys)
          .set({ state: 'done', responseStatus: reply.statusCode, responseBody: answer })
          .where(eq(idempotencyKeys.scopedKey, key.scopedKey));
      }
    } catch (error) {
      // The work is done (or refused) and this is its true answer; a retry re-runs the use case, which answers
      // from its own rows. The key is freed so that the retry need not wait for the lock.
      request.log.error({ err: error }, 'the idempotency key’s answer was not recorded');
      await db
        .delete(idempotencyKeys)
        .where(eq(idempotencyKeys.scopedKey, key.scopedKey))
        .catch(() => orphaned.add(key));
    }
    return payload;
  });
}
