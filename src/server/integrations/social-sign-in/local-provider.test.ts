import Fastify, { type FastifyInstance } from 'fastify';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Config } from '../../config';
import { createSocialSignIn, localProviderOf, SocialSignInError, type SocialSignIn } from './index';
import { localProviderRoutes, type LocalProvider } from './local-provider';

// The local identity provider end to end: its HTML pages (GET the page, POST the form, follow the redirect),
// then the port verifying what came back, exactly as the shop's session routes do.

const PUBLIC_URL = 'http://localhost:3000';
const CONFIG: Config['socialSignIn'] = {
  mode: 'local',
  google: { clientId: 'sfoglia-local-google' },
  facebook: { appId: 'sfoglia-local-facebook', appSecret: null },
  apple: { clientId: 'sfoglia-local-apple', teamId: null, keyId: null, privateKey: null },
};
const PERSON = { email: 'Ada.Lovelace@Example.com', first_name: 'Ada', last_name: 'Lovelace' };

interface Setup {
  app: FastifyInstance;
  signIn: SocialSignIn;
  provider: LocalProvider;
  clock: { now: number };
}

// One provider for the file (key pairs take a moment to make); each test starts with the clock at now.
let shared: Setup;
beforeAll(async () => {
  const clock = { now: Date.now() };
  const signIn = createSocialSignIn(CONFIG, PUBLIC_URL, { now: () => clock.now });
  const provider = localProviderOf(signIn);
  const app = Fastify();
  await app.register(localProviderRoutes, { provider });
  await app.ready();
  shared = { app, signIn, provider, clock };
});
afterAll(() => shared.app.close());
beforeEach(() => {
  shared.clock.now = Date.now();
});

async function setup(): Promise<Setup> {
  return shared;
}

function authorizeUrl(provider: 'google' | 'facebook' | 'apple', overrides: Record<string, string> = {}) {
  const base: Record<string, Record<string, string>> = {
    google: {
      client_id: CONFIG.google.clientId,
      redirect_uri: `${PUBLIC_URL}/social-login`,
      response_type: 'id_token',
      scope: 'openid email profile',
      state: 'st-google',
      nonce: 'n-0S6_WzA2Mj',
    },
    facebook: {
      client_id: CONFIG.facebook.appId,
      redirect_uri: `${PUBLIC_URL}/auth-facebook-cb`,
      response_type: 'token',
      scope: 'email',
      state: 'st-facebook',
    },
    apple: {
      client_id: CONFIG.apple.clientId,
      redirect_uri: `${PUBLIC_URL}/social-login`,
      response_type: 'code',
      response_mode: 'query',
      scope: 'name email',
      state: 'st-apple',
    },
  };
  const params = new URLSearchParams({ ...base[provider], ...overrides });
  return `/dev/oauth/${provider}/authorize?${params.toString()}`;
}

/** What a browser does: load the page, read the form's action, submit the form. */
async function signInThroughPages(
  app: FastifyInstance,
  url: string,
  form: Record<string, string> = PERSON,
): Promise<{ page: string; status: number; location: URL | null; body: string }> {
  const page = await app.inject({ method: 'GET', url });
  expect(page.statusCode).toBe(200);
  const action = /<form method="post" action="([^"]+)"/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
  expect(action).toBeDefined();
  const submitted = await app.inject({
    method: 'POST',
    url: action!,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams({ ...form, action: 'continue' }).toString(),
  });
  const location = submitted.headers.location;
  return {
    page: page.body,
    status: submitted.statusCode,
    location: typeof location === 'string' ? new URL(location, PUBLIC_URL) : null,
    body: submitted.body,
  };
}

/** A client secret as the port signs it: our local developer key, team and key id. */
async function localClientSecret(
  provider: LocalProvider,
  kid = 'LOCALKEY01',
  key?: CryptoKey,
): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid })
    .setIssuer('LOCALTEAM1')
    .setSubject(CONFIG.apple.clientId)
    .setAudience(provider.appleIssuer)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 600)
    .sign(key ?? (await provider.appleDeveloperKey()));
}

