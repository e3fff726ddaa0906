import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { milesBetween } from '../../../domain/geo';
import { gazetteer } from './gazetteer';
import { parseUkOutcodes, UK_OUTCODES_FILE, ukOutcodeCentre } from './uk-outcodes';

// The shipped centres of the UK's postcode districts: all of them, in the UK, and where the gazetteer's own
// outcodes are.

const raw = () => JSON.parse(readFileSync(UK_OUTCODES_FILE, 'utf8'));

describe('the UK postcode districts', () => {
  test('about 3,000 districts, every one in the UK with its country', () => {
    const { outcodes } = raw();
    expect(Object.keys(outcodes).length).toBeGreaterThan(2_900);
    expect(ukOutcodeCentre('M1')).toMatchObject({ outcode: 'M1', country: 'England' });
    expect(ukOutcodeCentre('eh1 ')).toMatchObject({ outcode: 'EH1', country: 'Scotland' });
    expect(ukOutcodeCentre('CF10')).toMatchObject({ country: 'Wales' });
    expect(ukOutcodeCentre('BT1')).toMatchObject({ country: 'Northern Ireland' });
    expect(ukOutcodeCentre('M98')).toBeNull();
  });

  test('each outcode of the gazetteer lies within 3 miles of its district centre here', () => {
    const known = gazetteer();
    for (const code of new Set(known.postcodes.map((p) => p.outcode.outcode))) {
      const outcode = known.outcode(code)!;
      const centre = ukOutcodeCentre(code);
      expect(centre, code).not.toBeNull();
      const miles = milesBetween(
        { lat: outcode.latitude, lon: outcode.longitude },
        { lat: centre!.latitude, lon: centre!.longitude },
      );
      expect(miles, code).toBeLessThan(3);
    }
  });

  test('a broken file stops the server with the reason', () => {
    const good = raw();
    expect(() => parseUkOutcodes({ ...good, outcodes: { M1: [53.5, -2.2, 99] } })).toThrow(
      /M1 names no country/,
    );
    expect(() => parseUkOutcodes({ ...good, outcodes: { XX1: [40.7, -74, 0] } })).toThrow(
      /XX1 is not in the UK/,
    );
    expect(() => parseUkOutcodes({ ...good, outcodes: { M1: ['north', -2.2, 0] } })).toThrow(/not valid/);
  });
});
