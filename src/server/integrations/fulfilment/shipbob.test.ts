import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { IsoDate } from '../../../domain/calendar';
import { createShipBobFulfilment } from './shipbob';
import { FulfilmentError, type ParcelRequest } from './port';

// The ShipBob adapter against recorded response shapes (fixtures/shipbob: an order as its API answers when
// created, labelled, handed to the courier, delivered, in exception; the list by reference; the 422 of a
// duplicate reference), through a fetch that checks each request as ShipBob would receive it.

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/shipbob/${name}.json`, import.meta.url), 'utf8');

const REQUEST: ParcelRequest = {
  reference: '3f2b8a8e-1c5d-4a43-9d0e-1b9e9c1f7a11',
  orderNumber: '#100042',
  deliveryDate: '2026-12-02' as IsoDate,
  recipient: {
    name: 'Ada Lovelace',
    address1: '10 Downing Street',
    address2: null,
    city: 'London',
    postcode: 'SW1A 2AA',
    phone: null,
    email: 'ada@example.com',
  },
  note: 'Leave with the porter',
  items: [{ sku: 'KIT-PUTT-R', title: 'Vegan Puttanesca', quantity: 1 }],
};

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

function shipbob(answers: Record<string, [number, string]>) {
  const seen: Seen[] = [];
  const fetchDouble = (async (url: string, init: RequestInit) => {
    seen.push({
      method: init.method ?? 'GET',
      url,
      headers: init.headers as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : null,
    });
    const key = `${init.method ?? 'GET'} ${new URL(url).pathname}${new URL(url).search}`;
    const answer = answers[key];
    if (!answer) return new Response('{"title":"Not Found"}', { status: 404 });
    return new Response(answer[1], { status: answer[0], headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  const port = createShipBobFulfilment({
    apiUrl: 'https://sandbox-api.shipbob.com/',
    token: 'pat_test_123456789',
    channelId: '341',
    shippingMethod: 'Next Day Chilled',
    fetch: fetchDouble,
  });
  return { port, seen };
}

describe('ShipBob', () => {
  test('creates the order with our order id as its reference, the recipient, the products by SKU and the day', async () => {
    const { port, seen } = shipbob({ 'POST /1.0/order': [201, fixture('order.created')] });
    const parcel = await port.submitParcel(REQUEST);
    expect(parcel).toEqual({ ref: '219504830', status: 'accepted', trackingUrl: null });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('https://sandbox-api.shipbob.com/1.0/order');
    expect(seen[0]!.headers).toMatchObject({
      Authorization: 'Bearer pat_test_123456789',
      shipbob_channel_id: '341',
      'Content-Type': 'application/json',
    });
    expect(seen[0]!.body).toMatchObject({
      reference_id: REQUEST.reference,
      order_number: '#100042',
      type: 'DTC',
      shipping_method: 'Next Day Chilled',
      recipient: {
        name: 'Ada Lovelace',
        address: { address1: '10 Downing Street', city: 'London', zip_code: 'SW1A 2AA', country: 'GB' },
        email: 'ada@example.com',
      },
      products: [{ reference_id: 'KIT-PUTT-R', name: 'Vegan Puttanesca', quantity: 1 }],
      tags: [
        { name: 'Delivery date', value: '2026-12-02' },
        { name: 'Delivery note', value: 'Leave with the porter' },
      ],
    });
  });

  test('a reference created before (a retry, another worker) is the same parcel', async () => {
    const { port, seen } = shipbob({
      'POST /1.0/order': [422, fixture('error.duplicate-reference')],
      [`GET /1.0/order?ReferenceIds=${REQUEST.reference}`]: [200, fixture('orders.by-reference')],
    });
    expect(await port.submitParcel(REQUEST)).toMatchObject({ ref: '219504830', status: 'accepted' });
    expect(seen.map((s) => s.method)).toEqual(['POST', 'GET']);
  });

  test.each([
    ['order.created', 'accepted', null],
    ['order.labeled', 'packed', 'https://track.dpd.co.uk/parcels/15501234567890'],
    ['order.completed', 'out_for_delivery', 'https://track.dpd.co.uk/parcels/15501234567890'],
    ['order.delivered', 'delivered', 'https://track.dpd.co.uk/parcels/15501234567890'],
    ['order.exception', 'problem', null],
  ])('reads %s as %s', async (name, status, trackingUrl) => {
    const { port, seen } = shipbob({ 'GET /1.0/order/219504830': [200, fixture(name)] });
    expect(await port.parcel('219504830')).toEqual({ ref: '219504830', status, trackingUrl });
    expect(seen[0]!.headers.Authorization).toBe('Bearer pat_test_123456789');
  });

  test('ShipBob down or refusing is a FulfilmentError (asked again later), never a wrong status', async () => {
    const { port } = shipbob({ 'GET /1.0/order/1': [503, '{"title":"Service Unavailable"}'] });
    await expect(port.parcel('1')).rejects.toBeInstanceOf(FulfilmentError);
    await expect(port.parcel('2')).rejects.toMatchObject({ statusCode: 404 });
    const unreachable = createShipBobFulfilment({
      apiUrl: 'https://sandbox-api.shipbob.com',
      token: 'pat_test_123456789',
      channelId: '341',
      shippingMethod: 'Next Day Chilled',
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch,
    });
    await expect(unreachable.submitParcel(REQUEST)).rejects.toMatchObject({ statusCode: 503 });
  });
});
