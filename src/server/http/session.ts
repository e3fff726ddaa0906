import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '../../domain/errors';
import type { Db, DbOrTx } from '../db/client';
import { sessions } from '../db/schema/auth';
import { hashToken, newToken } from '../security/tokens';

// Server-side sessions (architecture decision 6, issue "Customer accounts" Security): a 128-bit random id in
// an HttpOnly, SameSite=Lax cookie (Secure with the __Host- prefix in production), stored as its SHA-256;
// a new id at every sign-in; an idle and an absolute timeout. However a session ends for a browser, the
// browser becomes a new visitor too (./visitor.ts).

export const SESSION_IDLE_MS = 14 * 24 * 3600 * 1000;
export const SESSION_ABSOLUTE_MS = 60 * 24 * 3600 * 1000;
/** A guest at a table (decision 28) is a guest for the evening: a day at most. */
export const GUEST_SESSION_MS = 24 * 3600 * 1000;
const TOUCH_AFTER_MS = 10 * 60 * 1000;

export interface SessionInfo {
  id: string;
  kind: 'customer' | 'guest';
  customerId: string | null;
  guestEmail: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionInfo | null;
  }
  interface FastifyInstance {
    startSession(
      request: FastifyRequest,
      reply: FastifyReply,
      owner:
        { kind: 'customer'; customerId: string } | { kind: 'guest'; guestEmail: string; customerId: string },
      db?: DbOrTx,
    ): Promise<SessionInfo>;
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-sfoglia_sid' : 'sfoglia_sid';
}

/** The signed-in customer, or 401 (which the web app takes as "signed out"). */
export function requireCustomer(request: FastifyRequest): string {
  const customerId = request.session?.kind === 'customer' ? request.session.customerId : null;
  if (!customerId) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue');
  return customerId;
}

/**
 * Someone at a restaurant table: a signed-in customer, or a guest who gave an email (decision 28); 401
 * otherwise. What a guest may do is only what takes this: dine-in, paying for it, its pages.
 */
export function requireDiner(request: FastifyRequest): { customerId: string; guest: boolean } {
  const session = request.session;
  if (!session?.customerId) throw new DomainError('UNAUTHENTICATED', 'Please sign in or continue as a guest');
  return { customerId: session.customerId, guest: session.kind === 'guest' };
}

export function registerSessions(
  app: FastifyInstance,
  {
    db,
    secureCookies,
    appliesTo,
  }: { db: Db; secureCookies: boolean; appliesTo: (request: FastifyRequest) => boolean },
): void {
  const cookieName = sessionCookieName(secureCookies);
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: secureCookies };
  app.decorateRequest('session', null);

  app.addHook('onRequest', async (request, reply) => {
    if (!appliesTo(request)) return;
    const token = request.cookies[cookieName];
    if (!token || token.length > 64) return;
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
      .limit(1);
    const now = Date.now();
    if (!row || row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + SESSION_IDLE_MS <= now) {
      // Ended: run out here, or ended elsewhere (a password change or reset, a sign-out in another tab).
      if (row) await db.delete(sessions).where(eq(sessions.id, row.id));
      reply.clearCookie(cookieName, cookieOptions);
      app.forgetVisitor(request, reply);
      return;
    }
    request.session = { id: row.id, kind: row.kind, customerId: row.customerId, guestEmail: row.guestEmail };
    if (now - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(sessions.id, row.id));
    }
  });

  app.decorate('startSession', async (request, reply, owner, tx = db) => {
    // A new id at every sign-in: whatever session this browser had is gone.
    if (request.session) await tx.delete(sessions).where(eq(sessions.id, request.session.id));
    const token = newToken();
    const [row] = await tx
      .insert(sessions)
      .values({
        tokenHash: hashToken(token),
        kind: owner.kind,
        customerId: owner.customerId,
        guestEmail: owner.kind === 'guest' ? owner.guestEmail : null,
        expiresAt: new Date(Date.now() + (owner.kind === 'guest' ? GUEST_SESSION_MS : SESSION_ABSOLUTE_MS)),
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      })
      .returning();
    const maxAge = owner.kind === 'guest' ? GUEST_SESSION_MS : SESSION_ABSOLUTE_MS;
    reply.setCookie(cookieName, token, { ...cookieOptions, maxAge: Math.floor(maxAge / 1000) });
    request.session = {
      id: row!.id,
      kind: row!.kind,
      customerId: row!.customerId,
      guestEmail: row!.guestEmail,
    };
    return request.session;
  });

  app.decorate('endSession', async (request, reply) => {
    if (request.session) {
      await db.delete(sessions).where(eq(sessions.id, request.session.id));
      // Signed out, the browser is a new visitor: whoever uses it next cannot reach the customer's baskets.
      app.forgetVisitor(request, reply);
    }
    request.session = null;
    reply.clearCookie(cookieName, cookieOptions);
  });
}
