import * as z from 'zod/mini';
import { formatUkPostcode, isUkPostcode } from '../../../domain/address';
import { fetchJson, ServiceCallError, type FetchLike } from '../postcodes/fetch-json';
import {
  AddressLookupError,
  MAX_LOOKUP_RESULTS,
  type AddressLookupService,
  type LookupAddress,
} from './port';

// The production adapter: Ideal Postcodes (https://ideal-postcodes.co.uk), Royal Mail's Postcode Address
// File with coordinates, over plain HTTPS. Environment: ADDRESS_LOOKUP=ideal_postcodes,
// IDEAL_POSTCODES_API_KEY (an "ak_…" key; each lookup uses credit) and IDEAL_POSTCODES_URL (default
// https://api.ideal-postcodes.co.uk).
// - Search: GET /v1/addresses?api_key=…&query=…&limit=… → 200 `{ result: { hits: [address…], page, limit,
//   total }, code: 2000, message: "Success" }`.
// - A postcode: GET /v1/postcodes/{postcode}?api_key=… → 200 `{ result: [address…], code: 2000 }`, or 404
//   `{ code: 4040, message: "Postcode Not Found" }`.
// - Refusals: 401 code 4010 (invalid key), 402 code 4020 (no credit left) or 4021 (a limit reached).
// An address has line_1, line_2, line_3, post_town (capitals), postcode, latitude and longitude, among others.

const hitSchema = z.looseObject({
  id: z.optional(z.string()),
  udprn: z.optional(z.union([z.number(), z.string()])),
  postcode: z.string(),
  post_town: z.string(),
  line_1: z.string(),
  line_2: z.optional(z.string()),
  line_3: z.optional(z.string()),
  latitude: z.optional(z.union([z.number(), z.string()])),
  longitude: z.optional(z.union([z.number(), z.string()])),
});
type Hit = z.infer<typeof hitSchema>;

const searchSchema = z.object({ result: z.object({ hits: z.array(hitSchema) }) });
const postcodeSchema = z.object({ result: z.array(hitSchema) });

const LOWER_WORDS = new Set(['upon', 'on', 'under', 'next', 'the', 'in', 'by', 'le', 'de', 'en', 'sur']);

/** "NEWCASTLE UPON TYNE" → "Newcastle upon Tyne", "STOKE-ON-TRENT" → "Stoke-on-Trent". */
export function capitalisePostTown(town: string): string {
  return town
    .toLowerCase()
    .split(' ')
    .map((word, wordIndex) =>
      word
        .split('-')
        .map((part, partIndex) =>
          (wordIndex > 0 || partIndex > 0) && LOWER_WORDS.has(part)
            ? part
            : part.charAt(0).toUpperCase() + part.slice(1),
        )
        .join('-'),
    )
    .join(' ');
}

function coordinate(value: number | string | undefined): number | null {
  const n = typeof value === 'string' ? Number.parseFloat(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

export function toLookupAddress(hit: Hit): LookupAddress {
  const rest = [hit.line_2, hit.line_3].map((line) => line?.trim() ?? '').filter(Boolean);
  return {
    id: hit.id ?? (hit.udprn !== undefined ? `paf_${hit.udprn}` : `${hit.postcode}:${hit.line_1}`),
    address1: hit.line_1,
    address2: rest.length > 0 ? rest.join(', ') : null,
    city: capitalisePostTown(hit.post_town),
    zip: hit.postcode,
    lat: coordinate(hit.latitude),
    lon: coordinate(hit.longitude),
  };
}

export class IdealPostcodes implements AddressLookupService {
  readonly name = 'ideal_postcodes';
  private readonly apiKey: string;
  private readonly baseUrl: string;
  private readonly fetch: FetchLike;
  private readonly timeoutMs: number | undefined;

  constructor(options: { apiKey: string; baseUrl: string; fetch?: FetchLike; timeoutMs?: number }) {
    this.apiKey = options.apiKey;
    this.baseUrl = options.baseUrl.replace(/\/$/, '');
    this.fetch = options.fetch ?? ((url, init) => fetch(url, init));
    this.timeoutMs = options.timeoutMs;
  }

  async search(query: string, limit: number): Promise<LookupAddress[]> {
    const params = new URLSearchParams({
      api_key: this.apiKey,
      query: query.trim(),
      limit: String(Math.min(Math.max(1, limit), MAX_LOOKUP_RESULTS)),
    });
    const { status, body } = await this.get(`/v1/addresses?${params}`);
    if (status !== 200) throw refusal(status, body);
    const parsed = searchSchema.safeParse(body);
    if (!parsed.success) throw new AddressLookupError('Ideal Postcodes answered with an unexpected body');
    return parsed.data.result.hits.map(toLookupAddress).slice(0, limit);
  }

  async addressesAt(postcode: string): Promise<LookupAddress[] | null> {
    if (!isUkPostcode(postcode)) return null;
    const compact = formatUkPostcode(postcode).replace(' ', '');
    const params = new URLSearchParams({ api_key: this.apiKey });
    const { status, body } = await this.get(`/v1/postcodes/${encodeURIComponent(compact)}?${params}`);
    if (status === 404 && codeOf(body) === 4040) return null;
    if (status !== 200) throw refusal(status, body);
    const parsed = postcodeSchema.safeParse(body);
    if (!parsed.success) throw new AddressLookupError('Ideal Postcodes answered with an unexpected body');
    return parsed.data.result.map(toLookupAddress);
  }

  private async get(path: string) {
    try {
      return await fetchJson(this.fetch, 'Ideal Postcodes', `${this.baseUrl}${path}`, this.timeoutMs);
    } catch (error) {
      if (error instanceof ServiceCallError) throw new AddressLookupError(error.message);
      throw error;
    }
  }
}

function codeOf(body: unknown): number | null {
  const code = body !== null && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'number' ? code : null;
}

/** Why the provider said no, without its message (which can repeat what we sent) or our key. */
function refusal(status: number, body: unknown): AddressLookupError {
  const code = codeOf(body);
  if (status === 401)
    return new AddressLookupError(`Ideal Postcodes refused the API key (code ${code ?? '?'})`);
  if (status === 402) {
    return new AddressLookupError(
      code === 4021
        ? 'Ideal Postcodes: a lookup limit set on the key was reached (code 4021)'
        : `Ideal Postcodes: the key has no lookups left (code ${code ?? '?'})`,
    );
  }
  return new AddressLookupError(`Ideal Postcodes answered HTTP ${status}${code ? ` (code ${code})` : ''}`);
}
