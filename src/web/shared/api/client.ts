import { camelKeys, snakeKeys, snakeQueryKey, snakeToCamel } from '../../../contracts/case';
import {
  FAILURE_CODES,
  readErrorDocument,
  SIGNED_OUT_CODES,
  type ErrorCode,
} from '../../../contracts/errors';
import { analytics } from '../analytics';
import { config } from '../config';
import { pageOrigin, transport } from './transport';

// The one door to /api/v2: sends the branch header and cookies, snake_cases requests and camelCases
// responses (the client's one conversion), and turns error documents into ApiError with their codes.
// Screens branch on `code` (one of the contracts' ERROR_CODES), never on `status` or the text.

export const API_BASE = '/api/v2';

export type { ErrorCode } from '../../../contracts/errors';

export interface ApiProblem {
  code: ErrorCode;
  detail: string;
  /** The request's field it is about, as a JSON pointer in the app's names (`/firstName`), when said. */
  pointer?: string;
  meta?: Record<string, unknown>;
}

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    /** The HTTP status: for the transport (retries, sign-out on 401), not for screens to branch on. */
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors: ApiProblem[] = [],
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/** True when `error` is an ApiError whose code is one of `codes`: how screens tell answers apart. */
export function isApiError(error: unknown, ...codes: readonly ErrorCode[]): error is ApiError {
  return error instanceof ApiError && codes.includes(error.code);
}

/** The shop failed to answer (not the request's fault): worth trying again later, or going on without. */
export function isShopFailure(error: unknown): error is ApiError {
  return isApiError(error, ...FAILURE_CODES);
}

/**
 * The shop refused the request for a reason it states (a date gone, a voucher that no longer applies, too
 * many tries): something the customer can read and act on. Not a failure of the shop, not a sign-in.
 */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && !isShopFailure(error) && !isApiError(error, ...SIGNED_OUT_CODES);
}

const GENERAL_FAILURE = 'Something went wrong';

/**
 * An error answer as an ApiError: the document's errors with their codes (a code not shaped as ours, none,
 * or a 5xx's code that is not a failure's, becomes INTERNAL with the server's words kept; a 4xx's code this
 * page does not know is kept, a refusal in the server's words); no document at all (a proxy's page) is
 * INTERNAL with a general sentence.
 */
export function apiErrorFrom(status: number, body: unknown): ApiError {
  const document = readErrorDocument(camelKeys(body)) ?? { errors: [], meta: undefined };
  // A 5xx is the shop failing: one of the failure codes, or INTERNAL (a newer server's code, a proxy's).
  const failing = status >= 500;
  const errors: ApiProblem[] = document.errors.map((e) => ({
    code: failing && !(FAILURE_CODES as readonly string[]).includes(e.code) ? 'INTERNAL' : e.code,
    detail: e.detail,
    ...(e.source?.pointer ? { pointer: e.source.pointer.split('/').map(snakeToCamel).join('/') } : {}),
    ...(e.meta ? { meta: e.meta } : {}),
  }));
  const first = errors[0];
  return new ApiError(
    status,
    first?.code ?? 'INTERNAL',
    first?.detail ?? GENERAL_FAILURE,
    errors,
    document.meta?.requestId,
  );
}

/** A network failure (offline, server down): worth a retry, unlike most ApiErrors. */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
/** A 401 on any call resets the customer store (spec §8); the auth feature listens here. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export async function api(method: string, path: string, options: RequestOptions = {}): Promise<unknown> {
  const url = new URL(`${API_BASE}${path}`, pageOrigin());
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(snakeQueryKey(key), String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json', 'x-branch': config.branch };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;

  let response: Response;
  try {
    response = await transport(url.href, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(snakeKeys(options.body)),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError('We could not reach Sfoglia. Check your connection and try again.');
  }

  if (response.status === 204) return null;
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: handled below as an error without a document
  }
  if (response.ok) return camelKeys(json);

  const error = apiErrorFrom(response.status, json);
  // Spec §8: a 401 on any call signs the customer out, whatever its code (the transport's rule).
  if (response.status === 401) unauthorizedListeners.forEach((listener) => listener());
  else analytics.errorReported(error.message, { status: error.status, code: error.code, path });
  throw error;
}

/** Reads a JSON:API-like document through a contract's schema (a broken response fails loudly here). */
export function parseWith<T>(schema: { parse(data: unknown): T }, data: unknown): T {
  return schema.parse(data);
}
