import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../config';
import type { FetchLike } from './fetch-json';
import { createPostcodeService } from './index';
import { EmbeddedPostcodes } from './local';
import { PostcodeServiceError } from './port';
import { PostcodesIo } from './postcodes-io';

// The live postcodes.io adapter against recorded answers of GET /postcodes/{postcode}; no test calls the
// real service (every fetch here is a fake that records what it was asked).

/** An answer of api.postcodes.io for SW1A 2AA, in its published shape. */
const SW1A_2AA = {
  status: 200,
  result: {
    postcode: 'SW1A 2AA',
    quality: 1,
    eastings: 530047,
    northings: 179951,
    country: 'England',
    nhs_ha: 'London',
    longitude: -0.127695,
    latitude: 51.50354,
    european_electoral_region: 'London',
    primary_care_trust: 'Westminster',
    region: 'London',
    lsoa: 'Westminster 018C',
    msoa: 'Westminster 018',
    incode: '2AA',
    outcode: 'SW1A',
    parliamentary_constituency: 'Cities of London and Westminster',
    parliamentary_constituency_2024: 'Cities of London and Westminster',
    admin_district: 'Westminster',
    parish: 'Westminster, unparished area',
    admin_county: null,
    date_of_introduction: '198001',
    admin_ward: "St James's",
    ced: null,
    ccg: 'NHS North West London',
    nuts: 'Westminster',
    pfa: 'Metropolitan Police',
    codes: {
      admin_district: 'E09000033',
      admin_county: 'E99999999',
      admin_ward: 'E05013806',
      parish: 'E43000236',
      parliamentary_constituency: 'E14001172',
      parliamentary_constituency_2024: 'E14001172',
      ccg: 'E38000256',
      ccg_id: 'W2U3Z',
      ced: 'E99999999',
      nuts: 'TLI32',
      lsoa: 'E01004736',
      msoa: 'E02000977',
      lau2: 'E09000033',
      pfa: 'E23000001',
    },
  },
};
const NOT_FOUND = { status: 404, error: 'Postcode not found' };
const INVALID = { status: 404, error: 'Invalid postcode' };

function fakeFetch(answer: () => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    return answer();
  };
  return { fetch, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('PostcodesIo', () => {
  test('asks GET {base}/postcodes/{compact postcode} for JSON and returns the result as it is', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, SW1A_2AA));
    const service = new PostcodesIo({ baseUrl: 'https://api.postcodes.io/', fetch });
    expect(await service.lookup(' sw1a 2aa ')).toEqual(SW1A_2AA.result);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://api.postcodes.io/postcodes/SW1A2AA');
    expect(calls[0]!.init.method).toBe('GET');
    expect(new Headers(calls[0]!.init.headers).get('accept')).toBe('application/json');
    expect(calls[0]!.init.signal).toBeInstanceOf(AbortSignal);
  });

  test('a self-hosted copy is called at its own base URL', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, SW1A_2AA));
    await new PostcodesIo({ baseUrl: 'http://postcodes.internal:8000', fetch }).lookup('SW1A2AA');
    expect(calls[0]!.url).toBe('http://postcodes.internal:8000/postcodes/SW1A2AA');
  });

  test('404 "Postcode not found" and 404 "Invalid postcode" are null', async () => {
    for (const body of [NOT_FOUND, INVALID]) {
      const { fetch } = fakeFetch(() => json(404, body));
      expect(
        await new PostcodesIo({ baseUrl: 'https://api.postcodes.io', fetch }).lookup('SW1A 9ZZ'),
      ).toBeNull();
    }
  });

  test('something that is not a postcode is null without a call', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, SW1A_2AA));
    expect(
      await new PostcodesIo({ baseUrl: 'https://api.postcodes.io', fetch }).lookup('../admin'),
    ).toBeNull();
    expect(calls).toHaveLength(0);
  });

  test('a 500, a body without JSON, a strange body, no answer and a slow answer are PostcodeServiceErrors', async () => {
    const cases: [() => Response | Promise<Response>, RegExp][] = [
      [() => json(500, { status: 500, error: '500 Server Error' }), /answered HTTP 500/],
      [() => new Response('<html>Bad gateway</html>', { status: 502 }), /HTTP 502 without JSON/],
      [() => json(200, { status: 200, result: { postcode: 'SW1A 2AA' } }), /unexpected body/],
      [
        () => {
          throw new TypeError('fetch failed');
        },
        /could not be reached/,
      ],
      [
        () => {
          throw new DOMException('The operation timed out.', 'TimeoutError');
        },
        /did not answer within 5 s/,
      ],
    ];
    for (const [answer, message] of cases) {
      const { fetch } = fakeFetch(answer);
      const error = await new PostcodesIo({ baseUrl: 'https://api.postcodes.io', fetch })
        .lookup('SW1A 2AA')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PostcodeServiceError);
      expect((error as Error).message).toMatch(message);
    }
  });
});

describe('createPostcodeService', () => {
  test('POSTCODES picks the embedded gazetteer (the default) or postcodes.io at POSTCODES_URL', async () => {
    expect(createPostcodeService(loadConfig({}).postcodes)).toBeInstanceOf(EmbeddedPostcodes);
    const live = loadConfig({ POSTCODES: 'live', POSTCODES_URL: 'https://postcodes.example/' }).postcodes;
    expect(live).toEqual({ mode: 'live', url: 'https://postcodes.example' });
    const { fetch, calls } = fakeFetch(() => json(200, SW1A_2AA));
    const service = createPostcodeService(live, fetch);
    expect(service.name).toBe('postcodes.io');
    await service.lookup('SW1A 2AA');
    expect(calls[0]!.url).toBe('https://postcodes.example/postcodes/SW1A2AA');
    expect(loadConfig({}).postcodes).toEqual({ mode: 'embedded', url: 'https://api.postcodes.io' });
    expect(() => loadConfig({ POSTCODES: 'remote' })).toThrow(/POSTCODES="remote"/);
  });

  test('the embedded service answers from the gazetteer, in the same shape', async () => {
    const service = new EmbeddedPostcodes();
    const result = await service.lookup('sw1a2aa');
    expect(Object.keys(result!).sort()).toEqual(Object.keys(SW1A_2AA.result).sort());
    expect(result).toMatchObject({ postcode: 'SW1A 2AA', latitude: 51.503541, longitude: -0.12767 });
    expect(await service.lookup('nonsense')).toBeNull();
    // Inside the outcodes it knows, every postcode, at the outcode's centroid; elsewhere in the UK, at the
    // district's centre (both approximate); a district that does not exist, nothing.
    const elsewhere = await service.lookup('M1 1AE');
    expect(Object.keys(elsewhere!).sort()).toEqual(Object.keys(SW1A_2AA.result).sort());
    expect(elsewhere).toMatchObject({ postcode: 'M1 1AE', outcode: 'M1', quality: 6, country: 'England' });
    expect(await service.lookup('M98 1AE')).toBeNull();
    const approximate = await service.lookup('SW1A 9ZZ');
    expect(Object.keys(approximate!).sort()).toEqual(Object.keys(SW1A_2AA.result).sort());
    expect(approximate).toMatchObject({ postcode: 'SW1A 9ZZ', outcode: 'SW1A', quality: 6 });
  });
});
