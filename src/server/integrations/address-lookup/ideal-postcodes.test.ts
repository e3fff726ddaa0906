import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import type { FetchLike } from '../postcodes/fetch-json';
import { capitalisePostTown, IdealPostcodes } from './ideal-postcodes';
import { createAddressLookup } from './index';
import { EmbeddedAddressLookup } from './local';
import { AddressLookupError } from './port';

// The Ideal Postcodes adapter against answers in the shapes Ideal Postcodes publishes (its api-fixtures:
// a successful address search, a postcode's addresses, 4040 not found, 4010 bad key, 4020 no credit). No test
// calls the real service: every fetch is a fake that records what it was asked.

const API_KEY = 'ak_test_0123456789abcdef';

const WESTFERRY_HIT = {
  postcode: 'E14 4HD',
  post_town: 'LONDON',
  dependant_locality: '',
  double_dependant_locality: '',
  thoroughfare: 'Westferry Circus',
  dependant_thoroughfare: '',
  building_number: '11',
  building_name: '',
  sub_building_name: '',
  po_box: '',
  department_name: '',
  organisation_name: 'Concourse Fm',
  udprn: 28048984,
  umprn: '',
  postcode_type: 'S',
  su_organisation_indicator: 'Y',
  delivery_point_suffix: '2N',
  postcode_inward: '4HD',
  postcode_outward: 'E14',
  line_1: 'Concourse Fm',
  line_2: '11 Westferry Circus',
  line_3: '',
  premise: '11',
  longitude: -0.026134,
  latitude: 51.506335,
  eastings: 537087,
  northings: 180447,
  country: 'England',
  traditional_county: 'Greater London',
  administrative_county: '',
  postal_county: 'London',
  county: 'London',
  district: 'Tower Hamlets',
  ward: 'Canary Wharf',
  uprn: '',
};

const SEARCH_OK = {
  result: {
    total: 2,
    limit: 10,
    page: 0,
    hits: [
      WESTFERRY_HIT,
      {
        ...WESTFERRY_HIT,
        postcode: 'E14 4HE',
        organisation_name: 'Civil Aviation Authority',
        udprn: 8066353,
        postcode_inward: '4HE',
        line_1: 'Civil Aviation Authority',
        longitude: -0.0255346,
        latitude: 51.5059214,
        uprn: '6186295',
      },
    ],
  },
  code: 2000,
  message: 'Success',
};

const DOWNING_OK = {
  result: [
    {
      ...WESTFERRY_HIT,
      postcode: 'SW1A 2AA',
      postcode_inward: '2AA',
      postcode_outward: 'SW1A',
      thoroughfare: 'Downing Street',
      building_number: '10',
      organisation_name: 'Prime Minister & First Lord Of The Treasury',
      udprn: 23747771,
      line_1: 'Prime Minister & First Lord Of The Treasury',
      line_2: '10 Downing Street',
      line_3: '',
      longitude: -0.12767,
      latitude: 51.503541,
      district: 'Westminster',
      ward: "St James's",
      uprn: '100023336956',
    },
  ],
  code: 2000,
  message: 'Success',
};

const NOT_FOUND = { code: 4040, message: 'Postcode Not Found' };
const BAD_KEY = {
  code: 4010,
  message:
    'Invalid Key. For more information see http://ideal-postcodes.co.uk/documentation/response-codes#4010',
};
const NO_CREDIT = {
  code: 4020,
  message:
    'Key balance depleted. For more information see http://ideal-postcodes.co.uk/documentation/response-codes#4020',
};

function fakeFetch(answer: () => Response | Promise<Response>) {
  const calls: { url: URL; init: RequestInit }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url: new URL(url), init });
    return answer();
  };
  return { fetch, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const adapter = (fetch: FetchLike) =>
  new IdealPostcodes({ apiKey: API_KEY, baseUrl: 'https://api.ideal-postcodes.co.uk/', fetch });

describe('IdealPostcodes.search', () => {
  test('GET /v1/addresses with the key, the query and the limit; hits become our addresses', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, SEARCH_OK));
    const found = await adapter(fetch).search('  11 Westferry Circus ', 10);
    expect(calls).toHaveLength(1);
    const { url, init } = calls[0]!;
    expect(`${url.origin}${url.pathname}`).toBe('https://api.ideal-postcodes.co.uk/v1/addresses');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      api_key: API_KEY,
      query: '11 Westferry Circus',
      limit: '10',
    });
    expect(init.method).toBe('GET');
    expect(found).toEqual([
      {
        id: 'paf_28048984',
        address1: 'Concourse Fm',
        address2: '11 Westferry Circus',
        city: 'London',
        zip: 'E14 4HD',
        lat: 51.506335,
        lon: -0.026134,
      },
      {
        id: 'paf_8066353',
        address1: 'Civil Aviation Authority',
        address2: '11 Westferry Circus',
        city: 'London',
        zip: 'E14 4HE',
        lat: 51.5059214,
        lon: -0.0255346,
      },
    ]);
  });

  test('never asks for more than 50, and keeps to the limit asked', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, SEARCH_OK));
    expect(await adapter(fetch).search('westferry', 1)).toHaveLength(1);
    await adapter(fetch).search('westferry', 500);
    expect(calls[1]!.url.searchParams.get('limit')).toBe('50');
  });

  test('an empty search is an empty list', async () => {
    const { fetch } = fakeFetch(() =>
      json(200, { result: { total: 0, limit: 10, page: 0, hits: [] }, code: 2000 }),
    );
    expect(await adapter(fetch).search('bakirkoy', 10)).toEqual([]);
  });
});

