import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isVisitorId } from '../../domain/experiments';
import { newToken } from '../security/tokens';

// Who a browser is to the experiments (decision 30): a random id in its own cookie, `sfoglia_ab`
// (`__Host-sfoglia_ab` over HTTPS). It is not the basket visitor's token (./visitor.ts, `sfoglia_vid`): that
// one is a secret, has a database row, and is dropped at sign-out so the next person at the browser cannot
// reach the customer's baskets. This one opens nothing and is stored nowhere: it only puts the browser in
// the same bucket of each experiment on every visit, before and after signing in or out. A page's first
// answer sets it, so the first screen is already the visitor's variant; so does GET /experiments for a
// client that starts there. Every other call only reads it.

declare module 'fastify' {
  interface FastifyRequest {
    /** The browser's experiment id (its cookie), or null when it has none yet. */
    experimentVisitorId: string | null;
  }
  interface FastifyInstance {
    /** The browser's experiment id, made (and its cookie set) if it has none. */
    ensureExperimentVisitor(request: FastifyRequest, reply: FastifyReply): string;
  }
}

const ONE_YEAR_S = 365 * 24 * 3600;

export function experimentCookieName(secure: boolean): string {
  return secure ? '__Host-sfoglia_ab' : 'sfoglia_ab';
}

export interface ExperimentVisitorOptions {
  secureCookies: boolean;
  /** A page load: given an id at once if it has none. */
  isPage(request: FastifyRequest): boolean;
  /** An API call: its id is read, never made (GET /experiments makes one through ensureExperimentVisitor). */
  isApi(request: FastifyRequest): boolean;
}

export function registerExperimentVisitors(
  app: FastifyInstance,
  { secureCookies, isPage, isApi }: ExperimentVisitorOptions,
): void {
  const cookieName = experimentCookieName(secureCookies);
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies,
    maxAge: ONE_YEAR_S,
  };
  const assign = (request: FastifyRequest, reply: FastifyReply): string => {
    // 16 random bytes: 22 characters of base64url.
    const id = newToken(16);
    reply.setCookie(cookieName, id, cookieOptions);
    request.experimentVisitorId = id;
    return id;
  };

  app.decorateRequest('experimentVisitorId', null);
  app.addHook('onRequest', async (request, reply) => {
    const page = isPage(request);
    if (!page && !isApi(request)) return;
    const given = request.cookies[cookieName];
    if (isVisitorId(given)) request.experimentVisitorId = given;
    else if (page) assign(request, reply);
  });
  app.decorate(
    'ensureExperimentVisitor',
    (request: FastifyRequest, reply: FastifyReply) => request.experimentVisitorId ?? assign(request, reply),
  );
}
