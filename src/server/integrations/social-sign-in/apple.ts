import { createPrivateKey, type KeyObject } from 'node:crypto';
import { createRemoteJWKSet, customFetch, SignJWT, type JWTVerifyGetKey } from 'jose';
import { verifyIdToken } from './id-token';
import { requestJson, type FetchLike } from './provider-http';
import {
  isTrue,
  namePart,
  PROVIDER_TIMEOUT_MS,
  SocialSignInError,
  type SocialProfile,
} from './social-profile';

// Sign in with Apple on the web: the authorisation code is exchanged at Apple's token endpoint, our app
// authenticating with a client_secret JWT (ES256, signed with the .p8 key from the developer account); the
// returned ID token is then verified against Apple's published keys.
// https://developer.apple.com/documentation/accountorganizationaldatasharing/generate-and-validate-tokens

export const APPLE_ISSUER = 'https://appleid.apple.com';
export const APPLE_TOKEN_URL = 'https://appleid.apple.com/auth/token';
export const APPLE_KEYS_URL = 'https://appleid.apple.com/auth/keys';
export const APPLE_AUTHORIZE_URL = 'https://appleid.apple.com/auth/authorize';
/** Apple refuses client secrets that live longer than six months (15,777,000 s). */
export const APPLE_CLIENT_SECRET_MAX_S = 15_777_000;

/** POSTs a form to the token endpoint; answers its JSON (`{ error }` for a refusal). */
export type TokenEndpoint = (form: Record<string, string>) => Promise<unknown>;

export interface AppleExchangerOptions {
  tokenEndpoint: TokenEndpoint;
  jwks: JWTVerifyGetKey;
  issuer: string;
  /** Our Services ID. */
  clientId: string;
  /** The redirect_uri the authorisation was asked with: Apple insists it is sent again and matches. */
  redirectUri: string;
  clientSecret: () => Promise<string>;
}

export interface AppleName {
  firstName?: string;
  lastName?: string;
}

export class AppleExchanger {
  constructor(private readonly options: AppleExchangerOptions) {}

  async exchange(code: string, name: AppleName): Promise<SocialProfile> {
    if (typeof code !== 'string' || code.length === 0 || code.length > 1_024) {
      throw new SocialSignInError('Apple code refused: missing or too long');
    }
    const { tokenEndpoint, clientId, redirectUri } = this.options;
    let clientSecret: string;
    try {
      clientSecret = await this.options.clientSecret();
    } catch {
      throw new SocialSignInError('Apple client secret could not be signed');
    }
    const answer = (await tokenEndpoint({
      client_id: clientId,
      client_secret: clientSecret,
      code,
      grant_type: 'authorization_code',
      redirect_uri: redirectUri,
    })) as Record<string, unknown>;
    if (answer.error !== undefined) {
      // Apple's error values are a short fixed list (invalid_grant, invalid_client, …).
      const error =
        typeof answer.error === 'string' && /^[a-z_]{1,40}$/.test(answer.error) ? answer.error : 'unknown';
      throw new SocialSignInError(`Apple refused the code (${error})`);
    }
    if (typeof answer.id_token !== 'string') {
      throw new SocialSignInError('Apple token endpoint answered without an id_token');
    }
    const claims = await verifyIdToken(answer.id_token, {
      jwks: this.options.jwks,
      issuer: this.options.issuer,
      audience: clientId,
      label: 'Apple',
    });
    const email = typeof claims.email === 'string' && claims.email !== '' ? claims.email.toLowerCase() : null;
    return {
      provider: 'apple',
      subject: claims.sub,
      email,
      emailVerified: email !== null && isTrue(claims.email_verified),
      // Apple never puts the name in the token; it comes with the first authorisation only.
      firstName: namePart(name.firstName),
      lastName: namePart(name.lastName),
    };
  }
}

export interface AppleClientSecretOptions {
  teamId: string;
  keyId: string;
  clientId: string;
  /** The .p8 key (PKCS #8 PEM, P-256), or a key object. */
  privateKey: string | KeyObject;
  /** Apple's issuer for the real token endpoint; the local provider's for the local one. */
  audience: string;
  lifetimeSeconds?: number;
  now?: () => number;
}

/** Reads an ES256 (P-256) private key; throws at start-up, not at the first sign-in, when it is wrong. */
export function readAppleKey(pem: string | KeyObject): KeyObject {
  let key: KeyObject;
  try {
    key = typeof pem === 'string' ? createPrivateKey(pem) : pem;
  } catch {
    throw new Error('APPLE_PRIVATE_KEY is not a PEM private key (the .p8 file Apple gives you)');
  }
  if (
    key.type !== 'private' ||
    key.asymmetricKeyType !== 'ec' ||
    key.asymmetricKeyDetails?.namedCurve !== 'prime256v1'
  ) {
    throw new Error('APPLE_PRIVATE_KEY must be an ES256 (P-256) private key');
  }
  return key;
}

/** One client_secret JWT. */
export async function signAppleClientSecret(options: AppleClientSecretOptions): Promise<string> {
  const lifetime = Math.min(options.lifetimeSeconds ?? 3_600, APPLE_CLIENT_SECRET_MAX_S);
  const iat = Math.floor((options.now?.() ?? Date.now()) / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: options.keyId })
    .setIssuer(options.teamId)
    .setSubject(options.clientId)
    .setAudience(options.audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + lifetime)
    .sign(readAppleKey(options.privateKey));
}

/** A client_secret source that signs once an hour rather than on every sign-in. */
export function appleClientSecret(options: AppleClientSecretOptions): () => Promise<string> {
  const key = readAppleKey(options.privateKey);
  const lifetime = options.lifetimeSeconds ?? 3_600;
  const now = options.now ?? Date.now;
  let cached: { secret: string; renewAt: number } | null = null;
  return async () => {
    if (cached && now() < cached.renewAt) return cached.secret;
    const secret = await signAppleClientSecret({ ...options, privateKey: key, lifetimeSeconds: lifetime });
    cached = { secret, renewAt: now() + (lifetime - 300) * 1000 };
    return secret;
  };
}

/** Apple's token endpoint over HTTPS. */
export function appleTokenEndpointOverHttp(
  fetchImpl: FetchLike = fetch,
  url = APPLE_TOKEN_URL,
): TokenEndpoint {
  return (form) =>
    requestJson(fetchImpl, 'Apple token endpoint', url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
}

export function appleRemoteJwks(fetchImpl?: FetchLike): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(APPLE_KEYS_URL), {
    timeoutDuration: PROVIDER_TIMEOUT_MS,
    ...(fetchImpl ? { [customFetch]: fetchImpl } : {}),
  });
}
