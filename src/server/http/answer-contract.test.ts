import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { buildApp, API_PREFIX } from '../app';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/harness';
import { basketDocument } from '../../contracts/baskets';
import { emptyBasketAnswer } from '../test/answers';

// Decision 31: a production page reads the server's answers without checking them, so the server never sends
// an answer its contract does not allow; it answers 500 and says in its log what broke the contract, under
// the request's id. And every line a request logs names that request (issue 24: the id is no longer bound
// into a pino child per request, but written on each line).

let t: TestApp;
let app: FastifyInstance;
const lines: string[] = [];
const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

const priced = z.object({
  data: z.object({ id: z.string(), total: z.int(), label: z.optional(z.string()) }),
});

beforeAll(async () => {
  t = await createTestApp();
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }),
    database: t.database,
    clock: t.clock,
    serveWeb: false,
    logStream: { write: (line) => void lines.push(line) },
  });
  // Routes with a contract, whose handlers answer what the test asks for.
  await app.register(
    async (api) => {
      api.post(
        '/answer-contract-test',
        { schema: { response: { 200: priced } } },
        async (request) => (request.body as { answer: unknown }).answer,
      );
      api.post(
        '/answer-contract-test/basket',
        { schema: { response: { 200: basketDocument } } },
        async (request) => (request.body as { answer: unknown }).answer,
      );
      api.get('/answer-contract-test/logs', async (request) => {
        request.log.info({ step: 'own line' }, 'the handler logs');
        request.log.child({ part: 'inner' }).warn('a child of the request logs');
        return { ok: true };
      });
    },
    { prefix: API_PREFIX },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

function post(path: string, answer: unknown, requestId: string) {
  return app.inject({
    method: 'POST',
    url: `${API_PREFIX}${path}`,
    headers: { 'x-branch': t.config.branch, 'x-request-id': requestId },
    payload: { answer },
  });
}

describe('an answer', () => {
  test('that keeps its contract is sent snake_case, without what the contract does not list', async () => {
    const response = await post(
      '/answer-contract-test',
      { data: { id: 'a1', total: 250, internalNote: 'not for the wire' } },
      'contract-ok-0001',
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"data":{"id":"a1","total":250}}');
  });

  test('that breaks its contract is never sent: a 500 with the request’s reference, and a log line saying what broke', async () => {
    lines.length = 0;
    const requestId = 'contract-broken-0001';
    const response = await post('/answer-contract-test', { data: { id: 'a1', total: 2.71828 } }, requestId);
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('2.71828');
    expect(response.json()).toMatchObject({
      errors: [{ status: '500', code: 'INTERNAL', detail: expect.stringContaining(requestId) }],
    });
    // What broke, where; never the value itself.
    expect(lines.join('')).not.toContain('2.71828');
    const errors = logged().filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      reqId: requestId,
      err: {
        type: 'ResponseContractError',
        message: `POST ${API_PREFIX}/answer-contract-test: the response breaks its contract: data.total must be a whole number`,
      },
    });
  });

  test('of a basket with a delivery date that is not a date is refused too', async () => {
    const basket = emptyBasketAnswer();
    expect((await post('/answer-contract-test/basket', basket, 'contract-ok-0002')).statusCode).toBe(200);
    lines.length = 0;
    basket.data.attributes.deliveryDate = '2026-02-30';
    const response = await post('/answer-contract-test/basket', basket, 'contract-broken-0002');
    expect(response.statusCode).toBe(500);
    const errors = logged().filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      reqId: 'contract-broken-0002',
      err: {
        message: `POST ${API_PREFIX}/answer-contract-test/basket: the response breaks its contract: data.attributes.delivery_date must be a date as YYYY-MM-DD`,
      },
    });
  });
});

test('every line a request logs names the request; lines of no request name none', async () => {
  lines.length = 0;
  const requestId = 'logged-request-0001';
  const response = await app.inject({
    method: 'GET',
    url: `${API_PREFIX}/answer-contract-test/logs`,
    headers: { 'x-request-id': requestId },
  });
  expect(response.statusCode).toBe(200);
  app.log.info('not in a request');
  const all = logged();
  const messages = all.map((line) => line.msg);
  expect(messages).toEqual([
    'incoming request',
    'the handler logs',
    'a child of the request logs',
    'request completed',
    'not in a request',
  ]);
  for (const line of all.slice(0, 4)) expect(line.reqId, String(line.msg)).toBe(requestId);
  expect(all[2]).toMatchObject({ part: 'inner' });
  expect(all[4]).not.toHaveProperty('reqId');

  // Two requests at once: each line names its own.
  lines.length = 0;
  await Promise.all(
    ['logged-request-0002', 'logged-request-0003'].map((id) =>
      app.inject({
        method: 'GET',
        url: `${API_PREFIX}/answer-contract-test/logs`,
        headers: { 'x-request-id': id },
      }),
    ),
  );
  const ids = logged().map((line) => line.reqId);
  expect(ids.filter((id) => id === 'logged-request-0002')).toHaveLength(4);
  expect(ids.filter((id) => id === 'logged-request-0003')).toHaveLength(4);
  expect(ids).toHaveLength(8);
});
