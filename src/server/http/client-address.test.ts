import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { API } from '../test/api-expect';
import { clearRateLimits, PASSWORD, uniqueEmail } from '../test/accounts';
import { createTestApp, PRODUCTION, Visitor, type TestApp } from '../test/harness';
import { LIMITS } from '../security/rate-limit';

// Who the client is, for the per-address limits (issue 8, item 6): X-Forwarded-For is believed only from the
// proxies TRUST_PROXY names (a hop count, or addresses/CIDRs). The default trusts no one, in production too,
// so a client rotating the header is one client.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The app as configured by `env`, with a route that tells the address it sees. */
async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }),
    database: t.database,
    clock: t.clock,
    serveWeb: false,
    logger: false,
  });
  app.get('/test/client-address', async (request) => ({ ip: request.ip }));
  await app.ready();
  return app;
}

async function addressSeen(app: FastifyInstance, remoteAddress: string, forwardedFor?: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/test/client-address',
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  return (response.json() as { ip: string }).ip;
}

describe('TRUST_PROXY', () => {
  test('is read once at start: unset is 0 (no one), in production too', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toBe(0);
    expect(loadConfig(PRODUCTION).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  test('anything else stops the start, naming the variable (never "trust everyone")', () => {
    for (const value of [
      'true',
      '*',
      '-1',
      '11',
      '1.5',
      '300.1.1.1',
      '10.0.0.0/33',
      '10.0.0.1,',
      'proxy.local',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY=/);
    }
  });
});

describe('the client address', () => {
  test('by default a rotated X-Forwarded-For changes nothing: the client is the TCP peer', async () => {
    for (const env of [PRODUCTION, {}, { TRUST_PROXY: '0' }] as Record<string, string>[]) {
      const app = await appWith(env);
      try {
        for (const forwarded of [undefined, '203.0.113.1', '198.51.100.2, 203.0.113.3', 'nonsense']) {
          expect(await addressSeen(app, '192.0.2.10', forwarded)).toBe('192.0.2.10');
        }
      } finally {
        await app.close();
      }
    }
  });

  test('with TRUST_PROXY=1 the last hop, as the one proxy in front saw it, is the client', async () => {
    const app = await appWith({ TRUST_PROXY: '1' });
    try {
      expect(await addressSeen(app, '10.0.0.2', '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
      expect(await addressSeen(app, '10.0.0.2', '198.51.100.7')).toBe('198.51.100.7');
      // A client that adds its own entries only changes the ones before the proxy's.
      expect(await addressSeen(app, '10.0.0.2', '1.1.1.1, 2.2.2.2, 198.51.100.7')).toBe('198.51.100.7');
      expect(await addressSeen(app, '10.0.0.2')).toBe('10.0.0.2');
    } finally {
      await app.close();
    }
  });

  test('with a list, only the proxies at those addresses are believed', async () => {
    const app = await appWith({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      expect(await addressSeen(app, '10.0.0.2', '203.0.113.9, 10.1.2.3')).toBe('203.0.113.9');
      // Not from a trusted proxy: the header is ignored.
      expect(await addressSeen(app, '192.0.2.66', '203.0.113.9')).toBe('192.0.2.66');
    } finally {
      await app.close();
    }
  });

  test('in production, the per-address sign-up limit holds for a client rotating X-Forwarded-For', async () => {
    const app = await appWith(PRODUCTION);
    try {
      await clearRateLimits(t);
      const statuses: number[] = [];
      for (let i = 0; i <= LIMITS.signUpPerAddress.max; i++) {
        const response = await new Visitor(app, 'web').post(
          `${API}/customers`,
          { first_name: 'Rota', last_name: 'Ting', email: uniqueEmail('rotating'), password: PASSWORD },
          { 'x-forwarded-for': `203.0.113.${i + 1}` },
        );
        statuses.push(response.status);
      }
      expect(statuses.slice(0, -1).every((status) => status < 300)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await clearRateLimits(t);
      await app.close();
    }
  });
});
