import { analytics } from './analytics';
import { config } from './config';
import { pageOrigin, transport } from './api/transport';

// The storefront is a Shopify Storefront API: ours (embedded) by default, a real store when configured.

export class StorefrontError extends Error {
  override name = 'StorefrontError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function storefrontQuery<T>(
  query: string,
  variables: Record<string, unknown> = {},
  signal?: AbortSignal,
): Promise<T> {
  let response: Response;
  try {
    response = await transport(new URL(config.storefrontUrl, pageOrigin()).href, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-shopify-storefront-access-token': config.storefrontToken,
      },
      body: JSON.stringify({ query, variables }),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new StorefrontError("Couldn't fetch menu", 0);
  }
  const json = (await response.json().catch(() => null)) as {
    data?: T;
    errors?: { message: string }[];
  } | null;
  if (!response.ok || !json || (json.errors && json.errors.length > 0) || !json.data) {
    const detail = Array.isArray(json?.errors)
      ? json.errors.map((e) => e.message).join('; ')
      : response.statusText;
    analytics.errorReported("Couldn't fetch menu", { status: response.status, detail });
    throw new StorefrontError("Couldn't fetch menu", response.status);
  }
  return json.data;
}
