import { exportPKCS8, generateKeyPair } from 'jose';
import { describe, expect, test } from 'vitest';
import { appSecretProof, FacebookVerifier, graphOverHttp, type GraphCall } from './facebook';
import { createSocialSignIn, SocialSignInError } from './index';
import type { FetchLike } from './provider-http';

// The live Facebook wiring, without calling Facebook: a fake Graph API answering with the Graph API's recorded
// shapes (debug_token, /me, and its errors).

const APP_ID = '438291057364912';
const APP_SECRET = '9f86d081884c7d659a2feaa0c55ad015';
const USER_TOKEN = 'EAAGm0PX4ZCpsBAKZBZCZAiWcZD0recorded-user-token';
const USER_ID = '10224515273820412';
const now = () => Math.floor(Date.now() / 1000);

/** debug_token's answer for a good user token of our app (as recorded from the Graph API). */
const validDebug = (overrides: Record<string, unknown> = {}) => ({
  data: {
    app_id: APP_ID,
    type: 'USER',
    application: 'Sfoglia',
    data_access_expires_at: now() + 90 * 86_400,
    expires_at: now() + 5_000,
    is_valid: true,
    issued_at: now() - 100,
    scopes: ['email', 'public_profile'],
    user_id: USER_ID,
    ...overrides,
  },
});
const me = { id: USER_ID, email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' };

function fakeGraph(answers: { debug?: unknown; me?: unknown }) {
  const calls: { path: string; params: Record<string, string> }[] = [];
  const graph: GraphCall = async (path, params) => {
    calls.push({ path, params });
    return path === '/debug_token' ? (answers.debug ?? validDebug()) : (answers.me ?? me);
  };
  return { graph, calls };
}

async function refused(graph: GraphCall, token = USER_TOKEN): Promise<string> {
  const error = await new FacebookVerifier({ graph, appId: APP_ID, appSecret: APP_SECRET })
    .verify(token)
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SocialSignInError);
  const message = (error as Error).message;
  expect(message).not.toContain(token);
  expect(message).not.toContain(APP_SECRET);
  return message;
}

