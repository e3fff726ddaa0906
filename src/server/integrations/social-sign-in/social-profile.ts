// The shapes every social sign-in adapter answers with (live and local alike).

export type SocialProvider = 'google' | 'facebook' | 'apple';

export interface SocialProfile {
  provider: SocialProvider;
  /** The provider's stable id for the person (Google/Apple `sub`, Facebook's app-scoped user id). */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

/**
 * Any refusal or failure: bad signature, wrong audience, expired, unknown or used code, provider down.
 * Messages say what went wrong and never carry a token, code, secret or claim value: callers log them.
 */
export class SocialSignInError extends Error {
  override name = 'SocialSignInError';
}

/** Every call to a provider gives up after this long. */
export const PROVIDER_TIMEOUT_MS = 5_000;

/** A trimmed, bounded name part, or null when there is none. */
export function namePart(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim().slice(0, 100);
  return trimmed === '' ? null : trimmed;
}

/** Google and Apple have sent `email_verified` both as a boolean and as the string "true". */
export function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}
