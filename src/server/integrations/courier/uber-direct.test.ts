import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import type { FetchLike } from '../postcodes/fetch-json';
import { CourierError, type DeliveryRequest } from './port';
import { structuredAddress, UberDirectCourier } from './uber-direct';

// The Uber Direct adapter against answers in the shapes Uber publishes for its DaaS API (the OAuth token, a
// delivery pending, riding to the customer, delivered, cancelled, and its errors). No test calls Uber: each
// fetch is a fake that records what it was asked and answers with a recorded shape.

const fixture = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`./fixtures/uber-direct/${name}.json`, import.meta.url), 'utf8'),
  ) as unknown;

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

function fakeUber(answers: [status: number, body: unknown][]) {
  const calls: Call[] = [];
  const fetchImpl: FetchLike = async (url, init) => {
    calls.push({
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body as string | undefined,
    });
    const [status, body] = answers.shift() ?? [500, { code: 'internal_server_error', message: 'boom' }];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { calls, fetchImpl };
}

const OPTIONS = {
  clientId: 'uber-client-id',
  clientSecret: 'uber-client-secret-value',
  customerId: 'cus_0a1b2c3d',
  apiUrl: 'https://api.uber.test',
  authUrl: 'https://login.uber.test/oauth/v2/token',
};

const REQUEST: DeliveryRequest = {
  externalId: '0b0b1c2e-4c8f-4d55-9a55-2f1c6f0e8a11',
  pickup: {
    name: 'Sfoglia Soho',
    address: '52 Dean Street, London, W1D 3GN',
    phone: '+442079460101',
    lat: 51.509576,
    lon: -0.132015,
  },
  dropoff: {
    name: 'Ada Lovelace',
    address: '10 Downing Street, London, SW1A 2AA',
    phone: '+447911123456',
    lat: 51.503541,
    lon: -0.12767,
    notes: 'Ring the bell',
  },
  items: [{ name: 'Tagliatelle al Ragù', quantity: 1 }],
  readyAt: new Date('2026-11-18T12:55:00Z'),
};

describe('Uber Direct', () => {
  test('creates a delivery: a client-credentials token, then the delivery with structured addresses', async () => {
    const { calls, fetchImpl } = fakeUber([
      [200, fixture('oauth_token')],
      [200, fixture('delivery.pending')],
    ]);
    const courier = new UberDirectCourier({ ...OPTIONS, fetch: fetchImpl });
    const delivery = await courier.createDelivery(REQUEST);
    expect(delivery).toMatchObject({
      id: 'del_aGMdIbN1QUqzyNjvJ_rGpA',
      status: 'pending',
      rider: null,
      pickup: { lat: 51.509576, lon: -0.132015 },
      dropoff: { lat: 51.503541, lon: -0.12767 },
      deliveredAt: null,
      trackingUrl: 'https://www.ubereats.com/orders/2f1c6f0e-8a11-4d55-9a55-0b0b1c2e4c8f',
    });
    expect(delivery.dropoffEta?.toISOString()).toBe('2026-11-18T13:14:00.000Z');

    const [auth, create] = calls;
    expect(auth!.url).toBe(OPTIONS.authUrl);
    expect(auth!.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(auth!.body))).toEqual({
      client_id: 'uber-client-id',
      client_secret: 'uber-client-secret-value',
      grant_type: 'client_credentials',
      scope: 'eats.deliveries',
    });
    expect(create!.url).toBe('https://api.uber.test/v1/customers/cus_0a1b2c3d/deliveries');
    expect(create!.headers.authorization).toMatch(/^Bearer IA\./);
    const body = JSON.parse(create!.body!);
    expect(body).toEqual({
      pickup_name: 'Sfoglia Soho',
      pickup_address: JSON.stringify({
        street_address: ['52 Dean Street'],
        city: 'London',
        state: '',
        zip_code: 'W1D 3GN',
        country: 'GB',
      }),
      pickup_phone_number: '+442079460101',
      pickup_latitude: 51.509576,
      pickup_longitude: -0.132015,
      pickup_ready_dt: '2026-11-18T12:55:00.000Z',
      dropoff_name: 'Ada Lovelace',
      dropoff_address: structuredAddress('10 Downing Street, London, SW1A 2AA'),
      dropoff_phone_number: '+447911123456',
      dropoff_latitude: 51.503541,
      dropoff_longitude: -0.12767,
      dropoff_notes: 'Ring the bell',
      manifest_items: [{ name: 'Tagliatelle al Ragù', quantity: 1, size: 'small' }],
      external_id: REQUEST.externalId,
    });
  });

  test('reads where the rider is, then the handover; keeps its token; cancels', async () => {
    const { calls, fetchImpl } = fakeUber([
      [200, fixture('oauth_token')],
      [200, fixture('delivery.dropoff')],
      [200, fixture('delivery.delivered')],
      [200, fixture('delivery.canceled')],
    ]);
    const courier = new UberDirectCourier({ ...OPTIONS, fetch: fetchImpl });
    const riding = await courier.getDelivery('del_aGMdIbN1QUqzyNjvJ_rGpA');
    expect(riding).toMatchObject({
      status: 'dropoff',
      rider: { name: 'Marco R.', lat: 51.507101, lon: -0.130412 },
      deliveredAt: null,
    });
    const delivered = await courier.getDelivery('del_aGMdIbN1QUqzyNjvJ_rGpA');
    expect(delivered.status).toBe('delivered');
    expect(delivered.deliveredAt?.toISOString()).toBe('2026-11-18T13:12:40.120Z');
    const cancelled = await courier.cancelDelivery('del_aGMdIbN1QUqzyNjvJ_rGpA');
    expect(cancelled.status).toBe('canceled');
    // One token for all three.
    expect(calls.filter((call) => call.url === OPTIONS.authUrl)).toHaveLength(1);
    expect(
      calls.map((call) => `${call.method} ${call.url.replace('https://api.uber.test', '')}`).slice(1),
    ).toEqual([
      'GET /v1/customers/cus_0a1b2c3d/deliveries/del_aGMdIbN1QUqzyNjvJ_rGpA',
      'GET /v1/customers/cus_0a1b2c3d/deliveries/del_aGMdIbN1QUqzyNjvJ_rGpA',
      'POST /v1/customers/cus_0a1b2c3d/deliveries/del_aGMdIbN1QUqzyNjvJ_rGpA/cancel',
    ]);
  });

  test('a 401 asks for a new token once; errors keep Uber’s code and never the secret', async () => {
    const { calls, fetchImpl } = fakeUber([
      [200, fixture('oauth_token')],
      [401, fixture('error.unauthorized')],
      [200, fixture('oauth_token')],
      [400, fixture('error.invalid_params')],
      [409, fixture('error.noncancelable_delivery')],
      [503, { code: 'service_unavailable', message: 'Try again' }],
    ]);
    const courier = new UberDirectCourier({ ...OPTIONS, fetch: fetchImpl });
    const refused = await courier.createDelivery(REQUEST).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CourierError);
    expect(refused).toMatchObject({ code: 'invalid_params', statusCode: 400 });
    expect(String((refused as Error).message)).not.toContain('uber-client-secret-value');
    expect(calls.filter((call) => call.url === OPTIONS.authUrl)).toHaveLength(2);
    await expect(courier.cancelDelivery('del_x')).rejects.toMatchObject({
      code: 'noncancelable_delivery',
      statusCode: 409,
    });
    await expect(courier.getDelivery('del_x')).rejects.toMatchObject({
      code: 'service_unavailable',
      statusCode: 502,
    });
  });

  test('bad credentials, an unreachable API and an unexpected answer are CourierErrors', async () => {
    const bad = new UberDirectCourier({
      ...OPTIONS,
      fetch: fakeUber([[401, fixture('error.unauthorized')]]).fetchImpl,
    });
    await expect(bad.getDelivery('del_x')).rejects.toMatchObject({ code: 'unauthorized' });
    const down = new UberDirectCourier({
      ...OPTIONS,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(down.getDelivery('del_x')).rejects.toMatchObject({ code: 'unreachable', statusCode: 502 });
    const odd = new UberDirectCourier({
      ...OPTIONS,
      fetch: fakeUber([
        [200, fixture('oauth_token')],
        [200, { id: 'del_x', status: 'teleported' }],
      ]).fetchImpl,
    });
    await expect(odd.getDelivery('del_x')).rejects.toMatchObject({ code: 'unexpected_answer' });
  });

  test('COURIER=uber_direct needs its three credentials', () => {
    expect(() => loadConfig({ COURIER: 'uber_direct' })).toThrow(ConfigError);
    expect(() => loadConfig({ COURIER: 'uber_direct', UBER_DIRECT_CLIENT_ID: 'abcd' })).toThrow(
      /UBER_DIRECT_CLIENT_SECRET, UBER_DIRECT_CUSTOMER_ID/,
    );
    const config = loadConfig({
      COURIER: 'uber_direct',
      UBER_DIRECT_CLIENT_ID: 'abcd',
      UBER_DIRECT_CLIENT_SECRET: 'efgh',
      UBER_DIRECT_CUSTOMER_ID: 'cus_1',
    });
    expect(config.courier).toEqual({
      mode: 'uber_direct',
      uberDirect: {
        clientId: 'abcd',
        clientSecret: 'efgh',
        customerId: 'cus_1',
        apiUrl: 'https://api.uber.com',
        authUrl: 'https://login.uber.com/oauth/v2/token',
      },
    });
    expect(loadConfig({}).courier).toEqual({ mode: 'embedded' });
  });
});