describe('FacebookVerifier', () => {
  test('a valid token of our app gives the profile; the calls carry the app token and appsecret_proof', async () => {
    const { graph, calls } = fakeGraph({});
    const profile = await new FacebookVerifier({ graph, appId: APP_ID, appSecret: APP_SECRET }).verify(
      USER_TOKEN,
    );
    expect(profile).toEqual({
      provider: 'facebook',
      subject: USER_ID,
      email: 'ada@example.com',
      emailVerified: true,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(calls).toEqual([
      {
        path: '/debug_token',
        params: {
          input_token: USER_TOKEN,
          access_token: `${APP_ID}|${APP_SECRET}`,
          appsecret_proof: appSecretProof(APP_SECRET, `${APP_ID}|${APP_SECRET}`),
        },
      },
      {
        path: '/me',
        params: {
          fields: 'id,email,first_name,last_name',
          access_token: USER_TOKEN,
          appsecret_proof: appSecretProof(APP_SECRET, USER_TOKEN),
        },
      },
    ]);
    // HMAC-SHA256 of the token keyed by the app secret, in hex, as Facebook documents it.
    expect(appSecretProof('secret', 'token')).toBe(
      'e941110e3d2bfe82621f0e3e1434730d7305d106c5f68c87165d0b27a4611a4a',
    );
  });

  test('no email (the person signed up with a phone number): no email, not verified', async () => {
    const { graph } = fakeGraph({ me: { id: USER_ID, first_name: 'Ada', last_name: 'Lovelace' } });
    const profile = await new FacebookVerifier({ graph, appId: APP_ID, appSecret: APP_SECRET }).verify(
      USER_TOKEN,
    );
    expect(profile).toMatchObject({ email: null, emailVerified: false });
  });

  test('an invalid or unknown token', async () => {
    const { graph } = fakeGraph({
      debug: {
        data: { error: { code: 190, message: 'Invalid OAuth access token.' }, is_valid: false, scopes: [] },
      },
    });
    expect(await refused(graph)).toBe('Facebook token refused: not valid (code 190)');
  });

  test('a token issued to another app', async () => {
    const { graph, calls } = fakeGraph({ debug: validDebug({ app_id: '111111111111111' }) });
    expect(await refused(graph)).toBe('Facebook token refused: issued for another app');
    expect(calls.map((c) => c.path)).toEqual(['/debug_token']);
  });

  test('an expired token', async () => {
    const expired = fakeGraph({
      debug: validDebug({
        is_valid: false,
        expires_at: now() - 60,
        error: { code: 190, subcode: 463, message: 'Error validating access token: Session has expired.' },
      }),
    });
    expect(await refused(expired.graph)).toBe('Facebook token refused: not valid (code 190/463)');
    // Even if Graph still said valid, a past expires_at is refused.
    expect(await refused(fakeGraph({ debug: validDebug({ expires_at: now() - 60 }) }).graph)).toBe(
      'Facebook token refused: expired',
    );
  });

  test('a page token, an error from Graph, or a /me for another user', async () => {
    expect(await refused(fakeGraph({ debug: validDebug({ type: 'PAGE' }) }).graph)).toBe(
      'Facebook token refused: not a user access token',
    );
    const graphError = {
      error: {
        message: 'Invalid OAuth access token - Cannot parse access token',
        type: 'OAuthException',
        code: 190,
        fbtrace_id: 'A1',
      },
    };
    expect(await refused(fakeGraph({ debug: graphError }).graph)).toBe(
      'Facebook debug_token refused (code 190)',
    );
    expect(await refused(fakeGraph({ me: graphError }).graph)).toBe('Facebook /me refused (code 190)');
    expect(await refused(fakeGraph({ me: { ...me, id: '999' } }).graph)).toBe(
      'Facebook profile refused: it is not the user the token belongs to',
    );
  });
});

describe('the Graph API over HTTP (live)', () => {
  test('GETs https://graph.facebook.com/v19.0 with the parameters, and gives back error bodies', async () => {
    const urls: string[] = [];
    const fakeFetch: FetchLike = async (url, init) => {
      urls.push(url);
      expect(init.signal).toBeInstanceOf(AbortSignal);
      return url.includes('/debug_token')
        ? Response.json(validDebug())
        : Response.json(
            { error: { message: 'Unsupported get request.', type: 'GraphMethodException', code: 100 } },
            { status: 400 },
          );
    };
    const graph = graphOverHttp(fakeFetch);
    expect(await graph('/debug_token', { input_token: 'x', access_token: 'a|b' })).toEqual(validDebug());
    expect(await graph('/me', { access_token: 'x' })).toMatchObject({ error: { code: 100 } });
    expect(urls).toEqual([
      'https://graph.facebook.com/v19.0/debug_token?input_token=x&access_token=a%7Cb',
      'https://graph.facebook.com/v19.0/me?access_token=x',
    ]);
  });

  test('timeouts, network failures and non-JSON answers are SocialSignInErrors that do not name the URL', async () => {
    const cases: [FetchLike, string][] = [
      [
        () => Promise.reject(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
        'The Facebook Graph API did not answer within 5 s',
      ],
      [() => Promise.reject(new TypeError('fetch failed')), 'The Facebook Graph API could not be reached'],
      [
        async () => new Response('<html>Bad gateway</html>', { status: 502 }),
        'The Facebook Graph API answered HTTP 502 without JSON',
      ],
    ];
    for (const [fakeFetch, message] of cases) {
      const error = await graphOverHttp(fakeFetch)('/me', { access_token: USER_TOKEN }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SocialSignInError);
      expect((error as Error).message).toBe(message);
    }
  });

  test('createSocialSignIn, live, wires the Graph API with the configured app', async () => {
    const seen: URL[] = [];
    const fakeFetch: FetchLike = async (url) => {
      const parsed = new URL(url);
      seen.push(parsed);
      return Response.json(parsed.pathname.endsWith('/debug_token') ? validDebug() : me);
    };
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const signIn = createSocialSignIn(
      {
        mode: 'live',
        google: { clientId: 'g' },
        facebook: { appId: APP_ID, appSecret: APP_SECRET },
        apple: { clientId: 'a', teamId: 'T', keyId: 'K', privateKey: await exportPKCS8(privateKey) },
      },
      'https://shop.example',
      { fetch: fakeFetch },
    );
    expect((await signIn.verifyFacebook(USER_TOKEN)).subject).toBe(USER_ID);
    expect(seen.map((u) => `${u.origin}${u.pathname}`)).toEqual([
      'https://graph.facebook.com/v19.0/debug_token',
      'https://graph.facebook.com/v19.0/me',
    ]);
    expect(seen[0]!.searchParams.get('access_token')).toBe(`${APP_ID}|${APP_SECRET}`);
    expect(seen[1]!.searchParams.get('appsecret_proof')).toBe(appSecretProof(APP_SECRET, USER_TOKEN));
  });
});
