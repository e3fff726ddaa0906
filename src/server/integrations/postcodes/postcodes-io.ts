import * as z from 'zod/mini';
import { formatUkPostcode, isUkPostcode } from '../../../domain/address';
import { fetchJson, ServiceCallError, type FetchLike } from './fetch-json';
import { PostcodeServiceError, type PostcodeResult, type PostcodeService } from './port';

// The production adapter: postcodes.io (https://api.postcodes.io, no key) or a self-hosted copy of it
// (POSTCODES_URL). GET /postcodes/{postcode} answers 200 `{ status, result }`, or 404 `{ status, error }`
// with "Postcode not found" or "Invalid postcode". Anything else is the service failing.

const found = z.object({
  status: z.literal(200),
  result: z.looseObject({
    postcode: z.string(),
    outcode: z.string(),
    incode: z.string(),
    latitude: z.nullable(z.number()),
    longitude: z.nullable(z.number()),
  }),
});

export class PostcodesIo implements PostcodeService {
  readonly name = 'postcodes.io';
  private readonly baseUrl: string;
  private readonly fetch: FetchLike;
  private readonly timeoutMs: number | undefined;

  constructor(options: { baseUrl: string; fetch?: FetchLike; timeoutMs?: number }) {
    this.baseUrl = options.baseUrl.replace(/\/$/, '');
    this.fetch = options.fetch ?? ((url, init) => fetch(url, init));
    this.timeoutMs = options.timeoutMs;
  }

  async lookup(postcode: string): Promise<PostcodeResult | null> {
    // postcodes.io would say 404 "Invalid postcode"; no need to ask.
    if (!isUkPostcode(postcode)) return null;
    const compact = formatUkPostcode(postcode).replace(' ', '');
    let answer: { status: number; body: unknown };
    try {
      answer = await fetchJson(
        this.fetch,
        'postcodes.io',
        `${this.baseUrl}/postcodes/${encodeURIComponent(compact)}`,
        this.timeoutMs,
      );
    } catch (error) {
      if (error instanceof ServiceCallError) throw new PostcodeServiceError(error.message);
      throw error;
    }
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw new PostcodeServiceError(`postcodes.io answered HTTP ${answer.status}`);
    const parsed = found.safeParse(answer.body);
    if (!parsed.success) throw new PostcodeServiceError('postcodes.io answered with an unexpected body');
    return parsed.data.result as unknown as PostcodeResult;
  }
}
