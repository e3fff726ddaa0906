import { readFileSync } from 'node:fs';
import * as z from 'zod/mini';
import { formatUkPostcode } from '../../../domain/address';
import { APPROXIMATE_QUALITY } from './gazetteer';
import type { PostcodeResult } from './port';

// The centre of every UK postcode district (./uk-outcodes.json, made by tools/uk-outcodes.mjs from GeoNames'
// postal codes, CC BY 4.0): where a real postcode outside the gazetteer's areas is, to a mile or two, so a
// customer in Manchester hears how far the nearest kitchen is rather than "no such postcode". The gazetteer
// stays the authority on the areas we serve. See docs/decisions/0012 (addendum).

const documentSchema = z.object({
  about: z.string(),
  countries: z.array(z.string().check(z.minLength(1))),
  outcodes: z.record(z.string(), z.tuple([z.number(), z.number(), z.int().check(z.gte(0))])),
});

export interface OutcodeCentre {
  outcode: string;
  latitude: number;
  longitude: number;
  country: string;
}

export const UK_OUTCODES_FILE = new URL('./uk-outcodes.json', import.meta.url);

/** Reads and checks the centres; a broken file stops the server with the reason. */
export function parseUkOutcodes(json: unknown): (outcode: string) => OutcodeCentre | null {
  const result = documentSchema.safeParse(json);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new Error(
      `uk-outcodes.json is not valid at ${first?.path.join('.') ?? '?'}: ${first?.message ?? ''}`,
    );
  }
  const { countries, outcodes } = result.data;
  const centres = new Map<string, OutcodeCentre>();
  for (const [outcode, [latitude, longitude, countryIndex]] of Object.entries(outcodes)) {
    const country = countries[countryIndex];
    if (!country) throw new Error(`uk-outcodes.json: ${outcode} names no country`);
    if (latitude < 49 || latitude > 61 || longitude < -9 || longitude > 2) {
      throw new Error(`uk-outcodes.json: ${outcode} is not in the UK`);
    }
    centres.set(outcode, { outcode, latitude, longitude, country });
  }
  return (outcode) => centres.get(outcode.trim().toUpperCase()) ?? null;
}

let loaded: ((outcode: string) => OutcodeCentre | null) | null = null;

/** The centre of a UK outcode ("M1"), or null when there is no such district. Read on first use. */
export function ukOutcodeCentre(outcode: string): OutcodeCentre | null {
  loaded ??= parseUkOutcodes(JSON.parse(readFileSync(UK_OUTCODES_FILE, 'utf8')));
  return loaded(outcode);
}

/**
 * A postcode of a district the gazetteer does not know, in postcodes.io's shape: at the district's centre,
 * marked approximate (quality 6), with the country and nothing the centre cannot say.
 */
export function toDistrictResult(postcode: string, centre: OutcodeCentre): PostcodeResult {
  const formatted = formatUkPostcode(postcode);
  return {
    postcode: formatted,
    quality: APPROXIMATE_QUALITY,
    eastings: null,
    northings: null,
    country: centre.country,
    nhs_ha: null,
    longitude: centre.longitude,
    latitude: centre.latitude,
    european_electoral_region: null,
    primary_care_trust: null,
    region: null,
    lsoa: null,
    msoa: null,
    incode: formatted.split(' ')[1]!,
    outcode: centre.outcode,
    parliamentary_constituency: null,
    parliamentary_constituency_2024: null,
    admin_district: null,
    parish: null,
    admin_county: null,
    date_of_introduction: null,
    admin_ward: null,
    ced: null,
    ccg: null,
    nuts: null,
    pfa: null,
    codes: {},
  };
}
