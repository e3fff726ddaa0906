import { PROVIDER_TIMEOUT_MS, SocialSignInError } from './social-profile';

// One way of calling a provider over HTTPS: a 5 s limit, JSON back whatever the status (providers explain
// refusals in the body), and errors that name the provider but never the URL (it can carry a token).

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export async function requestJson(
  fetchImpl: FetchLike,
  label: string,
  url: string,
  init: RequestInit = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      headers: { accept: 'application/json', ...init.headers },
    });
  } catch (error) {
    throw new SocialSignInError(
      isTimeout(error)
        ? `${label} did not answer within ${PROVIDER_TIMEOUT_MS / 1000} s`
        : `${label} could not be reached`,
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (isTimeout(error)) {
      throw new SocialSignInError(`${label} did not answer within ${PROVIDER_TIMEOUT_MS / 1000} s`);
    }
    throw new SocialSignInError(`${label} answered HTTP ${response.status} without JSON`);
  }
  if (body === null || typeof body !== 'object') {
    throw new SocialSignInError(`${label} answered HTTP ${response.status} with an unexpected body`);
  }
  return body;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** The object at `key` of a JSON value, or an empty object. */
export function field(value: unknown, key: string): Record<string, unknown> {
  const inner =
    value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return inner !== null && typeof inner === 'object' ? (inner as Record<string, unknown>) : {};
}
