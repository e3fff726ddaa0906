import { camelKeys, snakeKeys, snakeQueryKey } from '../../../contracts/case';
import { analytics } from '../analytics';
import { config } from '../config';

// The one door to /api/v2: sends the branch header and cookies, snake_cases requests and camelCases
// responses (the client's one conversion), and turns error documents into ApiError with their codes.

export const API_BASE = '/api/v2';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: { code: string; detail: string; meta?: Record<string, unknown> }[] = [],
    readonly requestId?: string,
  ) {
    super(message);
  }
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
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(snakeQueryKey(key), String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json', 'x-branch': config.branch };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;

  let response: Response;
  try {
    response = await fetch(url, {
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

  const document = camelKeys(json) as {
    errors?: { code?: string; detail?: string; meta?: Record<string, unknown> }[];
    meta?: { requestId?: string };
  } | null;
  const errors = (document?.errors ?? []).map((e) => ({
    code: e.code ?? 'UNKNOWN',
    detail: e.detail ?? 'Something went wrong',
    ...(e.meta ? { meta: e.meta } : {}),
  }));
  const first = errors[0];
  const error = new ApiError(
    response.status,
    first?.code ?? `HTTP_${response.status}`,
    first?.detail ?? 'Something went wrong',
    errors,
    document?.meta?.requestId,
  );
  if (response.status === 401) unauthorizedListeners.forEach((listener) => listener());
  else analytics.errorReported(error.message, { status: error.status, code: error.code, path });
  throw error;
}

/** Reads a JSON:API-like document through a contract's schema (a broken response fails loudly here). */
export function parseWith<T>(schema: { parse(data: unknown): T }, data: unknown): T {
  return schema.parse(data);
}
