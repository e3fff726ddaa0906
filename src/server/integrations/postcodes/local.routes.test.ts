import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectError } from '../../test/api-expect';
import { createTestApp, type TestApp } from '../../test/harness';

// GET /postcodes/{postcode}: the embedded postcodes.io, outside /api/v2, answering exactly as postcodes.io
// does: `{ status: 200, result }`, `{ status: 404, error }`, snake_case keys as they are, no branch header.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /postcodes/{postcode}', () => {
  test("a postcode of the gazetteer: 200 with postcodes.io's result, no branch header or cookie needed", async () => {
    const response = await get('/postcodes/SW1A2AA');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['set-cookie']).toBeUndefined();
    const body = response.json();
    expect(Object.keys(body)).toEqual(['status', 'result']);
    expect(body.status).toBe(200);
    expect(body.result).toMatchObject({
      postcode: 'SW1A 2AA',
      outcode: 'SW1A',
      incode: '2AA',
      latitude: 51.503541,
      longitude: -0.12767,
      eastings: expect.any(Number),
      northings: expect.any(Number),
      admin_district: 'Westminster',
      parliamentary_constituency: 'Cities of London and Westminster',
      region: 'London',
      country: 'England',
      codes: expect.objectContaining({ admin_district: 'E09000033' }),
    });
  });

  test('however the postcode is written: lower case, mixed case, with spaces', async () => {
    for (const url of ['/postcodes/sw1a%202aa', '/postcodes/Sw1A2aA', '/postcodes/%20SW1A%202AA%20']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json().result.postcode).toBe('SW1A 2AA');
    }
  });

  test('a postcode of a UK district the gazetteer does not know (M1 1AE): at the district centre, quality 6', async () => {
    const response = await get('/postcodes/M11AE');
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({
      postcode: 'M1 1AE',
      outcode: 'M1',
      incode: '1AE',
      quality: 6,
      eastings: null,
      northings: null,
      country: 'England',
      latitude: expect.closeTo(53.48, 1),
      longitude: expect.closeTo(-2.24, 1),
    });
    // Belfast and Edinburgh's other districts too; a district that does not exist is not found.
    expect((await get('/postcodes/BT11AA')).json().result).toMatchObject({ country: 'Northern Ireland' });
    expect((await get('/postcodes/M981AA')).json()).toEqual({ status: 404, error: 'Postcode not found' });
  });

  test('any other postcode of an outcode it knows (BN2 1FJ): at the outcode centroid, quality 6', async () => {
    const response = await get('/postcodes/BN21FJ');
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result).toMatchObject({
      postcode: 'BN2 1FJ',
      outcode: 'BN2',
      incode: '1FJ',
      quality: 6,
      eastings: null,
      northings: null,
      admin_district: 'Brighton and Hove',
      country: 'England',
    });
    expect(typeof result.latitude).toBe('number');
    expect(typeof result.longitude).toBe('number');
    // A postcode the gazetteer lists keeps its own place, at quality 1.
    expect((await get('/postcodes/SW1A2AA')).json().result.quality).toBe(1);
  });

  test('something that is not a postcode: 404 "Invalid postcode", as postcodes.io answers', async () => {
    for (const url of ['/postcodes/notapostcode', '/postcodes/12345', `/postcodes/${'A'.repeat(150)}`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ status: 404, error: 'Invalid postcode' });
    }
  });

  test('no postcode at all: 400, as postcodes.io answers', async () => {
    const response = await get('/postcodes');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 400,
      error: 'No postcode query submitted. Remember to include query parameter',
    });
  });

  test('is not part of the documented API', async () => {
    const doc = (await get('/api/docs/json')).json();
    expect(Object.keys(doc.paths).some((path) => path.startsWith('/postcodes'))).toBe(false);
  });
});

describe('with POSTCODES=live', () => {
  test('the embedded page is not served: /postcodes/… is a JSON 404, never the web app', async () => {
    const live = await createTestApp({ POSTCODES: 'live' });
    try {
      expectError(await live.visitor().get('/postcodes/SW1A2AA'), 404, 'ROUTE_NOT_FOUND');
    } finally {
      await live.close();
    }
  });
});
