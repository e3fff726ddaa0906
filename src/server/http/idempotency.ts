import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import { DomainError } from '../../domain/errors';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/shop';
import { hashJson } from './tokens';

// Stripe-style idempotency for routes that opt in with `config: { idempotent: true }`: the first request
// with a key does the work and its answer is kept; a retry with the same key and the same request gets
// that answer again (header Idempotent-Replayed: true); the same key with a different request is refused;
// a retry while the first is still running gets 409. Keys are scoped to the visitor.

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const LOCK_MS = 30_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyKey: string | null;
  }
}

export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.decorateRequest('idempotencyKey', null);

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.routeOptions.config.idempotent) return;
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new DomainError('VALIDATION_FAILED', 'Idempotency-Key must be 1-255 printable characters');
    }
    const owner = await app.ensureVisitor(request, reply);
    const scopedKey = `${owner}:${key}`;
    const requestHash = hashJson({ method: request.method, url: request.url, body: request.body });
    const lockedUntil = new Date(Date.now() + LOCK_MS);

    const inserted = await db
      .insert(idempotencyKeys)
      .values({ scopedKey, requestHash, state: 'in_progress', lockedUntil })
      .onConflictDoNothing()
      .returning({ scopedKey: idempotencyKeys.scopedKey });
    if (inserted.length > 0) {
      request.idempotencyKey = scopedKey;
      return;
    }

    const [existing] = await db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.scopedKey, scopedKey));
    if (!existing) throw new DomainError('IDEMPOTENCY_KEY_IN_USE', 'This request is already being processed');
    if (existing.requestHash !== requestHash) {
      throw new DomainError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for a different request',
      );
    }
    if (existing.state === 'done') {
      return reply
        .status(existing.responseStatus ?? 200)
        .header('idempotent-replayed', 'true')
        .type('application/json')
        .serializer((payload: unknown) => payload as string)
        .send(existing.responseBody ?? '');
    }
    // Still in progress: take it over only if its holder has plainly died.
    const taken = await db
      .update(idempotencyKeys)
      .set({ lockedUntil })
      .where(and(eq(idempotencyKeys.scopedKey, scopedKey), lt(idempotencyKeys.lockedUntil, sql`now()`)))
      .returning({ scopedKey: idempotencyKeys.scopedKey });
    if (taken.length === 0) {
      throw new DomainError(
        'IDEMPOTENCY_KEY_IN_USE',
        'This request is already being processed; try again shortly',
      );
    }
    request.idempotencyKey = scopedKey;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const scopedKey = request.idempotencyKey;
    if (!scopedKey) return payload;
    request.idempotencyKey = null;
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      // A failure on our side is not an answer: let the retry do the work.
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.scopedKey, scopedKey));
    } else {
      await db
        .update(idempotencyKeys)
        .set({ state: 'done', responseStatus: reply.statusCode, responseBody: payload })
        .where(eq(idempotencyKeys.scopedKey, scopedKey));
    }
    return payload;
  });
}
