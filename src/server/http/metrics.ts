import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppMetrics } from '../observability/metrics';
import { clientAddress } from './client-address';
import { sendNotFound } from './error-handler';

// GET /metrics (issue 25 part 6; docs/operations.md): Prometheus' text format, never public. With
// METRICS_TOKEN set it answers only `Authorization: Bearer <token>`; without one, only a client on the
// loopback or a private network (the address Fastify trusts: TRUST_PROXY). Anyone else gets the 404 any
// unknown path gets, so its being there is not given away.

export interface MetricsRoutesOptions {
  metrics: AppMetrics;
  /** METRICS_TOKEN, or null: then loopback and private addresses only. */
  token: string | null;
  /** With several server processes, the figures of all of them (observability/cluster-metrics.ts). */
  collect?: () => Promise<string>;
}

/** 127/8, 10/8, 172.16/12, 192.168/16, ::1, and IPv6's unique local fc00::/7. */
const INTERNAL = new BlockList();
INTERNAL.addSubnet('127.0.0.0', 8, 'ipv4');
INTERNAL.addSubnet('10.0.0.0', 8, 'ipv4');
INTERNAL.addSubnet('172.16.0.0', 12, 'ipv4');
INTERNAL.addSubnet('192.168.0.0', 16, 'ipv4');
INTERNAL.addAddress('::1', 'ipv6');
INTERNAL.addSubnet('fc00::', 7, 'ipv6');

/** Whether an address is on the loopback or a private network (IPv4 written as IPv6 `::ffff:a.b.c.d` too). */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  try {
    return INTERNAL.check(ip, isIPv4(ip) ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The bearer token compared in constant time (both hashed first, so their lengths say nothing either). */
export function hasMetricsToken(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer ([\x21-\x7e]+)$/.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

/**
 * Who may read /metrics. Without a token: the client's address must be internal, and a request that came
 * through a proxy we do not trust (it names a client we cannot check: X-Forwarded-For or Forwarded with
 * TRUST_PROXY unset) is refused, or a proxy on this machine would make every visitor look local.
 */
export function mayReadMetrics(request: FastifyRequest, token: string | null): boolean {
  if (token !== null) return hasMetricsToken(request.headers.authorization, token);
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  const trusted = request.ips !== undefined && request.ips.length > 1;
  if (forwarded && !trusted) return false;
  return isInternalAddress(clientAddress(request));
}

export async function metricsRoutes(app: FastifyInstance, { metrics, token, collect }: MetricsRoutesOptions) {
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    if (!mayReadMetrics(request, token)) return sendNotFound(request, reply);
    const text = await (collect ?? metrics.text)();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}
