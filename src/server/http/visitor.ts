import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { visitors } from '../db/schema/baskets';
import type { Db } from '../db/client';
import { hashToken, newToken } from './tokens';

// A visitor is a browser, known by a random token in an HttpOnly cookie. Baskets belong to a visitor, so a
// basket is invisible to anyone else. The visitor row is created on the first call that needs one.

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

export function registerVisitors(
  app: FastifyInstance,
  { db, secureCookies, prefixes }: VisitorOptions,
): void {
  const cookieName = visitorCookieName(secureCookies);
  app.decorateRequest('visitorId', null);
  app.addHook('onRequest', async (request) => {
    if (!prefixes.some((prefix) => request.url.startsWith(prefix))) return;
    const token = request.cookies[cookieName];
    if (!token || token.length > 64) return;
    const [row] = await db
      .select({ id: visitors.id, lastSeenAt: visitors.lastSeenAt })
      .from(visitors)
      .where(eq(visitors.tokenHash, hashToken(token)))
      .limit(1);
    if (!row) return;
    request.visitorId = row.id;
    if (Date.now() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await db
        .update(visitors)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(visitors.id, row.id));
    }
  });

  app.decorate('ensureVisitor', async (request: FastifyRequest, reply: FastifyReply): Promise<string> => {
    if (request.visitorId) return request.visitorId;
    const token = newToken();
    const [row] = await db
      .insert(visitors)
      .values({ tokenHash: hashToken(token) })
      .returning({ id: visitors.id });
    reply.setCookie(cookieName, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      maxAge: ONE_YEAR_S,
    });
    request.visitorId = row!.id;
    return row!.id;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    ensureVisitor(request: FastifyRequest, reply: FastifyReply): Promise<string>;
  }
}
