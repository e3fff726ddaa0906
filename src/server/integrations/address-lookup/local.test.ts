import { describe, expect, test } from 'vitest';
import { isUkPostcode } from '../../../domain/address';
import { gazetteer } from '../postcodes/gazetteer';
import { EmbeddedAddressLookup, gazetteerAddresses, parseQuery } from './local';

// The embedded address lookup: addresses made from the gazetteer, the same on every run, found by free text.

const lookup = new EmbeddedAddressLookup();

describe('the addresses of the gazetteer', () => {
  const all = [...gazetteerAddresses(gazetteer()).values()].flat();

  test('every postcode has addresses, every address is complete, and none is in two postcodes', () => {
    expect(gazetteerAddresses(gazetteer()).size).toBe(gazetteer().postcodes.length);
    expect(all.length).toBeGreaterThan(gazetteer().postcodes.length * 3);
    const lines = new Set<string>();
    const ids = new Set<string>();
    for (const address of all) {
      expect(address.address1.length).toBeGreaterThan(0);
      expect(address.city.length).toBeGreaterThan(0);
      expect(isUkPostcode(address.zip)).toBe(true);
      expect(typeof address.lat).toBe('number');
      expect(typeof address.lon).toBe('number');
      const line = `${address.address1}|${address.address2}|${address.city}`;
      expect(lines.has(line), line).toBe(false);
      lines.add(line);
      expect(ids.has(address.id)).toBe(false);
      ids.add(address.id);
    }
  });

  test('are the same on every run (made from the postcode, not at random)', () => {
    expect(gazetteerAddresses(gazetteer())).toEqual(gazetteerAddresses(gazetteer()));
  });

  test('known premises are kept: 10, 11 and 12 Downing Street; Buckingham Palace on The Mall', async () => {
    expect(await lookup.addressesAt('SW1A 2AA')).toEqual([
      expect.objectContaining({
        id: 'SW1A2AA-1',
        address1: '10 Downing Street',
        address2: null,
        city: 'London',
      }),
      expect.objectContaining({ address1: '11 Downing Street' }),
      expect.objectContaining({ address1: '12 Downing Street' }),
    ]);
    expect(await lookup.addressesAt('sw1a1aa')).toEqual([
      {
        id: 'SW1A1AA-1',
        address1: 'Buckingham Palace',
        address2: 'The Mall',
        city: 'London',
        zip: 'SW1A 1AA',
        lat: 51.501009,
        lon: -0.141588,
      },
    ]);
  });

  test('some postcodes are blocks of flats', () => {
    const flats = all.filter((address) => address.address1.startsWith('Flat '));
    expect(flats.length).toBeGreaterThan(10);
    for (const flat of flats) expect(flat.address2).toMatch(/^\d+ \S/);
  });

  test('a postcode the gazetteer does not know, or not a postcode, has none', async () => {
    expect(await lookup.addressesAt('SW1A 9ZZ')).toBeNull();
    expect(await lookup.addressesAt('nonsense')).toBeNull();
  });
});

describe('search', () => {
  const lines = async (query: string, limit = 20) =>
    (await lookup.search(query, limit)).map((a) =>
      [a.address1, a.address2, a.zip].filter(Boolean).join(', '),
    );

  test('"10 downing" finds 10 Downing Street, and only it', async () => {
    expect(await lines('10 downing')).toEqual(['10 Downing Street, SW1A 2AA']);
    expect(await lines('downing')).toEqual([
      '10 Downing Street, SW1A 2AA',
      '11 Downing Street, SW1A 2AA',
      '12 Downing Street, SW1A 2AA',
    ]);
  });

  test('a whole postcode, with or without its space, lists its addresses; with a number, that house', async () => {
    expect(await lines('SW1A 2AA')).toHaveLength(3);
    expect(await lines('sw1a2aa')).toEqual(await lines('SW1A 2AA'));
    expect(await lines('11, SW1A 2AA')).toEqual(['11 Downing Street, SW1A 2AA']);
  });

  test('numbers match whole numbers ("1" is not "10"); words match from their start', async () => {
    expect(await lines('1 downing')).toEqual([]);
    expect(await lines('buck')).toEqual(['Buckingham Palace, The Mall, SW1A 1AA']);
    expect(await lines("queen's gate")).toEqual(await lines('queens gate'));
    expect((await lines('queens gate')).length).toBeGreaterThan(0);
  });

  test('an outcode we know is that outcode only; the start of one covers every postcode it starts', async () => {
    const se1 = await lookup.search('SE1', 50);
    expect(se1.length).toBeGreaterThan(0);
    expect(se1.every((a) => a.zip.startsWith('SE1 '))).toBe(true);
    const sw1 = await lookup.search('SW1', 5000);
    expect(sw1.every((a) => a.zip.startsWith('SW1'))).toBe(true);
    expect([...new Set(sw1.map((a) => a.zip.split(' ')[0]))].sort()).toEqual(
      ['SW11', 'SW15', 'SW17', 'SW18', 'SW1A', 'SW1P', 'SW1V'].sort(),
    );
    const partial = await lookup.search('SW1A 2', 50);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.every((a) => a.zip.startsWith('SW1A 2'))).toBe(true);
  });

  test('a street and town narrows the results; results never exceed the limit', async () => {
    const brighton = await lookup.search('gardner street brighton', 50);
    expect(brighton.length).toBeGreaterThan(0);
    expect(brighton.every((a) => a.address1.endsWith('Gardner Street') && a.city === 'Brighton')).toBe(true);
    expect(await lookup.search('london', 7)).toHaveLength(7);
    expect(await lookup.search('road', 1)).toHaveLength(1);
  });

  test('nothing to search for, or nothing that matches, is an empty list', async () => {
    expect(await lookup.search('   ', 20)).toEqual([]);
    expect(await lookup.search('!!!', 20)).toEqual([]);
    expect(await lookup.search('zanzibar', 20)).toEqual([]);
  });
});

describe('parseQuery', () => {
  test('finds a whole postcode, split or not, anywhere in the query', () => {
    expect(parseQuery('10 Downing Street, SW1A 2AA')).toEqual({
      postcode: 'SW1A2AA',
      postcodePrefix: null,
      tokens: ['10', 'DOWNING', 'STREET'],
    });
    expect(parseQuery('sw1a2aa flat 2')).toEqual({
      postcode: 'SW1A2AA',
      postcodePrefix: null,
      tokens: ['FLAT', '2'],
    });
  });

  test('an outcode followed by the start of an incode is the start of a postcode', () => {
    expect(parseQuery('E14 4')).toEqual({ postcode: null, postcodePrefix: 'E144', tokens: [] });
    expect(parseQuery('10 downing')).toEqual({
      postcode: null,
      postcodePrefix: null,
      tokens: ['10', 'DOWNING'],
    });
  });
});
