import type { FastifyRequest } from 'fastify';

/** Who the client is, for the per-address limits: the address Fastify trusts (TRUST_PROXY). */
export function clientAddress(request: FastifyRequest): string {
  return request.ip || 'unknown';
}
