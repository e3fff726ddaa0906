import { formatUkPostcode, isUkPostcode } from '../../../domain/address';
import { gazetteer, stableHash, type Gazetteer, type GazetteerPostcode } from '../postcodes/gazetteer';
import type { AddressLookupService, LookupAddress } from './port';

// Addresses over the shipped gazetteer. The gazetteer knows streets, not houses (except for a few famous
// premises), so each postcode's houses are made up, deterministically: the postcodes of a street share it out
// in runs of numbers (odd on one side, even on the other), and some postcodes are a block of flats. The same
// postcode always has the same addresses, and no address is in two postcodes.

interface Indexed {
  address: LookupAddress;
  compact: string;
  outcode: string;
  /** Upper-case words of the address lines and town, apostrophes dropped ("QUEENS", "ROAD", "10"). */
  words: readonly string[];
  /** For ordering: house number, then flat number. */
  order: readonly number[];
}

const OUTCODE = /^[A-Z]{1,2}\d[A-Z\d]?$/;
const INCODE_START = /^\d[A-Z]{0,2}$/;
const NUMBER = /^\d+[A-Z]?$/;

function wordsOf(text: string): string[] {
  return text
    .toUpperCase()
    .replace(/['’]/g, '')
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
}

function numbersOf(address: LookupAddress): number[] {
  const numbers = `${address.address2 ?? ''} ${address.address1}`.match(/\d+/g) ?? [];
  return numbers.map(Number);
}

/** The addresses of every gazetteer postcode, made once. */
export function gazetteerAddresses(source: Gazetteer): Map<string, LookupAddress[]> {
  const byPostcode = new Map<string, LookupAddress[]>();
  const taken = new Set<string>();
  const key = (entry: GazetteerPostcode, number: string) =>
    `${entry.outcode.outcode}|${entry.street}|${number}`;

  for (const entry of source.postcodes) {
    if (!entry.premises) continue;
    byPostcode.set(
      entry.compact,
      entry.premises.map((premise, index) => {
        taken.add(key(entry, premise));
        return NUMBER.test(premise)
          ? make(entry, index, `${premise} ${entry.street}`, null)
          : make(entry, index, premise, entry.street);
      }),
    );
  }

  const streets = new Map<string, GazetteerPostcode[]>();
  for (const entry of source.postcodes) {
    if (entry.premises) continue;
    const street = `${entry.outcode.outcode}|${entry.street}`;
    streets.set(street, [...(streets.get(street) ?? []), entry]);
  }
  for (const entries of streets.values()) {
    entries.forEach((entry, position) => {
      const hash = stableHash(entry.postcode);
      // Odd numbers for the 1st, 3rd… postcode of the street, even for the 2nd, 4th…; 24 numbers a run.
      const first = Math.floor(position / 2) * 24 + (position % 2 === 0 ? 1 : 2);
      const numbers = Array.from({ length: 6 + (hash % 7) }, (_, i) => String(first + 2 * i)).filter(
        (number) => !taken.has(key(entry, number)),
      );
      if (hash % 6 === 0 && numbers.length > 0) {
        const building = numbers[0]!;
        const flats = 3 + ((hash >>> 4) % 6);
        byPostcode.set(
          entry.compact,
          Array.from({ length: flats }, (_, i) =>
            make(entry, i, `Flat ${i + 1}`, `${building} ${entry.street}`),
          ),
        );
      } else {
        byPostcode.set(
          entry.compact,
          numbers.map((number, i) => make(entry, i, `${number} ${entry.street}`, null)),
        );
      }
    });
  }
  return byPostcode;
}

function make(
  entry: GazetteerPostcode,
  index: number,
  address1: string,
  address2: string | null,
): LookupAddress {
  return {
    id: `${entry.compact}-${index + 1}`,
    address1,
    address2,
    city: entry.outcode.postTown,
    zip: entry.postcode,
    lat: entry.latitude,
    lon: entry.longitude,
  };
}

function compare(a: Indexed, b: Indexed): number {
  if (a.compact !== b.compact) return a.compact < b.compact ? -1 : 1;
  for (let i = 0; i < Math.max(a.order.length, b.order.length); i++) {
    const difference = (a.order[i] ?? 0) - (b.order[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return a.address.id < b.address.id ? -1 : a.address.id > b.address.id ? 1 : 0;
}

interface ParsedQuery {
  /** A whole postcode in the query ("SW1A2AA"). */
  postcode: string | null;
  /** The start of a postcode ("SW1A2"), from an outcode followed by the start of an incode. */
  postcodePrefix: string | null;
  tokens: string[];
}

/** Finds a postcode (whole, or an outcode and the start of an incode) among the words of a query. */
export function parseQuery(query: string): ParsedQuery {
  const tokens = wordsOf(query);
  for (let i = 0; i < tokens.length; i++) {
    const one = tokens[i]!;
    if (isUkPostcode(one) && one.length >= 5) {
      return {
        postcode: formatUkPostcode(one).replace(' ', ''),
        postcodePrefix: null,
        tokens: without(tokens, i, 1),
      };
    }
    const next = tokens[i + 1];
    if (next !== undefined && OUTCODE.test(one) && INCODE_START.test(next)) {
      const joined = `${one}${next}`;
      if (next.length === 3 && isUkPostcode(joined)) {
        return { postcode: joined, postcodePrefix: null, tokens: without(tokens, i, 2) };
      }
      return { postcode: null, postcodePrefix: joined, tokens: without(tokens, i, 2) };
    }
  }
  return { postcode: null, postcodePrefix: null, tokens };
}

function without(tokens: string[], at: number, count: number): string[] {
  return [...tokens.slice(0, at), ...tokens.slice(at + count)];
}

/**
 * A house or flat number matches exactly ("10" is not "100"); a word matches the start of a word of the
 * address; an outcode we know matches that outcode only ("SE1" is not "SE10"), the start of one matches
 * every postcode it starts ("SW1" is SW1A, SW1P…).
 */
function matches(entry: Indexed, token: string, knownOutcodes: ReadonlySet<string>): boolean {
  if (NUMBER.test(token)) return entry.words.includes(token);
  if (entry.words.some((word) => word.startsWith(token))) return true;
  if (knownOutcodes.has(token)) return entry.outcode === token;
  return token.length >= 2 && /\d/.test(token) && entry.compact.startsWith(token);
}

export class EmbeddedAddressLookup implements AddressLookupService {
  readonly name = 'embedded';
  private readonly byPostcode: Map<string, LookupAddress[]>;
  private readonly index: Indexed[];
  private readonly outcodes: ReadonlySet<string>;

  constructor(source: Gazetteer = gazetteer()) {
    this.byPostcode = gazetteerAddresses(source);
    this.index = [...this.byPostcode.entries()]
      .flatMap(([compact, addresses]) =>
        addresses.map((address) => ({
          address,
          compact,
          outcode: address.zip.split(' ')[0]!,
          words: wordsOf(`${address.address1} ${address.address2 ?? ''} ${address.city}`),
          order: numbersOf(address),
        })),
      )
      .sort(compare);
    this.outcodes = new Set(this.index.map((entry) => entry.outcode));
  }

  async search(query: string, limit: number): Promise<LookupAddress[]> {
    const parsed = parseQuery(query);
    if (!parsed.postcode && !parsed.postcodePrefix && parsed.tokens.length === 0) return [];
    const found: LookupAddress[] = [];
    for (const entry of this.index) {
      if (parsed.postcode && entry.compact !== parsed.postcode) continue;
      if (parsed.postcodePrefix && !entry.compact.startsWith(parsed.postcodePrefix)) continue;
      if (!parsed.tokens.every((token) => matches(entry, token, this.outcodes))) continue;
      found.push(entry.address);
      if (found.length >= limit) break;
    }
    return found;
  }

  async addressesAt(postcode: string): Promise<LookupAddress[] | null> {
    if (!isUkPostcode(postcode)) return null;
    return this.byPostcode.get(formatUkPostcode(postcode).replace(' ', '')) ?? null;
  }
}
