import { createRemoteJWKSet, customFetch, type JWTVerifyGetKey } from 'jose';
import { verifyIdToken } from './id-token';
import type { FetchLike } from './provider-http';
import {
  isTrue,
  namePart,
  PROVIDER_TIMEOUT_MS,
  SocialSignInError,
  type SocialProfile,
} from './social-profile';

// Google Identity Services' ID token (the "credential"): an RS256 JWT signed with Google's published keys.
// https://developers.google.com/identity/gsi/web/guides/verify-google-id-token

export const GOOGLE_CERTS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
/** Google issues ID tokens with either spelling. */
export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
export const GOOGLE_AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth';

export interface GoogleVerifierOptions {
  jwks: JWTVerifyGetKey;
  issuer: string | string[];
  /** Our OAuth client id. */
  audience: string;
}

export class GoogleVerifier {
  constructor(private readonly options: GoogleVerifierOptions) {}

  /** `expected.nonce`: the nonce this browser sent with the authorisation request, when the caller has it. */
  async verify(idToken: string, expected: { nonce?: string } = {}): Promise<SocialProfile> {
    const claims = await verifyIdToken(idToken, { ...this.options, label: 'Google' });
    if (expected.nonce !== undefined && claims.nonce !== expected.nonce) {
      throw new SocialSignInError('Google ID token refused: the nonce is not the one this sign-in sent');
    }
    const email = typeof claims.email === 'string' && claims.email !== '' ? claims.email.toLowerCase() : null;
    return {
      provider: 'google',
      subject: claims.sub,
      email,
      emailVerified: email !== null && isTrue(claims.email_verified),
      firstName: namePart(claims.given_name),
      lastName: namePart(claims.family_name),
    };
  }
}

/** Google's keys, fetched on first use and cached (jose refetches when a new key id appears). */
export function googleRemoteJwks(fetchImpl?: FetchLike): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(GOOGLE_CERTS_URL), {
    timeoutDuration: PROVIDER_TIMEOUT_MS,
    ...(fetchImpl ? { [customFetch]: fetchImpl } : {}),
  });
}
