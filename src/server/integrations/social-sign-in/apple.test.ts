import { generateKeyPairSync } from 'node:crypto';
import Fastify from 'fastify';
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type JWTPayload,
} from 'jose';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  APPLE_CLIENT_SECRET_MAX_S,
  APPLE_ISSUER,
  APPLE_KEYS_URL,
  APPLE_TOKEN_URL,
  AppleExchanger,
  appleClientSecret,
  readAppleKey,
  signAppleClientSecret,
  type TokenEndpoint,
} from './apple';
import { appleCallbackRoutes } from './apple-callback.routes';
import { createSocialSignIn, SocialSignInError } from './index';
import type { FetchLike } from './provider-http';

// The live Apple wiring, without calling Apple: our .p8 key and Apple's signing key are made here; a fake
// token endpoint checks what Apple checks and answers with Apple's shapes.

const TEAM_ID = 'A1B2C3D4E5';
const KEY_ID = 'KEY1234567';
const CLIENT_ID = 'uk.co.sfoglia.web';
const SHOP = 'https://shop.example';

let developerPem: string;
let developerPublic: CryptoKey;
let appleKey: CryptoKey;
let appleJwks: { keys: Record<string, unknown>[] };

beforeAll(async () => {
  const developer = await generateKeyPair('ES256', { extractable: true });
  developerPem = await exportPKCS8(developer.privateKey);
  developerPublic = developer.publicKey;
  const apple = await generateKeyPair('RS256');
  appleKey = apple.privateKey;
  appleJwks = { keys: [{ ...(await exportJWK(apple.publicKey)), kid: 'apple-1', alg: 'RS256', use: 'sig' }] };
});

function appleIdToken(claims: JWTPayload = {}, key: CryptoKey = appleKey) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: APPLE_ISSUER,
    aud: CLIENT_ID,
    sub: '001234.0a1b2c3d4e5f60718293a4b5c6d7e8f9.1234',
    email: 'ada@privaterelay.appleid.com',
    email_verified: 'true',
    is_private_email: 'true',
    auth_time: now,
    iat: now,
    exp: now + 600,
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'apple-1' })
    .sign(key);
}

