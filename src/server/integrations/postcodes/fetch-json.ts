// One way of calling a postcode or address service over HTTPS: a time limit, JSON back whatever the status
// (these services explain a 404 in the body), and errors that name the service but never the URL (an
// address provider's URL carries its API key).

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export const SERVICE_TIMEOUT_MS = 5_000;

export class ServiceCallError extends Error {
  override name = 'ServiceCallError';
}

export async function fetchJson(
  fetchImpl: FetchLike,
  label: string,
  url: string,
  timeoutMs = SERVICE_TIMEOUT_MS,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'GET',
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
  } catch (error) {
    throw new ServiceCallError(
      isTimeout(error)
        ? `${label} did not answer within ${timeoutMs / 1000} s`
        : `${label} could not be reached`,
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (isTimeout(error)) throw new ServiceCallError(`${label} did not answer within ${timeoutMs / 1000} s`);
    throw new ServiceCallError(`${label} answered HTTP ${response.status} without JSON`);
  }
  return { status: response.status, body };
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}