async function refusal(promise: Promise<unknown>): Promise<SocialSignInError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SocialSignInError);
  return error as SocialSignInError;
}

describe('Google (local)', () => {
  test('round trip: page, form, fragment, verified profile', async () => {
    const { app, signIn, provider } = await setup();
    const { page, status, location } = await signInThroughPages(app, authorizeUrl('google'));
    expect(page).toContain('<html lang="en-GB">');
    expect(page).toContain('Local Google sign-in for development — no real Google account is used');
    expect(page).toContain('<label for="email">Email address</label>');
    expect(page).toContain('<label for="first_name">First name</label>');
    expect(page).toContain('<label for="last_name">Last name</label>');
    expect(page).toContain('name="viewport"');

    expect(status).toBe(302);
    expect(location!.origin + location!.pathname).toBe(`${PUBLIC_URL}/social-login`);
    expect(location!.search).toBe('');
    const fragment = new URLSearchParams(location!.hash.slice(1));
    expect(fragment.get('state')).toBe('st-google');
    const idToken = fragment.get('id_token')!;
    const claims = decodeJwt(idToken);
    expect(claims).toMatchObject({
      iss: `${PUBLIC_URL}/dev/oauth/google`,
      aud: CONFIG.google.clientId,
      email: 'ada.lovelace@example.com',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
      nonce: 'n-0S6_WzA2Mj',
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(provider.googleIssuer).toBe(claims.iss);

    const profile = await signIn.verifyGoogle(idToken, { nonce: 'n-0S6_WzA2Mj' });
    expect(profile).toEqual({
      provider: 'google',
      subject: claims.sub,
      email: 'ada.lovelace@example.com',
      emailVerified: true,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(profile.subject).toMatch(/^\d{21}$/);

    // A token from another sign-in (another nonce) is refused when the caller knows its nonce.
    expect((await refusal(signIn.verifyGoogle(idToken, { nonce: 'another-nonce' }))).message).toBe(
      'Google ID token refused: the nonce is not the one this sign-in sent',
    );
  });

  test('the subject is stable per email, whatever its case, and differs between people', async () => {
    const { app, signIn } = await setup();
    const subjectOf = async (email: string) => {
      const { location } = await signInThroughPages(app, authorizeUrl('google'), { ...PERSON, email });
      return (await signIn.verifyGoogle(new URLSearchParams(location!.hash.slice(1)).get('id_token')!))
        .subject;
    };
    const first = await subjectOf('ada.lovelace@example.com');
    expect(await subjectOf('ADA.LOVELACE@example.com')).toBe(first);
    expect(await subjectOf('charles@example.com')).not.toBe(first);
  });

  test('a token signed by another key is refused', async () => {
    const { signIn, provider } = await setup();
    const { privateKey } = await generateKeyPair('RS256');
    const kid = (await provider.googleJwks()).keys[0]!.kid!;
    const forged = await new SignJWT({ email: 'ada@example.com', email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(provider.googleIssuer)
      .setAudience(CONFIG.google.clientId)
      .setSubject('1')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    const error = await refusal(signIn.verifyGoogle(forged));
    expect(error.message).toBe('Google ID token refused: signature does not verify');

    const otherKid = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: 'not-a-local-key' })
      .setIssuer(provider.googleIssuer)
      .setAudience(CONFIG.google.clientId)
      .setSubject('1')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    expect((await refusal(signIn.verifyGoogle(otherKid))).message).toBe(
      'Google ID token refused: signed with a key the provider does not publish',
    );
  });

  test('a token for another client (audience) is refused', async () => {
    const { signIn, provider } = await setup();
    const token = await provider.issueGoogleIdToken(
      { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
      { clientId: 'someone-elses-client', nonce: 'n' },
    );
    const error = await refusal(signIn.verifyGoogle(token));
    expect(error.message).toBe('Google ID token refused: issued for another client (audience)');
    expect(error.message).not.toContain(token);
  });

  test('an expired token is refused', async () => {
    const { signIn, provider, clock } = await setup();
    clock.now = Date.now() - 2 * 3600_000;
    const token = await provider.issueGoogleIdToken(
      { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
      { clientId: CONFIG.google.clientId, nonce: 'n' },
    );
    expect((await refusal(signIn.verifyGoogle(token))).message).toBe('Google ID token refused: expired');
  });

  test('a tampered token is refused', async () => {
    const { app, signIn } = await setup();
    const { location } = await signInThroughPages(app, authorizeUrl('google'));
    const [header, payload, signature] = new URLSearchParams(location!.hash.slice(1))
      .get('id_token')!
      .split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = [
      header,
      Buffer.from(JSON.stringify({ ...claims, email: 'someone.else@example.com' })).toString('base64url'),
      signature,
    ].join('.');
    expect((await refusal(signIn.verifyGoogle(tampered))).message).toBe(
      'Google ID token refused: signature does not verify',
    );
    expect((await refusal(signIn.verifyGoogle('not.a.jwt'))).message).toBe(
      'Google ID token refused: malformed token',
    );
    expect((await refusal(signIn.verifyGoogle(''))).message).toBe(
      'Google ID token refused: missing or too long',
    );
  });

  test('an Apple ID token is not a Google one', async () => {
    const { signIn, provider } = await setup();
    const code = await provider.issueAppleCode(
      { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
      { redirectUri: `${PUBLIC_URL}/social-login` },
    );
    const answer = await provider.appleTokenEndpoint({
      grant_type: 'authorization_code',
      client_id: CONFIG.apple.clientId,
      client_secret: await localClientSecret(provider),
      code,
      redirect_uri: `${PUBLIC_URL}/social-login`,
    });
    const error = await refusal(signIn.verifyGoogle(answer.id_token as string));
    expect(error.message).toMatch(/^Google ID token refused: /);
  });

  test('the page needs a nonce and the openid scope', async () => {
    const { app } = await setup();
    const noNonce = await app.inject({ method: 'GET', url: authorizeUrl('google', { nonce: '' }) });
    expect(noNonce.statusCode).toBe(400);
    expect(noNonce.body).toContain('nonce is missing');
    const noOpenId = await app.inject({ method: 'GET', url: authorizeUrl('google', { scope: 'email' }) });
    expect(noOpenId.statusCode).toBe(400);
  });
});

describe('Facebook (local)', () => {
  test('round trip: page, form, fragment, verified profile', async () => {
    const { app, signIn } = await setup();
    const { page, status, location } = await signInThroughPages(app, authorizeUrl('facebook'));
    expect(page).toContain('Local Facebook sign-in for development — no real Facebook account is used');
    expect(status).toBe(302);
    expect(location!.pathname).toBe('/auth-facebook-cb');
    const fragment = new URLSearchParams(location!.hash.slice(1));
    expect(fragment.get('state')).toBe('st-facebook');
    expect(Number(fragment.get('expires_in'))).toBe(3600);
    const token = fragment.get('access_token')!;
    expect(token).toMatch(/^EAAL[0-9a-f]{80}$/);

    const profile = await signIn.verifyFacebook(token);
    expect(profile).toEqual({
      provider: 'facebook',
      subject: expect.stringMatching(/^10\d{15}$/),
      email: 'ada.lovelace@example.com',
      emailVerified: true,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    // A Facebook token is good until it expires (both Graph calls use it, and a second sign-in may too).
    expect((await signIn.verifyFacebook(token)).subject).toBe(profile.subject);
  });

  test('an unknown token is refused', async () => {
    const { signIn } = await setup();
    const token = `EAAL${'0'.repeat(80)}`;
    const error = await refusal(signIn.verifyFacebook(token));
    expect(error.message).toBe('Facebook token refused: not valid (code 190)');
    expect(error.message).not.toContain(token);
  });

  test('a token issued to another app is refused', async () => {
    const { signIn, provider } = await setup();
    const token = await provider.issueFacebookToken(
      { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
      { appId: '99999' },
    );
    expect((await refusal(signIn.verifyFacebook(token))).message).toBe(
      'Facebook token refused: issued for another app',
    );
  });

  test('an expired token is refused', async () => {
    const { signIn, provider, clock } = await setup();
    const token = await provider.issueFacebookToken({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    clock.now += 61 * 60_000;
    expect((await refusal(signIn.verifyFacebook(token))).message).toBe(
      'Facebook token refused: not valid (code 190/463)',
    );
  });

  test('the local Graph API refuses a wrong app token and a /me without appsecret_proof', async () => {
    const { provider } = await setup();
    expect(
      await provider.graph('/debug_token', {
        input_token: 'x',
        access_token: 'sfoglia-local-facebook|wrong',
      }),
    ).toMatchObject({
      error: { code: 190, type: 'OAuthException' },
    });
    const token = await provider.issueFacebookToken({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(await provider.graph('/me', { access_token: token, fields: 'id' })).toMatchObject({
      error: { code: 100, type: 'GraphMethodException' },
    });
  });

  test('the Graph endpoints answer over HTTP too', async () => {
    const { app } = await setup();
    const response = await app.inject({
      method: 'GET',
      url: '/dev/oauth/facebook/v19.0/debug_token?input_token=abc&access_token=nope',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 190 } });
  });

  test('cancelling returns the error in the query', async () => {
    const { app } = await setup();
    const response = await app.inject({
      method: 'POST',
      url: authorizeUrl('facebook'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=cancel',
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: 'access_denied',
      error_code: '200',
      error_description: 'Permissions error',
      error_reason: 'user_denied',
      state: 'st-facebook',
    });
  });
});

describe('Apple (local)', () => {
  test('round trip: page, form, query, exchanged code, verified profile', async () => {
    const { app, signIn } = await setup();
    const { page, status, location } = await signInThroughPages(app, authorizeUrl('apple'));
    expect(page).toContain('Local Apple sign-in for development — no real Apple account is used');
    expect(status).toBe(302);
    expect(location!.pathname).toBe('/social-login');
    expect(location!.hash).toBe('');
    const query = location!.searchParams;
    expect(query.get('state')).toBe('st-apple');
    expect(query.get('first_name')).toBe('Ada');
    expect(query.get('last_name')).toBe('Lovelace');
    const code = query.get('code')!;

    const profile = await signIn.exchangeApple(code, {
      firstName: query.get('first_name')!,
      lastName: query.get('last_name')!,
    });
    expect(profile).toEqual({
      provider: 'apple',
      subject: expect.stringMatching(/^00\d{4}\.[0-9a-f]{32}\.\d{4}$/),
      email: 'ada.lovelace@example.com',
      emailVerified: true,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });

    // A code is good once.
    const error = await refusal(signIn.exchangeApple(code, {}));
    expect(error.message).toBe('Apple refused the code (invalid_grant)');
    expect(error.message).not.toContain(code);
  });

  test('a relative redirect_uri works and the name is optional on the exchange', async () => {
    const { app, signIn } = await setup();
    const { location } = await signInThroughPages(
      app,
      authorizeUrl('apple', { redirect_uri: '/social-login' }),
    );
    const profile = await signIn.exchangeApple(location!.searchParams.get('code')!, {});
    expect(profile.firstName).toBeNull();
    expect(profile.lastName).toBeNull();
    expect(profile.email).toBe('ada.lovelace@example.com');
  });

  test('an unknown, expired, or misdirected code is refused', async () => {
    const { signIn, provider, clock } = await setup();
    const person = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
    expect((await refusal(signIn.exchangeApple('c0000000000.0.local.unknown', {}))).message).toBe(
      'Apple refused the code (invalid_grant)',
    );

    const expiring = await provider.issueAppleCode(person, { redirectUri: `${PUBLIC_URL}/social-login` });
    clock.now += 5 * 60_000 + 1;
    expect((await refusal(signIn.exchangeApple(expiring, {}))).message).toBe(
      'Apple refused the code (invalid_grant)',
    );

    const elsewhere = await provider.issueAppleCode(person, { redirectUri: `${PUBLIC_URL}/another-page` });
    expect((await refusal(signIn.exchangeApple(elsewhere, {}))).message).toBe(
      'Apple refused the code (invalid_grant)',
    );
  });

  test('the local token endpoint checks the client secret like Apple', async () => {
    const { provider } = await setup();
    const code = await provider.issueAppleCode(
      { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
      { redirectUri: `${PUBLIC_URL}/social-login` },
    );
    const { privateKey } = await generateKeyPair('ES256');
    const form = (clientSecret: string) => ({
      grant_type: 'authorization_code',
      client_id: CONFIG.apple.clientId,
      client_secret: clientSecret,
      code,
      redirect_uri: `${PUBLIC_URL}/social-login`,
    });
    expect(
      await provider.appleTokenEndpoint(form(await localClientSecret(provider, 'LOCALKEY01', privateKey))),
    ).toEqual({
      error: 'invalid_client',
    });
    expect(await provider.appleTokenEndpoint(form(await localClientSecret(provider, 'OTHERKEY')))).toEqual({
      error: 'invalid_client',
    });
    expect(
      await provider.appleTokenEndpoint({
        ...form(await localClientSecret(provider)),
        grant_type: 'refresh_token',
      }),
    ).toEqual({
      error: 'unsupported_grant_type',
    });
    // A refused client does not spend the code; the right secret then gets the tokens.
    const answer = await provider.appleTokenEndpoint(form(await localClientSecret(provider)));
    expect(answer).toMatchObject({ token_type: 'Bearer', expires_in: 3600, id_token: expect.any(String) });
    expect(decodeJwt(answer.id_token as string)).toMatchObject({
      iss: `${PUBLIC_URL}/dev/oauth/apple`,
      aud: CONFIG.apple.clientId,
      email: 'ada@example.com',
      email_verified: true,
    });
  });

  test('the token endpoint answers over HTTP with Apple’s error shape', async () => {
    const { app } = await setup();
    const response = await app.inject({
      method: 'POST',
      url: '/dev/oauth/apple/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=authorization_code&client_id=sfoglia-local-apple&client_secret=x&code=y',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'invalid_client' });
  });

  test('only response_mode=query is served', async () => {
    const { app } = await setup();
    const response = await app.inject({
      method: 'GET',
      url: authorizeUrl('apple', { response_mode: 'form_post' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('response_mode must be');
  });
});

describe('the pages refuse bad requests', () => {
  test.each([
    ['another origin', 'https://evil.example/social-login'],
    ['a scheme-relative URL', '//evil.example/social-login'],
    ['a backslash trick', '/\\evil.example'],
    ['user info', 'http://localhost:3000@evil.example/'],
    ['a look-alike host', 'http://localhost:3000.evil.example/'],
    ['another port', 'http://localhost:3001/social-login'],
    ['javascript:', 'javascript:alert(1)'],
    ['a fragment', '/social-login#x'],
    ['a relative path without a slash', 'social-login'],
  ])('a redirect_uri to %s: 400, no redirect', async (_case, redirectUri) => {
    const { app } = await setup();
    for (const provider of ['google', 'facebook', 'apple'] as const) {
      const url = authorizeUrl(provider, { redirect_uri: redirectUri });
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(400);
      expect(page.headers.location).toBeUndefined();
      expect(page.body).toContain('redirect_uri must be a page of this shop');
      const posted = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...PERSON, action: 'continue' }).toString(),
      });
      expect(posted.statusCode).toBe(400);
      expect(posted.headers.location).toBeUndefined();
    }
  });

  test('a client_id that is not ours: 400', async () => {
    const { app } = await setup();
    for (const provider of ['google', 'facebook', 'apple'] as const) {
      const response = await app.inject({
        method: 'GET',
        url: authorizeUrl(provider, { client_id: 'another-app' }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<html lang="en-GB">');
      expect(response.body).toContain('client_id is not the shop’s');
    }
  });

  test('a wrong response_type or a repeated parameter: 400', async () => {
    const { app } = await setup();
    expect(
      (await app.inject({ method: 'GET', url: authorizeUrl('google', { response_type: 'code' }) }))
        .statusCode,
    ).toBe(400);
    const repeated = `${authorizeUrl('facebook')}&state=again`;
    const response = await app.inject({ method: 'GET', url: repeated });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('state was given more than once');
  });

  test('everything is escaped in the HTML', async () => {
    const { app } = await setup();
    const nasty = '"><script>alert(1)</script>';
    const page = await app.inject({ method: 'GET', url: authorizeUrl('google', { state: nasty }) });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>');
    const posted = await app.inject({
      method: 'POST',
      url: authorizeUrl('google', { state: nasty }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        email: nasty,
        first_name: nasty,
        last_name: 'x',
        action: 'continue',
      }).toString(),
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.body).not.toContain('<script>');
    expect(posted.body).toContain('&quot;&gt;&lt;script&gt;');
    expect(posted.headers['content-security-policy']).toContain("default-src 'none'");
  });

  test('missing or invalid fields: the form again, with errors linked to the fields', async () => {
    const { app } = await setup();
    const response = await app.inject({
      method: 'POST',
      url: authorizeUrl('apple'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        email: 'not-an-email',
        first_name: '',
        last_name: 'Lovelace',
      }).toString(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<title>Error: Sign in with Apple (local)</title>');
    expect(response.body).toContain('role="alert"');
    expect(response.body).toContain('<a href="#email">Enter an email address in the correct format');
    expect(response.body).toContain('<a href="#first_name">Enter your first name</a>');
    expect(response.body).toContain('aria-describedby="email-error" aria-invalid="true"');
    // What was typed stays in the form.
    expect(response.body).toContain('value="not-an-email"');
    expect(response.body).toContain('value="Lovelace"');
  });

  test('a form sent from another site is refused', async () => {
    const { app } = await setup();
    const response = await app.inject({
      method: 'POST',
      url: authorizeUrl('google'),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      payload: new URLSearchParams({ ...PERSON, action: 'continue' }).toString(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers.location).toBeUndefined();
  });

  test('the key sets are published for inspection', async () => {
    const { app } = await setup();
    for (const url of ['/dev/oauth/google/certs', '/dev/oauth/apple/auth/keys']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      const { keys } = response.json() as { keys: Record<string, string>[] };
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
      expect(keys[0]).not.toHaveProperty('d');
    }
  });

  test('Google and Apple sign with different keys', async () => {
    const { provider } = await setup();
    const [google, apple] = [(await provider.googleJwks()).keys[0]!, (await provider.appleJwks()).keys[0]!];
    expect(google.kid).not.toBe(apple.kid);
    expect(await exportJWK((await generateKeyPair('RS256')).publicKey)).not.toEqual(google);
  });
});

test('there is no local provider in live mode', async () => {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const { exportPKCS8 } = await import('jose');
  const live = createSocialSignIn(
    {
      mode: 'live',
      google: { clientId: 'g' },
      facebook: { appId: '1', appSecret: 's' },
      apple: { clientId: 'a', teamId: 'T', keyId: 'K', privateKey: await exportPKCS8(privateKey) },
    },
    PUBLIC_URL,
    { fetch: () => Promise.reject(new Error('no network in tests')) },
  );
  expect(() => localProviderOf(live)).toThrow(/live/);
});