describe('the client secret', () => {
  test('ES256 with our key id; iss team, sub client, aud Apple; at most six months', async () => {
    const secret = await signAppleClientSecret({
      teamId: TEAM_ID,
      keyId: KEY_ID,
      clientId: CLIENT_ID,
      privateKey: developerPem,
      audience: APPLE_ISSUER,
    });
    expect(decodeProtectedHeader(secret)).toEqual({ alg: 'ES256', kid: KEY_ID });
    const claims = decodeJwt(secret);
    expect(claims).toMatchObject({ iss: TEAM_ID, sub: CLIENT_ID, aud: APPLE_ISSUER });
    expect(claims.exp! - claims.iat!).toBeGreaterThan(0);
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(APPLE_CLIENT_SECRET_MAX_S);
    expect(Math.abs(claims.iat! - Date.now() / 1000)).toBeLessThan(5);
    // Signed by the .p8 key: its public half verifies it.
    await expect(jwtVerify(secret, developerPublic, { algorithms: ['ES256'] })).resolves.toBeTruthy();

    const long = decodeJwt(
      await signAppleClientSecret({
        teamId: TEAM_ID,
        keyId: KEY_ID,
        clientId: CLIENT_ID,
        privateKey: developerPem,
        audience: APPLE_ISSUER,
        lifetimeSeconds: 10 * 365 * 86_400,
      }),
    );
    expect(long.exp! - long.iat!).toBe(APPLE_CLIENT_SECRET_MAX_S);
  });

  test('is signed once and reused until it is near its end', async () => {
    let now = Date.now();
    const source = appleClientSecret({
      teamId: TEAM_ID,
      keyId: KEY_ID,
      clientId: CLIENT_ID,
      privateKey: developerPem,
      audience: APPLE_ISSUER,
      now: () => now,
    });
    const first = await source();
    expect(await source()).toBe(first);
    now += 56 * 60_000;
    expect(await source()).not.toBe(first);
  });

  test('a key that is not an ES256 private key stops the start', () => {
    expect(() => readAppleKey('not a key')).toThrow(/APPLE_PRIVATE_KEY is not a PEM private key/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    expect(() => readAppleKey(String(rsa))).toThrow(/ES256/);
    expect(() =>
      createSocialSignIn(
        {
          mode: 'live',
          google: { clientId: 'g' },
          facebook: { appId: '1', appSecret: 's' },
          apple: { clientId: CLIENT_ID, teamId: TEAM_ID, keyId: KEY_ID, privateKey: 'garbage' },
        },
        SHOP,
      ),
    ).toThrow(/APPLE_PRIVATE_KEY/);
  });
});

describe('AppleExchanger', () => {
  const exchanger = (tokenEndpoint: TokenEndpoint) =>
    new AppleExchanger({
      tokenEndpoint,
      jwks: createLocalJWKSet(appleJwks as never),
      issuer: APPLE_ISSUER,
      clientId: CLIENT_ID,
      redirectUri: `${SHOP}/auth/apple/callback`,
      clientSecret: async () => 'the-client-secret',
    });

  test('sends Apple’s form and verifies the id_token; the name comes from the caller', async () => {
    const forms: Record<string, string>[] = [];
    const idToken = await appleIdToken();
    const profile = await exchanger(async (form) => {
      forms.push(form);
      return {
        access_token: 'a',
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: 'r',
        id_token: idToken,
      };
    }).exchange('c1234567890.0.abcd.efgh', { firstName: ' Ada ', lastName: 'Lovelace' });
    expect(forms).toEqual([
      {
        client_id: CLIENT_ID,
        client_secret: 'the-client-secret',
        code: 'c1234567890.0.abcd.efgh',
        grant_type: 'authorization_code',
        redirect_uri: `${SHOP}/auth/apple/callback`,
      },
    ]);
    expect(profile).toEqual({
      provider: 'apple',
      subject: '001234.0a1b2c3d4e5f60718293a4b5c6d7e8f9.1234',
      email: 'ada@privaterelay.appleid.com',
      emailVerified: true,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  test('refusals', async () => {
    const code = 'c1234567890.0.abcd.efgh';
    const refused = async (answer: unknown) => {
      const error = await exchanger(async () => answer)
        .exchange(code, {})
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SocialSignInError);
      expect((error as Error).message).not.toContain(code);
      return (error as Error).message;
    };
    expect(
      await refused({
        error: 'invalid_grant',
        error_description: 'The code has expired or has been revoked.',
      }),
    ).toBe('Apple refused the code (invalid_grant)');
    expect(await refused({ error: 'invalid_client' })).toBe('Apple refused the code (invalid_client)');
    expect(await refused({ error: '<script>' })).toBe('Apple refused the code (unknown)');
    expect(await refused({ access_token: 'a' })).toBe('Apple token endpoint answered without an id_token');
    expect(await refused({ id_token: await appleIdToken({ aud: 'com.someone.else' }) })).toBe(
      'Apple ID token refused: issued for another client (audience)',
    );
    expect(await refused({ id_token: await appleIdToken({ iss: 'https://accounts.google.com' }) })).toBe(
      'Apple ID token refused: issued by someone else (issuer)',
    );
    const now = Math.floor(Date.now() / 1000);
    expect(await refused({ id_token: await appleIdToken({ iat: now - 1200, exp: now - 600 }) })).toBe(
      'Apple ID token refused: expired',
    );
    const other = await generateKeyPair('RS256');
    expect(await refused({ id_token: await appleIdToken({}, other.privateKey) })).toBe(
      'Apple ID token refused: signature does not verify',
    );
  });
});

describe('createSocialSignIn, live, for Apple', () => {
  test('POSTs the code to Apple’s token endpoint with a client secret Apple would accept', async () => {
    const seen: string[] = [];
    const fakeFetch: FetchLike = async (url, init) => {
      seen.push(`${init.method ?? 'GET'} ${url}`);
      if (url === APPLE_KEYS_URL) return Response.json(appleJwks);
      expect(url).toBe(APPLE_TOKEN_URL);
      expect(new Headers(init.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
      const form = Object.fromEntries(new URLSearchParams(String(init.body)));
      expect(form).toMatchObject({
        client_id: CLIENT_ID,
        code: 'c-live-code',
        grant_type: 'authorization_code',
        redirect_uri: `${SHOP}/auth/apple/callback`,
      });
      // What Apple checks of the client secret.
      const { payload, protectedHeader } = await jwtVerify(form.client_secret!, developerPublic, {
        algorithms: ['ES256'],
        issuer: TEAM_ID,
        subject: CLIENT_ID,
        audience: APPLE_ISSUER,
      });
      expect(protectedHeader.kid).toBe(KEY_ID);
      expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(APPLE_CLIENT_SECRET_MAX_S);
      return Response.json({
        access_token: 'a',
        token_type: 'Bearer',
        expires_in: 3600,
        id_token: await appleIdToken(),
      });
    };
    const signIn = createSocialSignIn(
      {
        mode: 'live',
        google: { clientId: 'g' },
        facebook: { appId: '1', appSecret: 's' },
        apple: { clientId: CLIENT_ID, teamId: TEAM_ID, keyId: KEY_ID, privateKey: developerPem },
      },
      `${SHOP}/`,
      { fetch: fakeFetch },
    );
    const profile = await signIn.exchangeApple('c-live-code', { firstName: 'Ada' });
    expect(profile).toMatchObject({
      provider: 'apple',
      email: 'ada@privaterelay.appleid.com',
      firstName: 'Ada',
      lastName: null,
    });
    expect(seen).toEqual([`POST ${APPLE_TOKEN_URL}`, `GET ${APPLE_KEYS_URL}`]);
  });

  test('Apple not answering is a SocialSignInError', async () => {
    const signIn = createSocialSignIn(
      {
        mode: 'live',
        google: { clientId: 'g' },
        facebook: { appId: '1', appSecret: 's' },
        apple: { clientId: CLIENT_ID, teamId: TEAM_ID, keyId: KEY_ID, privateKey: developerPem },
      },
      SHOP,
      {
        fetch: () =>
          Promise.reject(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
      },
    );
    const error = await signIn.exchangeApple('c-live-code', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SocialSignInError);
    expect((error as Error).message).toBe('Apple token endpoint did not answer within 5 s');
  });
});

describe('POST /auth/apple/callback (Apple’s form_post, live)', () => {
  async function post(form: Record<string, string>) {
    const app = Fastify();
    await app.register(appleCallbackRoutes);
    const response = await app.inject({
      method: 'POST',
      url: '/auth/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://appleid.apple.com' },
      payload: new URLSearchParams(form).toString(),
    });
    await app.close();
    return response;
  }

  test('the first sign-in: code, state and the name, as the web app’s sign-in page reads them', async () => {
    const response = await post({
      state: 'st-1',
      code: 'c0a1b2.0.abcd.efgh',
      user: JSON.stringify({ name: { firstName: 'Ada', lastName: 'Lovelace' }, email: 'ada@example.com' }),
    });
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string, SHOP);
    expect(location.pathname).toBe('/social-login');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      code: 'c0a1b2.0.abcd.efgh',
      state: 'st-1',
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
  });

  test('later sign-ins have no user; a cancelled one has an error; junk is not passed on', async () => {
    const later = new URL((await post({ state: 's', code: 'c9' })).headers.location as string, SHOP);
    expect(Object.fromEntries(later.searchParams)).toEqual({ code: 'c9', state: 's' });
    const cancelled = new URL(
      (await post({ state: 's', error: 'user_cancelled_authorize' })).headers.location as string,
      SHOP,
    );
    expect(Object.fromEntries(cancelled.searchParams)).toEqual({
      error: 'user_cancelled_authorize',
      state: 's',
    });
    const junk = new URL((await post({ code: 'c9', user: '{not json' })).headers.location as string, SHOP);
    expect(Object.fromEntries(junk.searchParams)).toEqual({ code: 'c9' });
    const odd = new URL((await post({ error: '"><x' })).headers.location as string, SHOP);
    expect(Object.fromEntries(odd.searchParams)).toEqual({ error: 'invalid_request' });
  });
});
