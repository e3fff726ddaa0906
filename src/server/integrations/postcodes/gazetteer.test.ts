import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { formatUkPostcode, isUkPostcode } from '../../../domain/address';
import { GAZETTEER_FILE, gazetteer, parseGazetteer, toPostcodeResult } from './gazetteer';

// The shipped gazetteer: a few hundred well-formed postcodes of the demo delivery areas, each inside its
// outcode, with coordinates that agree with each other, and the delivery days of every outcode.

const raw = () => JSON.parse(readFileSync(GAZETTEER_FILE, 'utf8'));

/** Distance in kilometres (haversine, earth radius 6371 km). */
function km(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

describe('the shipped gazetteer', () => {
  const g = gazetteer();

  test('has a few hundred postcodes, each a real-looking UK postcode written "SW1A 2AA", none twice', () => {
    expect(g.postcodes.length).toBeGreaterThanOrEqual(300);
    expect(g.postcodes.length).toBeLessThanOrEqual(1000);
    const seen = new Set<string>();
    for (const entry of g.postcodes) {
      expect(isUkPostcode(entry.postcode), entry.postcode).toBe(true);
      expect(formatUkPostcode(entry.postcode)).toBe(entry.postcode);
      expect(seen.has(entry.compact)).toBe(false);
      seen.add(entry.compact);
    }
  });

  test('every postcode lies within 2 km of its outcode, and its eastings and northings agree', () => {
    for (const entry of g.postcodes) {
      expect(km(entry, entry.outcode), entry.postcode).toBeLessThan(2);
    }
    // Eastings grow eastwards and northings northwards: 1 km is about 0.009° of latitude.
    const [a, b] = [g.postcode('SW1A 2AA')!, g.postcode('BN1 1FG')!];
    expect(a.northings - b.northings).toBeGreaterThan(70_000);
    for (const entry of g.postcodes) {
      expect(entry.eastings).toBeGreaterThan(0);
      expect(entry.eastings).toBeLessThan(700_000);
      expect(entry.northings).toBeGreaterThan(0);
      expect(entry.northings).toBeLessThan(1_250_000);
    }
  });

  test('famous postcodes carry their real coordinates', () => {
    expect(g.postcode('SW1A 2AA')).toMatchObject({
      latitude: 51.503541,
      longitude: -0.12767,
      street: 'Downing Street',
      premises: ['10', '11', '12'],
    });
    expect(g.postcode('sw1a1aa')).toMatchObject({ street: 'The Mall', premises: ['Buckingham Palace'] });
    expect(g.postcode('E14 4HD')?.eastings).toBe(537087);
  });

  test('delivers in London and a few other areas, on Monday to Saturday at most, and not everywhere', () => {
    const outcodes = Object.keys(raw().outcodes).map((code) => g.outcode(code)!);
    const delivered = outcodes.filter((o) => o.deliveryDays.length > 0);
    const towns = new Set(delivered.map((o) => o.postTown));
    expect(towns).toEqual(new Set(['London', 'Brighton', 'Hove', 'Bristol', 'Cambridge', 'Oxford']));
    for (const o of delivered) {
      expect(o.deliveryDays.every((day) => day >= 1 && day <= 6)).toBe(true);
    }
    const notYet = outcodes.filter((o) => o.deliveryDays.length === 0).map((o) => o.outcode);
    expect(notYet.sort()).toEqual(['BR1', 'EH1', 'EH3', 'M20', 'M4']);
    expect(g.outcode('E17')?.deliveryDays).toEqual([2, 3, 4, 5, 6]);
    expect(g.outcode('sw1a')?.deliveryDays).toEqual([1, 2, 3, 4, 5, 6]);
    expect(g.outcode('ZZ9')).toBeNull();
  });

  test('looks postcodes up however they are typed, and nothing that is not one', () => {
    expect(g.postcode(' sw1a 2aa ')?.postcode).toBe('SW1A 2AA');
    expect(g.postcode('SW1A2AA')?.postcode).toBe('SW1A 2AA');
    expect(g.postcode('SW1A 9ZZ')).toBeNull();
    expect(g.postcode('not a postcode')).toBeNull();
  });
});

describe('toPostcodeResult', () => {
  test('has every field of a postcodes.io result', () => {
    const result = toPostcodeResult(gazetteer().postcode('SW1A 2AA')!);
    expect(Object.keys(result).sort()).toEqual(
      [
        'postcode',
        'quality',
        'eastings',
        'northings',
        'country',
        'nhs_ha',
        'longitude',
        'latitude',
        'european_electoral_region',
        'primary_care_trust',
        'region',
        'lsoa',
        'msoa',
        'incode',
        'outcode',
        'parliamentary_constituency',
        'parliamentary_constituency_2024',
        'admin_district',
        'parish',
        'admin_county',
        'date_of_introduction',
        'admin_ward',
        'ced',
        'ccg',
        'nuts',
        'pfa',
        'codes',
      ].sort(),
    );
    expect(result).toMatchObject({
      postcode: 'SW1A 2AA',
      outcode: 'SW1A',
      incode: '2AA',
      latitude: 51.503541,
      longitude: -0.12767,
      admin_district: 'Westminster',
      region: 'London',
      country: 'England',
      admin_ward: "St James's",
      codes: { admin_district: 'E09000033' },
    });
  });

  test('Scotland has no English region or parish', () => {
    const result = toPostcodeResult(gazetteer().postcode('EH1 1GA')!);
    expect(result).toMatchObject({ country: 'Scotland', region: null, parish: null });
    expect(result.codes.admin_district).toBe('S12000036');
  });
});

describe('parseGazetteer refuses a broken file, naming the problem', () => {
  const base = () => raw();

  test('a postcode not written as a postcode', () => {
    const doc = base();
    doc.postcodes[0].postcode = 'sw1a2aa';
    expect(() => parseGazetteer(doc)).toThrow(/not a postcode written as "SW1A 2AA"/);
  });

  test('a postcode in an outcode it does not list', () => {
    const doc = base();
    doc.postcodes[0].postcode = 'ZE1 0AA';
    expect(() => parseGazetteer(doc)).toThrow(/unknown outcode/);
  });

  test('the same postcode twice', () => {
    const doc = base();
    doc.postcodes.push({ ...doc.postcodes[0] });
    expect(() => parseGazetteer(doc)).toThrow(/twice/);
  });

  test('a delivery day that is not a weekday number', () => {
    const doc = base();
    doc.outcodes.SW1A.delivery_days = [1, 7];
    expect(() => parseGazetteer(doc)).toThrow(/outcodes\.SW1A\.delivery_days/);
  });
});
