import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../domain/errors';
import { routedPath } from './routed-path';

// The client sends the fixed branch header on every call; state-changing calls without it are refused.
// Together with SameSite=Lax cookies this is the CSRF defence: a cross-site form cannot set a header, and
// a cross-site fetch that does needs a CORS preflight we never grant.

export const BRANCH_HEADER = 'x-branch';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function requireBranchHeader(app: FastifyInstance, branch: string, prefixes: readonly string[]): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    // The routed path: "/%61pi/v2/baskets" is the API too.
    const path = routedPath(request);
    if (!prefixes.some((prefix) => path.startsWith(prefix))) return;
    const value = request.headers[BRANCH_HEADER];
    if (value === undefined || value === '') {
      throw new DomainError('BRANCH_HEADER_MISSING', 'This request needs the X-Branch header');
    }
    if (value !== branch) {
      throw new DomainError('BRANCH_HEADER_MISSING', `The X-Branch header must be "${branch}"`);
    }
  });
}
