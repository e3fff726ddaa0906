import { readFileSync } from 'node:fs';
import * as z from 'zod/mini';
import { formatUkPostcode, isUkPostcode } from '../../../domain/address';
import type { PostcodeResult } from './port';

// The gazetteer of the demo delivery areas that ships with the app (./gazetteer.json): districts, the
// outcodes we know with the days our courier delivers to each (none: we do not deliver there yet), and
// their postcodes with coordinates. It is read once, checked, and indexed by postcode and outcode.

const text = z.string().check(z.minLength(1));
const weekday = z.int().check(z.gte(0), z.lte(6));

const districtSchema = z.object({
  name: text,
  code: text,
  region: z.nullable(text),
  country: text,
  nhs_ha: z.nullable(text),
  european_electoral_region: z.nullable(text),
  pfa: z.nullable(text),
  admin_county: z.nullable(text),
  ccg: z.nullable(text),
});

const outcodeSchema = z.object({
  district: text,
  post_town: text,
  ward: text,
  parliamentary_constituency: text,
  latitude: z.number(),
  longitude: z.number(),
  delivery_days: z.array(weekday),
});

const postcodeSchema = z.object({
  postcode: text,
  latitude: z.number().check(z.gte(49), z.lte(61)),
  longitude: z.number().check(z.gte(-9), z.lte(2)),
  eastings: z.int(),
  northings: z.int(),
  street: text,
  premises: z.optional(z.array(text)),
  ward: z.optional(text),
  msoa: text,
  lsoa: text,
});

const gazetteerSchema = z.object({
  about: z.string(),
  districts: z.record(z.string(), districtSchema),
  outcodes: z.record(z.string(), outcodeSchema),
  postcodes: z.array(postcodeSchema),
});

export type District = z.infer<typeof districtSchema>;

export interface Outcode {
  outcode: string;
  district: District;
  postTown: string;
  ward: string;
  constituency: string;
  latitude: number;
  longitude: number;
  /** Weekdays our courier delivers here (0 Sunday … 6 Saturday); empty: not a delivery area yet. */
  deliveryDays: readonly number[];
}

export interface GazetteerPostcode {
  /** "SW1A 2AA". */
  postcode: string;
  /** "SW1A2AA". */
  compact: string;
  outcode: Outcode;
  incode: string;
  latitude: number;
  longitude: number;
  eastings: number;
  northings: number;
  street: string;
  /** The named or numbered premises, when the gazetteer knows them (else they are made up per postcode). */
  premises: readonly string[] | null;
  ward: string;
  msoa: string;
  lsoa: string;
}

export interface Gazetteer {
  readonly postcodes: readonly GazetteerPostcode[];
  postcode(postcode: string): GazetteerPostcode | null;
  outcode(outcode: string): Outcode | null;
}

export const GAZETTEER_FILE = new URL('./gazetteer.json', import.meta.url);

/** Reads and checks a gazetteer document; a broken file stops the server with the reason. */
export function parseGazetteer(json: unknown): Gazetteer {
  const result = gazetteerSchema.safeParse(json);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new Error(`The gazetteer is not valid at ${first?.path.join('.') ?? '?'}: ${first?.message ?? ''}`);
  }
  const data = result.data;
  const outcodes = new Map<string, Outcode>();
  for (const [code, entry] of Object.entries(data.outcodes)) {
    const district = data.districts[entry.district];
    if (!district) throw new Error(`The gazetteer's outcode ${code} names an unknown district`);
    outcodes.set(code, {
      outcode: code,
      district,
      postTown: entry.post_town,
      ward: entry.ward,
      constituency: entry.parliamentary_constituency,
      latitude: entry.latitude,
      longitude: entry.longitude,
      deliveryDays: [...new Set(entry.delivery_days)].sort((a, b) => a - b),
    });
  }
  const postcodes = new Map<string, GazetteerPostcode>();
  for (const entry of data.postcodes) {
    if (!isUkPostcode(entry.postcode) || formatUkPostcode(entry.postcode) !== entry.postcode) {
      throw new Error(`The gazetteer's postcode "${entry.postcode}" is not a postcode written as "SW1A 2AA"`);
    }
    const [outcodeName = '', incode = ''] = entry.postcode.split(' ');
    const outcode = outcodes.get(outcodeName);
    if (!outcode) throw new Error(`The gazetteer's postcode ${entry.postcode} is in an unknown outcode`);
    const compact = `${outcodeName}${incode}`;
    if (postcodes.has(compact)) throw new Error(`The gazetteer lists ${entry.postcode} twice`);
    postcodes.set(compact, {
      postcode: entry.postcode,
      compact,
      outcode,
      incode,
      latitude: entry.latitude,
      longitude: entry.longitude,
      eastings: entry.eastings,
      northings: entry.northings,
      street: entry.street,
      premises: entry.premises ?? null,
      ward: entry.ward ?? outcode.ward,
      msoa: entry.msoa,
      lsoa: entry.lsoa,
    });
  }
  const list = [...postcodes.values()];
  return {
    postcodes: list,
    postcode: (postcode) =>
      isUkPostcode(postcode) ? (postcodes.get(postcode.replace(/\s+/g, '').toUpperCase()) ?? null) : null,
    outcode: (outcode) => outcodes.get(outcode.trim().toUpperCase()) ?? null,
  };
}

let loaded: Gazetteer | null = null;

/** The shipped gazetteer, read on first use. */
export function gazetteer(): Gazetteer {
  loaded ??= parseGazetteer(JSON.parse(readFileSync(GAZETTEER_FILE, 'utf8')));
  return loaded;
}

