import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/harness';
import { CONFIG_PLACEHOLDER } from './web-app';
import { canonicalPageUrl } from './canonical-origin';

// The web app's pages through the whole app (issue 9, items 4 and 5): the app's pages answer 200 and any
// other page path 404 with the same app (no soft 404s); a page load on another host than PUBLIC_URL's is sent
// to PUBLIC_URL, and the API never is.

const INDEX = `<!doctype html><html><head><title>Sfoglia</title>${CONFIG_PLACEHOLDER}</head><body><div id="root"></div></body></html>`;
const PUBLIC_URL = 'http://localhost:4000';
const HOST = 'localhost:4000';

let t: TestApp;
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'sfoglia-pages-'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: dir, PUBLIC_URL }),
    database: t.database,
    clock: t.clock,
    logger: false,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, host = HOST, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { host, ...headers } });

describe('page paths', () => {
  test.each([
    '/',
    '/?token=abc',
    '/menu',
    '/menu/',
    '/MENU',
    '/one-off/menu',
    '/gift-boxes',
    '/gift-boxes/pasta-lovers',
    '/gift-boxes/pasta-lovers/send',
    '/order/ord_01HZX',
    '/payment/ord_01HZX',
    '/checkout/delivery/instructions',
    '/one-off/checkout/payment',
    '/account',
    '/account/my-details',
    '/login?return_to=%2Faccount',
  ])('%s is a page: 200 with the app', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<div id="root">');
  });

  test.each([
    '/no-such-page',
    '/menu/nope',
    '/menus',
    '/order',
    '/order/1/2',
    '/checkout/nope',
    '/account/upcoming-orders/x',
    '/gift-boxes/pasta-lovers/send/again',
  ])('%s is not: 404 with the same app, which shows its not-found screen', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<div id="root">');
    expect(response.body).toContain('id="sfoglia-config"');
  });

  test('the API and files still answer their own 404s', async () => {
    const api = await get('/api/v2/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/json/);
    expect((await get('/no-such-file.png')).statusCode).toBe(404);
    expect((await get('/no-such-file.png')).body).not.toContain('<div id="root">');
  });
});

describe('one origin: PUBLIC_URL', () => {
  test('a page load on another host goes to the same page on PUBLIC_URL, query and all', async () => {
    for (const [host, url] of [
      ['127.0.0.1:4000', '/menu?week=2026-11-30'],
      ['127.0.0.1:4000', '/'],
      ['shop.internal:4000', '/order/ord_1'],
      ['127.0.0.1:4000', '/no-such-page'],
    ] as const) {
      const response = await get(url, host);
      expect(response.statusCode, `${host}${url}`).toBe(302);
      expect(response.headers.location).toBe(`${PUBLIC_URL}${url}`);
      // Nothing is set on the wrong host.
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  test('on PUBLIC_URL’s host (in any case, a default port written out or not) nothing moves', async () => {
    expect((await get('/menu', 'LOCALHOST:4000')).statusCode).toBe(200);
    expect(canonicalPageUrl('localhost:80', '/menu', 'http://localhost')).toBeNull();
    expect(canonicalPageUrl('shop.example', '/menu', 'https://shop.example/')).toBeNull();
    expect(canonicalPageUrl('shop.example:443', '/menu', 'https://shop.example')).toBeNull();
    expect(canonicalPageUrl('www.shop.example', '/menu?a=1', 'https://shop.example/')).toBe(
      'https://shop.example/menu?a=1',
    );
    expect(canonicalPageUrl(undefined, '/menu', 'https://shop.example')).toBeNull();
  });

  test('the API, the storefront and the server’s own pages are never redirected', async () => {
    const settings = await get('/api/v2/settings', '127.0.0.1:4000');
    expect(settings.statusCode).toBe(200);
    const post = await app.inject({
      method: 'POST',
      url: '/api/v2/baskets',
      headers: { host: '127.0.0.1:4000', 'x-branch': 'web', 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'RecipeKitBasket' }),
    });
    expect(post.statusCode).not.toBe(302);
    expect((await get('/healthz', '127.0.0.1:4000')).statusCode).toBe(200);
    expect((await get('/dev/mailbox', '127.0.0.1:4000')).statusCode).not.toBe(302);
  });

  test('X-Forwarded-Host counts only from a trusted proxy', async () => {
    // Not trusted (TRUST_PROXY=0): the Host header is what counts.
    const spoofed = await get('/menu', HOST, { 'x-forwarded-host': 'evil.example' });
    expect(spoofed.statusCode).toBe(200);
  });
});
