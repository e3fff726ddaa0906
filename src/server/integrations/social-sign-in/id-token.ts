import { jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { SocialSignInError } from './social-profile';

// OpenID Connect ID tokens (Google's, and the one Apple returns from its token endpoint) are checked by this
// one function in every mode: the local provider's tokens go through exactly the code the real ones do.

export interface IdTokenCheck {
  /** Where the signing keys come from: Google's or Apple's JWKS URL in production, the local provider's keys otherwise. */
  jwks: JWTVerifyGetKey;
  issuer: string | string[];
  audience: string;
  /** Names the provider in error messages. */
  label: string;
}

/** Both providers sign ID tokens with RS256; anything else (notably `none` or HS256) is refused. */
const ALGORITHMS = ['RS256'];
/** Room for clocks that disagree a little with the provider's. */
const CLOCK_TOLERANCE_S = 30;

export async function verifyIdToken(
  token: string,
  check: IdTokenCheck,
): Promise<JWTPayload & { sub: string }> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 8_192) {
    throw new SocialSignInError(`${check.label} ID token refused: missing or too long`);
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, check.jwks, {
      algorithms: ALGORITHMS,
      issuer: check.issuer,
      audience: check.audience,
      clockTolerance: CLOCK_TOLERANCE_S,
      requiredClaims: ['sub', 'iat', 'exp'],
    }));
  } catch (error) {
    // jose's errors carry the claims (an email) in `payload`: keep only a reason of our own.
    throw new SocialSignInError(`${check.label} ID token refused: ${reasonOf(error)}`);
  }
  if (typeof payload.sub !== 'string' || payload.sub === '' || payload.sub.length > 255) {
    throw new SocialSignInError(`${check.label} ID token refused: no subject`);
  }
  return payload as JWTPayload & { sub: string };
}

function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return 'expired';
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED': {
      const claim = (error as { claim?: unknown }).claim;
      if (claim === 'aud') return 'issued for another client (audience)';
      if (claim === 'iss') return 'issued by someone else (issuer)';
      return `claim "${typeof claim === 'string' ? claim.slice(0, 20) : '?'}" is not valid`;
    }
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return 'signature does not verify';
    case 'ERR_JWKS_NO_MATCHING_KEY':
      return 'signed with a key the provider does not publish';
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return 'the key id matches several keys';
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return 'signed with an algorithm we do not accept';
    case 'ERR_JWKS_TIMEOUT':
      return 'the provider keys did not arrive within 5 s';
    case 'ERR_JWKS_INVALID':
      return 'the provider keys could not be read';
    case 'ERR_JWS_INVALID':
    case 'ERR_JWT_INVALID':
    case 'ERR_JOSE_NOT_SUPPORTED':
      return 'malformed token';
    default:
      return 'the provider keys are unavailable';
  }
}