/**
 * The weekdays (1 Monday … 6 Saturday) our courier delivers to a well-formed postcode's outcode; empty: not a
 * delivery area (yet). The one rule of where we deliver, read by the delivery area and the address book.
 */
export function courierDaysOf(postcode: string): number[] {
  if (!isUkPostcode(postcode)) return [];
  const outcode = formatUkPostcode(postcode).split(' ')[0]!;
  return (gazetteer().outcode(outcode)?.deliveryDays ?? []).filter((day) => day !== 0);
}

/** A stable number from a string (FNV-1a): made-up details stay the same from run to run. */
export function stableHash(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const gss = (prefix: string, seed: string, digits = 6) =>
  `${prefix}${String(stableHash(seed) % 10 ** digits).padStart(digits, '0')}`;

/**
 * postcodes.io's positional quality for a postcode placed at its outcode's centroid: 6, its "postcode sector
 * mean" and the coarsest of its codes that still has coordinates. See docs/decisions/0012.
 */
export const APPROXIMATE_QUALITY = 6;

/**
 * A well-formed postcode of an outcode the gazetteer knows but whose unit it does not list: placed at the
 * outcode's centroid, marked approximate (quality 6, no grid reference, no census areas). Every postcode of
 * the outcodes we deliver to is therefore known. See docs/decisions/0012.
 */
export function toApproximateResult(postcode: string, outcode: Outcode): PostcodeResult {
  const formatted = formatUkPostcode(postcode);
  const incode = formatted.split(' ')[1]!;
  const { district } = outcode;
  const scottish = district.country === 'Scotland';
  const nation = scottish ? 'S' : 'E';
  return {
    postcode: formatted,
    quality: APPROXIMATE_QUALITY,
    eastings: null,
    northings: null,
    country: district.country,
    nhs_ha: district.nhs_ha,
    longitude: outcode.longitude,
    latitude: outcode.latitude,
    european_electoral_region: district.european_electoral_region,
    primary_care_trust: district.name,
    region: district.region,
    lsoa: null,
    msoa: null,
    incode,
    outcode: outcode.outcode,
    parliamentary_constituency: outcode.constituency,
    parliamentary_constituency_2024: outcode.constituency,
    admin_district: district.name,
    parish: scottish ? null : `${district.name}, unparished area`,
    admin_county: district.admin_county,
    date_of_introduction: null,
    admin_ward: outcode.ward,
    ced: null,
    ccg: district.ccg,
    nuts: district.name,
    pfa: district.pfa,
    codes: {
      admin_district: district.code,
      admin_county: district.admin_county ? gss('E10', district.admin_county) : `${nation}99999999`,
      admin_ward: gss(`${nation}05`, `${outcode.outcode}:${outcode.ward}`),
      parish: scottish ? `${nation}99999999` : gss('E43', district.name),
      parliamentary_constituency: gss(`${nation}14`, outcode.constituency),
      parliamentary_constituency_2024: gss(`${nation}14`, outcode.constituency),
      ccg: gss(`${nation}38`, district.ccg ?? district.name),
      ccg_id: gss('', district.ccg ?? district.name, 3),
      ced: `${nation}99999999`,
      nuts: gss('TL', district.name, 3),
      lsoa: null,
      msoa: null,
      lau2: district.code,
      pfa: gss(`${nation}23`, district.pfa ?? district.name),
    },
  };
}

/** The postcode as postcodes.io describes it. Codes other than the district's are made up for the demo. */
export function toPostcodeResult(entry: GazetteerPostcode): PostcodeResult {
  const { outcode } = entry;
  const { district } = outcode;
  const scottish = district.country === 'Scotland';
  const nation = scottish ? 'S' : 'E';
  return {
    postcode: entry.postcode,
    quality: 1,
    eastings: entry.eastings,
    northings: entry.northings,
    country: district.country,
    nhs_ha: district.nhs_ha,
    longitude: entry.longitude,
    latitude: entry.latitude,
    european_electoral_region: district.european_electoral_region,
    primary_care_trust: district.name,
    region: district.region,
    lsoa: entry.lsoa,
    msoa: entry.msoa,
    incode: entry.incode,
    outcode: outcode.outcode,
    parliamentary_constituency: outcode.constituency,
    parliamentary_constituency_2024: outcode.constituency,
    admin_district: district.name,
    parish: scottish ? null : `${district.name}, unparished area`,
    admin_county: district.admin_county,
    date_of_introduction: '198001',
    admin_ward: entry.ward,
    ced: null,
    ccg: district.ccg,
    nuts: district.name,
    pfa: district.pfa,
    codes: {
      admin_district: district.code,
      admin_county: district.admin_county ? gss('E10', district.admin_county) : `${nation}99999999`,
      admin_ward: gss(`${nation}05`, `${outcode.outcode}:${entry.ward}`),
      parish: scottish ? `${nation}99999999` : gss('E43', district.name),
      parliamentary_constituency: gss(`${nation}14`, outcode.constituency),
      parliamentary_constituency_2024: gss(`${nation}14`, outcode.constituency),
      ccg: gss(`${nation}38`, district.ccg ?? district.name),
      ccg_id: gss('', district.ccg ?? district.name, 3),
      ced: `${nation}99999999`,
      nuts: gss('TL', district.name, 3),
      lsoa: gss(`${nation}01`, entry.lsoa),
      msoa: gss(`${nation}02`, entry.msoa),
      lau2: district.code,
      pfa: gss(`${nation}23`, district.pfa ?? district.name),
    },
  };
}
