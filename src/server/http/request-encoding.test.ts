import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BODY_LIMIT, buildApp } from '../app';
import { loadConfig } from '../config';
import { API, expectError } from '../test/api-expect';
import { signedInCustomer } from '../test/accounts';
import { databaseState } from '../test/database-state';
import { createTestApp, Visitor, type TestApp } from '../test/harness';
import { registeredRoutes } from '../test/routes';

// Issue 19, item 21: a body with a Content-Encoding the server cannot decode answered 500 on every
// state-changing route, logged as an error with a stack. It is the client's mistake: 415 for a coding we do
// not read, 400 for a body that does not decode as its header says, logged at info without a stack. Every
// POST, PUT, PATCH and DELETE in Fastify's route table gets each kind of bad encoding.

const JSON_BODY = JSON.stringify({ type: 'RecipeKitBasket' });
const plain = Buffer.from(JSON_BODY);

/** Bodies whose Content-Encoding cannot be honoured, and what each must answer. */
const BAD_ENCODINGS: { label: string; encoding: string; payload: Buffer; status: 400 | 415 }[] = [
  { label: 'gzip with a plain body', encoding: 'gzip', payload: plain, status: 400 },
  { label: 'deflate with a plain body', encoding: 'deflate', payload: plain, status: 400 },
  { label: 'br with a plain body', encoding: 'br', payload: plain, status: 400 },
  { label: 'gzip cut short', encoding: 'gzip', payload: gzipSync(plain).subarray(0, 12), status: 400 },
  { label: 'an unknown coding', encoding: 'x-foo', payload: plain, status: 415 },
  { label: 'gzip twice', encoding: 'gzip, gzip', payload: gzipSync(gzipSync(plain)), status: 415 },
  { label: 'a coding and identity', encoding: 'gzip, identity', payload: gzipSync(plain), status: 415 },
  { label: 'compress (LZW)', encoding: 'compress', payload: plain, status: 415 },
  { label: 'zstd', encoding: 'zstd', payload: plain, status: 415 },
];

let t: TestApp;
let app: FastifyInstance;
const lines: string[] = [];
let customer: Visitor;

beforeAll(async () => {
  t = await createTestApp();
  // The same app with its logger on at info, to see how each refusal is logged.
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }),
    database: t.database,
    clock: t.clock,
    serveWeb: false,
    logStream: { write: (line) => void lines.push(line) },
  });
  await app.ready();
  // Signed in, so that no route refuses the caller before it would read the body.
  customer = (await signedInCustomer({ ...t, app, visitor: () => new Visitor(app, t.config.branch) }))
    .visitor;
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

function send(method: string, url: string, encoding: string, payload: Buffer) {
  return customer.request(method as 'POST', url, {
    raw: payload as unknown as string,
    headers: { 'content-type': 'application/json', 'content-encoding': encoding },
  });
}

/** "/api/v2/baskets/{id}/items/{itemId}" with an id of the right shape in each parameter. */
function urlOf(path: string): string {
  return path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-00000000f021');
}

describe('a body in a Content-Encoding the server cannot decode', () => {
  test('answers 415 or 400 with a stable code on every state-changing route, logged at info, changing nothing', async () => {
    const routes = registeredRoutes(app)
      .map((route) => route.split(' ') as [string, string])
      .filter(([method]) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method));
    // The API's own, and the embedded outsiders' (storefront, local sign-in, payment pages, mailbox).
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.some(([, path]) => path === '/storefront/graphql')).toBe(true);

    const before = await databaseState(t);
    const problems: string[] = [];
    for (const [method, path] of routes) {
      for (const bad of BAD_ENCODINGS) {
        lines.length = 0;
        const response = await send(method, urlOf(path), bad.encoding, bad.payload);
        const where = `${method} ${path} with ${bad.label}`;
        const code = bad.status === 415 ? 'UNSUPPORTED_CONTENT_ENCODING' : 'BODY_NOT_DECODABLE';
        const error = (response.body as { errors?: { code?: string; status?: string }[] }).errors?.[0];
        if (response.status !== bad.status || error?.code !== code || error.status !== String(bad.status)) {
          problems.push(`${where}: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
          continue;
        }
        if (bad.status === 415 && response.headers['accept-encoding'] !== 'gzip, deflate, br') {
          problems.push(`${where}: no Accept-Encoding naming what we read`);
        }
        const logged = lines.map((line) => JSON.parse(line) as Record<string, any>);
        const refused = logged.filter((line) => line.msg === 'request refused');
        if (refused.length !== 1 || refused[0]!.level !== 30 || refused[0]!.code !== code) {
          problems.push(`${where}: not one info line naming ${code}: ${JSON.stringify(refused)}`);
        }
        if (logged.some((line) => line.level >= 40 || JSON.stringify(line).includes('"stack"'))) {
          problems.push(`${where}: logged as a warning or error, or with a stack`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(await databaseState(t)).toEqual(before);
  }, 120_000);

  test('says what to send instead, and never echoes the header', async () => {
    const unknown = await send('POST', `${API}/baskets`, 'x-<script>', plain);
    const [error] = expectError(unknown, 415, 'UNSUPPORTED_CONTENT_ENCODING');
    expect(error!.detail).toBe(
      'Send the request body uncompressed, or compressed once with gzip, deflate, br',
    );
    expect(JSON.stringify(unknown.body)).not.toContain('script');

    const broken = await send('POST', `${API}/baskets`, 'gzip', plain);
    expectError(broken, 400, 'BODY_NOT_DECODABLE', /could not be decoded as its Content-Encoding says/);
  });
});

describe('a body in a coding the server reads', () => {
  test('gzip, deflate and br (in any case) are decoded and the request does its work', async () => {
    for (const [encoding, payload] of [
      ['gzip', gzipSync(plain)],
      ['Deflate', deflateSync(plain)],
      [' BR ', brotliCompressSync(plain)],
      ['identity', plain],
    ] as const) {
      const visitor = new Visitor(app, t.config.branch);
      const response = await visitor.request('POST', `${API}/baskets`, {
        raw: payload as unknown as string,
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
      });
      expect(response.status, `${encoding}: ${JSON.stringify(response.body)}`).toBe(201);
    }
  });

  test('the size limit counts the decoded body: a small gzip of a huge body is 413', async () => {
    const bomb = gzipSync(JSON.stringify({ padding: ' '.repeat(BODY_LIMIT * 16) }));
    expect(bomb.length).toBeLessThan(BODY_LIMIT / 16);
    const response = await send('POST', `${API}/baskets`, 'gzip', bomb);
    expectError(response, 413, 'PAYLOAD_TOO_LARGE');
  });
});
