import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { visitors } from '../db/schema/baskets';
import type { Db } from '../db/client';
import { routedPath } from './routed-path';
import { hashToken, newToken } from '../security/tokens';

// A visitor is a browser, known by a random token in an HttpOnly cookie. Baskets belong to a visitor, so a
// basket is invisible to anyone else. The visitor row is created on the first call that needs one. When a
// session ends, the browser stops being that visitor (issue 8, defect 9): the customer's baskets it held
// stay the customer's, out of reach of whoever uses the browser next.

declare module 'fastify' {
  interface FastifyRequest {
    visitorId: string | null;
  }
}

const ONE_YEAR_S = 365 * 24 * 3600;
const TOUCH_AFTER_MS = 24 * 3600 * 1000;

export function visitorCookieName(secure: boolean): string {
  // __Host- binds the cookie to this exact host over HTTPS (no Domain, Path=/).
  return secure ? '__Host-sfoglia_vid' : 'sfoglia_vid';
}

export interface VisitorOptions {
  db: Db;
  secureCookies: boolean;
  prefixes: readonly string[];
}

/**
 * Visitors already looked up, by token hash: a visitor row is never deleted and its id never changes, so a
 * hit is always right; this saves a query on every call of a busy browser. Bounded, oldest out first.
 */
export class VisitorCache {
  private readonly entries = new Map<string, { id: string; lastSeenAt: number }>();
  constructor(private readonly capacity = 10_000) {}
  get(tokenHash: string) {
    return this.entries.get(tokenHash);
  }
  set(tokenHash: string, entry: { id: string; lastSeenAt: number }) {
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
  get size() {
    return this.entries.size;
  }
}

export function registerVisitors(
  app: FastifyInstance,
  { db, secureCookies, prefixes }: VisitorOptions,
): void {
  const cookieName = visitorCookieName(secureCookies);
  const cache = new VisitorCache();
  app.decorateRequest('visitorId', null);
  app.addHook('onRequest', async (request) => {
    if (!prefixes.some((prefix) => routedPath(request).startsWith(prefix))) return;
    const token = request.cookies[cookieName];
    if (!token || token.length > 64) return;
    const tokenHash = hashToken(token);
    let visitor = cache.get(tokenHash);
    if (!visitor) {
      const [row] = await db
        .select({ id: visitors.id, lastSeenAt: visitors.lastSeenAt })
        .from(visitors)
        .where(eq(visitors.tokenHash, tokenHash))
        .limit(1);
      if (!row) return;
      visitor = { id: row.id, lastSeenAt: row.lastSeenAt.getTime() };
      cache.set(tokenHash, visitor);
    }
    request.visitorId = visitor.id;
    if (Date.now() - visitor.lastSeenAt > TOUCH_AFTER_MS) {
      visitor.lastSeenAt = Date.now();
      await db
        .update(visitors)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(visitors.id, visitor.id));
    }
  });

  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: secureCookies };

  app.decorate('ensureVisitor', async (request: FastifyRequest, reply: FastifyReply): Promise<string> => {
    if (request.visitorId) return request.visitorId;
    const token = newToken();
    const [row] = await db
      .insert(visitors)
      .values({ tokenHash: hashToken(token) })
      .returning({ id: visitors.id });
    reply.setCookie(cookieName, token, { ...cookieOptions, maxAge: ONE_YEAR_S });
    request.visitorId = row!.id;
    return row!.id;
  });

  app.decorate('forgetVisitor', (request: FastifyRequest, reply: FastifyReply): void => {
    // The next call that needs a visitor makes a new one (its cookie then replaces this clearing).
    request.visitorId = null;
    reply.clearCookie(cookieName, cookieOptions);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    ensureVisitor(request: FastifyRequest, reply: FastifyReply): Promise<string>;
    /** This browser is no longer the visitor it was (a session ended): drops the visitor and its cookie. */
    forgetVisitor(request: FastifyRequest, reply: FastifyReply): void;
  }
}