describe('IdealPostcodes.addressesAt', () => {
  test('GET /v1/postcodes/{compact postcode} with the key', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, DOWNING_OK));
    expect(await adapter(fetch).addressesAt('sw1a 2aa')).toEqual([
      {
        id: 'paf_23747771',
        address1: 'Prime Minister & First Lord Of The Treasury',
        address2: '10 Downing Street',
        city: 'London',
        zip: 'SW1A 2AA',
        lat: 51.503541,
        lon: -0.12767,
      },
    ]);
    const { url } = calls[0]!;
    expect(`${url.origin}${url.pathname}`).toBe('https://api.ideal-postcodes.co.uk/v1/postcodes/SW1A2AA');
    expect(url.searchParams.get('api_key')).toBe(API_KEY);
  });

  test('404 code 4040 is null; something that is not a postcode is null without a call', async () => {
    const { fetch, calls } = fakeFetch(() => json(404, NOT_FOUND));
    expect(await adapter(fetch).addressesAt('ID1 1QD')).toBeNull();
    expect(await adapter(fetch).addressesAt('../v1/keys')).toBeNull();
    expect(calls).toHaveLength(1);
  });
});

describe('refusals and failures are AddressLookupErrors that never show the key', () => {
  const cases: [string, () => Response, RegExp][] = [
    ['a bad key', () => json(401, BAD_KEY), /refused the API key \(code 4010\)/],
    ['no credit left', () => json(402, NO_CREDIT), /no lookups left \(code 4020\)/],
    [
      'a limit reached',
      () => json(402, { code: 4021, message: 'Limit reached' }),
      /limit .* reached \(code 4021\)/,
    ],
    ['a server error', () => json(503, { code: 5030, message: 'Unavailable' }), /HTTP 503 \(code 5030\)/],
    ['a 200 without hits', () => json(200, { code: 2000 }), /unexpected body/],
    ['an HTML page', () => new Response('<html></html>', { status: 502 }), /HTTP 502 without JSON/],
    [
      'no answer',
      () => {
        throw new TypeError(
          `fetch failed for https://api.ideal-postcodes.co.uk/v1/addresses?api_key=${API_KEY}`,
        );
      },
      /could not be reached/,
    ],
  ];
  for (const [name, answer, message] of cases) {
    test(name, async () => {
      for (const call of [
        (a: IdealPostcodes) => a.search('10 downing', 10),
        (a: IdealPostcodes) => a.addressesAt('SW1A 2AA'),
      ]) {
        const { fetch } = fakeFetch(answer);
        const error = await call(adapter(fetch)).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(AddressLookupError);
        expect((error as Error).message).toMatch(message);
        expect((error as Error).message).not.toContain(API_KEY);
      }
    });
  }
});

describe('capitalisePostTown', () => {
  test('post towns come in capitals; people write them in title case', () => {
    expect(capitalisePostTown('LONDON')).toBe('London');
    expect(capitalisePostTown('NEWCASTLE UPON TYNE')).toBe('Newcastle upon Tyne');
    expect(capitalisePostTown('STOKE-ON-TRENT')).toBe('Stoke-on-Trent');
    expect(capitalisePostTown('BURTON-ON-TRENT')).toBe('Burton-on-Trent');
    expect(capitalisePostTown('ST. ALBANS')).toBe('St. Albans');
  });
});

describe('ADDRESS_LOOKUP', () => {
  test('embedded by default; ideal_postcodes needs IDEAL_POSTCODES_API_KEY', async () => {
    expect(loadConfig({}).addressLookup).toEqual({ mode: 'embedded' });
    expect(createAddressLookup(loadConfig({}).addressLookup)).toBeInstanceOf(EmbeddedAddressLookup);
    expect(() => loadConfig({ ADDRESS_LOOKUP: 'ideal_postcodes' })).toThrow(ConfigError);
    expect(() => loadConfig({ ADDRESS_LOOKUP: 'ideal_postcodes' })).toThrow(/needs IDEAL_POSTCODES_API_KEY/);
    const config = loadConfig({
      ADDRESS_LOOKUP: 'ideal_postcodes',
      IDEAL_POSTCODES_API_KEY: API_KEY,
    }).addressLookup;
    expect(config).toEqual({
      mode: 'ideal_postcodes',
      idealPostcodes: { apiKey: API_KEY, url: 'https://api.ideal-postcodes.co.uk' },
    });
    const { fetch, calls } = fakeFetch(() => json(200, SEARCH_OK));
    const service = createAddressLookup(config, fetch);
    expect(service.name).toBe('ideal_postcodes');
    await service.search('westferry', 5);
    expect(calls[0]!.url.origin).toBe('https://api.ideal-postcodes.co.uk');
  });
});
