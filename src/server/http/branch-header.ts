import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../domain/errors';

// The client sends the fixed branch header on every call; state-changing calls without it are refused.
// Together with SameSite=Lax cookies this is the CSRF defence: a cross-site form cannot set a header, and
// a cross-site fetch that does needs a CORS preflight we never grant.

export const BRANCH_HEADER = 'x-branch';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function requireBranchHeader(app: FastifyInstance, branch: string, prefixes: readonly string[]): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!prefixes.some((prefix) => request.url.startsWith(prefix))) return;
    const value = request.headers[BRANCH_HEADER];
    if (value === undefined || value === '') {
      throw new DomainError('BRANCH_HEADER_MISSING', 'This request needs the X-Branch header');
    }
    if (value !== branch) {
      throw new DomainError('BRANCH_HEADER_MISSING', `The X-Branch header must be "${branch}"`);
    }
  });
}
