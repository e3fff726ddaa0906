import { createLocalJWKSet, exportJWK, exportPKCS8, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, test } from 'vitest';
import { GOOGLE_CERTS_URL, GOOGLE_ISSUERS, GoogleVerifier } from './google';
import { createSocialSignIn, SocialSignInError } from './index';
import type { FetchLike } from './provider-http';

// The live Google wiring, without calling Google: a key pair made here plays Google's, its public half served
// as Google's JWKS, and tokens minted with Google's issuer and claims.

const CLIENT_ID = '1234567890-abc.apps.googleusercontent.com';
let googleKey: CryptoKey;
let jwks: { keys: Record<string, unknown>[] };

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  googleKey = pair.privateKey;
  jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'google-2026', alg: 'RS256', use: 'sig' }] };
});

function mint(claims: JWTPayload = {}, options: { key?: CryptoKey; kid?: string; alg?: string } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: 'https://accounts.google.com',
    azp: CLIENT_ID,
    aud: CLIENT_ID,
    sub: '110169484474386276334',
    email: 'Ada@Example.com',
    email_verified: true,
    given_name: 'Ada',
    family_name: 'Lovelace',
    iat: now,
    exp: now + 3600,
    ...claims,
  })
    .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? 'google-2026', typ: 'JWT' })
    .sign(options.key ?? googleKey);
}

const verifier = () =>
  new GoogleVerifier({ jwks: createLocalJWKSet(jwks as never), issuer: GOOGLE_ISSUERS, audience: CLIENT_ID });

async function refused(token: string): Promise<string> {
  const error = await verifier()
    .verify(token)
    .then(
      () => null,
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(SocialSignInError);
  expect((error as Error).message).not.toContain(token);
  return (error as Error).message;
}

describe('GoogleVerifier with Google’s issuer', () => {
  test('a good token gives the profile', async () => {
    expect(await verifier().verify(await mint())).toEqual({
      provider: 'google',
      subject: '110169484474386276334',
      email: 'ada@example.com',
      emailVerified: true,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  test('both spellings of Google’s issuer are accepted, and email_verified may be a string', async () => {
    const profile = await verifier().verify(
      await mint({ iss: 'accounts.google.com', email_verified: 'true' }),
    );
    expect(profile.emailVerified).toBe(true);
    expect((await verifier().verify(await mint({ email_verified: false }))).emailVerified).toBe(false);
    const noEmail = await verifier().verify(await mint({ email: undefined, email_verified: undefined }));
    expect(noEmail).toMatchObject({ email: null, emailVerified: false, firstName: 'Ada' });
  });

  test('refusals', async () => {
    const other = await generateKeyPair('RS256');
    expect(await refused(await mint({}, { key: other.privateKey }))).toBe(
      'Google ID token refused: signature does not verify',
    );
    expect(await refused(await mint({ aud: 'another-client' }))).toBe(
      'Google ID token refused: issued for another client (audience)',
    );
    expect(await refused(await mint({ iss: 'https://accounts.google.com.evil.example' }))).toBe(
      'Google ID token refused: issued by someone else (issuer)',
    );
    const now = Math.floor(Date.now() / 1000);
    expect(await refused(await mint({ iat: now - 7200, exp: now - 3600 }))).toBe(
      'Google ID token refused: expired',
    );
    expect(await refused(await mint({ sub: undefined }))).toMatch(/^Google ID token refused: /);
    expect(await refused(await mint({}, { kid: 'rotated-away' }))).toBe(
      'Google ID token refused: signed with a key the provider does not publish',
    );
  });

  test('only RS256: HS256 and unsigned tokens are refused', async () => {
    const hs = await new SignJWT({ iss: 'https://accounts.google.com', aud: CLIENT_ID, sub: '1' })
      .setProtectedHeader({ alg: 'HS256', kid: 'google-2026' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-shared-secret-that-is-long-enough'));
    expect(await refused(hs)).toBe('Google ID token refused: signed with an algorithm we do not accept');
    const [, payload] = (await mint()).split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    expect(await refused(none)).toMatch(/^Google ID token refused: /);
  });
});

describe('createSocialSignIn, live, for Google', () => {
  test('fetches Google’s published keys from Google’s URL, within 5 s, and verifies against them', async () => {
    const calls: { url: string; signal: unknown }[] = [];
    const fakeFetch: FetchLike = async (url, init) => {
      calls.push({ url, signal: init.signal });
      return Response.json(jwks);
    };
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const signIn = createSocialSignIn(
      {
        mode: 'live',
        google: { clientId: CLIENT_ID },
        facebook: { appId: '1', appSecret: 's' },
        apple: { clientId: 'a', teamId: 'T', keyId: 'K', privateKey: await exportPKCS8(privateKey) },
      },
      'https://shop.example',
      { fetch: fakeFetch },
    );
    expect((await signIn.verifyGoogle(await mint())).subject).toBe('110169484474386276334');
    expect(calls.map((c) => c.url)).toEqual([GOOGLE_CERTS_URL]);
    expect(calls[0]!.signal).toBeInstanceOf(AbortSignal);
  });

  test('Google’s keys being unreachable is a SocialSignInError', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const signIn = createSocialSignIn(
      {
        mode: 'live',
        google: { clientId: CLIENT_ID },
        facebook: { appId: '1', appSecret: 's' },
        apple: { clientId: 'a', teamId: 'T', keyId: 'K', privateKey: await exportPKCS8(privateKey) },
      },
      'https://shop.example',
      { fetch: () => Promise.reject(new TypeError('fetch failed')) },
    );
    const error = await signIn.verifyGoogle(await mint()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SocialSignInError);
    expect((error as Error).message).toBe('Google ID token refused: the provider keys are unavailable');
  });
});
