import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import { promisify } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import { emailSchema } from '../../../contracts/customers';
import { APPLE_CLIENT_SECRET_MAX_S } from './apple';
import { appSecretProof, type GraphCall } from './facebook';
import { acceptForms, formFields } from './form-body';
import { memoryLocalProviderStore, type LocalProviderStore, type StoredKeys } from './local-provider-store';
import {
  FIELD_IDS,
  PROVIDER_NAMES,
  refusedPage,
  signInPage,
  type PersonErrors,
  type PersonForm,
} from './local-pages';
import { shopRedirect, withParams, type ShopRedirect } from './shop-redirect';
import type { SocialProvider } from './social-profile';

// The local identity provider (architecture decision 8): Google, Facebook and Apple for a bare machine. It
// makes its signing keys when first needed and keeps them and what it issues (Apple codes: five minutes, single
// use; Facebook tokens: an hour) in its store, the database in the server, so every server process shares them, and answers in each provider's own shapes, so the shop verifies its answers
// with the same code that verifies the real providers'. Nothing here is used when SOCIAL_SIGN_IN=live.

export const LOCAL_PATHS: Record<SocialProvider, string> = {
  google: '/dev/oauth/google',
  facebook: '/dev/oauth/facebook',
  apple: '/dev/oauth/apple',
};
/** The Graph API version the local Facebook answers under (as graph.facebook.com/v19.0). */
export const LOCAL_GRAPH_VERSION = 'v19.0';

const GOOGLE_ID_TOKEN_LIFETIME_S = 3_600;
const APPLE_ID_TOKEN_LIFETIME_S = 600;
const APPLE_CODE_LIFETIME_MS = 5 * 60_000;
const FACEBOOK_TOKEN_LIFETIME_MS = 60 * 60_000;

export interface LocalProviderOptions {
  /** The shop's public URL; the provider's issuers live under it. */
  publicUrl: string;
  google: { clientId: string };
  facebook: { appId: string; appSecret: string };
  /** Our "developer account" at the local Apple: its team, and the id of the key it signs client secrets with. */
  apple: { clientId: string; teamId: string; keyId: string };
  /** Milliseconds since the epoch; tests move it to expire codes and tokens. */
  now?: () => number;
  /** Where keys and grants are kept: the database in the server (shared by its processes); memory alone. */
  store?: LocalProviderStore;
}

/** Who signs in on a local page. */
export interface LocalPerson {
  email: string;
  firstName: string;
  lastName: string;
}

interface SigningKey {
  privateKey: KeyObject;
  kid: string;
  jwk: JWK;
}

interface Keys {
  google: SigningKey;
  apple: SigningKey;
  /** The .p8 key pair of our developer account: we sign client secrets, the local Apple checks them. */
  appleDeveloper: { privateKey: KeyObject; publicKey: KeyObject };
}

interface FacebookGrant {
  appId: string;
  userId: string;
  person: LocalPerson;
  issuedAt: number;
  expiresAt: number;
}

interface AppleGrant {
  clientId: string;
  redirectUri: string;
  subject: string;
  person: LocalPerson;
  expiresAt: number;
}

const generateKeyPairAsync = promisify(generateKeyPair);

async function rsaSigningKey(): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPairAsync('rsa', { modulusLength: 2048 });
  const jwk = publicKey.export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(jwk);
  return { privateKey, kid, jwk: { ...jwk, kid, alg: 'RS256', use: 'sig' } };
}

async function generateKeys(): Promise<StoredKeys> {
  const [google, apple, appleDeveloper] = await Promise.all([
    rsaSigningKey(),
    rsaSigningKey(),
    generateKeyPairAsync('ec', { namedCurve: 'prime256v1' }),
  ]);
  const pem = (key: KeyObject) => key.export({ format: 'pem', type: 'pkcs8' }) as string;
  const stored = (key: SigningKey) => ({ privateKeyPem: pem(key.privateKey), kid: key.kid, jwk: key.jwk });
  return {
    google: stored(google),
    apple: stored(apple),
    appleDeveloper: {
      privateKeyPem: pem(appleDeveloper.privateKey),
      publicKeyPem: appleDeveloper.publicKey.export({ format: 'pem', type: 'spki' }) as string,
    },
  };
}

function keysOf(stored: StoredKeys): Keys {
  const signing = (key: StoredKeys['google']): SigningKey => ({
    privateKey: createPrivateKey(key.privateKeyPem),
    kid: key.kid,
    jwk: key.jwk as JWK,
  });
  return {
    google: signing(stored.google),
    apple: signing(stored.apple),
    appleDeveloper: {
      privateKey: createPrivateKey(stored.appleDeveloper.privateKeyPem),
      publicKey: createPublicKey(stored.appleDeveloper.publicKeyPem),
    },
  };
}

function digest(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}

/** Google subjects are 21-digit numbers; ours are stable per email so an account survives a restart. */
function googleSubject(email: string): string {
  return `1${(BigInt(`0x${digest('google', email).slice(0, 30)}`) % 10n ** 20n).toString().padStart(20, '0')}`;
}

/** Facebook user ids are numbers scoped to the app. */
function facebookUserId(appId: string, email: string): string {
  return `10${(BigInt(`0x${digest('facebook', appId, email).slice(0, 30)}`) % 10n ** 15n).toString().padStart(15, '0')}`;
}

/** Apple subjects look like 001234.0123456789abcdef0123456789abcdef.1234 and are scoped to the team. */
function appleSubject(teamId: string, email: string): string {
  const hex = digest('apple', teamId, email);
  const four = (at: number) => (parseInt(hex.slice(at, at + 4), 16) % 10_000).toString().padStart(4, '0');
  return `00${four(0)}.${hex.slice(4, 36)}.${four(36)}`;
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The Graph API's error shape. */
function graphError(message: string, code: number, type = 'OAuthException', subcode?: number) {
  return {
    error: {
      message,
      type,
      code,
      ...(subcode === undefined ? {} : { error_subcode: subcode }),
      fbtrace_id: randomBytes(8).toString('base64url'),
    },
  };
}

export class LocalProvider {
  readonly publicUrl: string;
  readonly googleIssuer: string;
  readonly appleIssuer: string;
  readonly #options: LocalProviderOptions;
  #keyPairs: Promise<Keys> | null = null;
  readonly #store: LocalProviderStore;
  #googleKeySet: JWTVerifyGetKey | null = null;
  #appleKeySet: JWTVerifyGetKey | null = null;

  constructor(options: LocalProviderOptions) {
    this.#options = options;
    this.#store = options.store ?? memoryLocalProviderStore();
    this.publicUrl = options.publicUrl.replace(/\/$/, '');
    this.googleIssuer = `${this.publicUrl}${LOCAL_PATHS.google}`;
    this.appleIssuer = `${this.publicUrl}${LOCAL_PATHS.apple}`;
  }

  /**
   * The signing keys, made on first use and kept in the store (the one set every server process signs with):
   * a server or a test that never signs anyone in does not pay for three key pairs.
   */
  #keys(): Promise<Keys> {
    this.#keyPairs ??= this.#store.keys(generateKeys).then(keysOf, (error: unknown) => {
      this.#keyPairs = null;
      throw error;
    });
    return this.#keyPairs;
  }

  get clientIds(): Record<SocialProvider, string> {
    return {
      google: this.#options.google.clientId,
      facebook: this.#options.facebook.appId,
      apple: this.#options.apple.clientId,
    };
  }

  now(): number {
    return this.#options.now?.() ?? Date.now();
  }

  // ---- Google -------------------------------------------------------------------------------------------

  async googleJwks(): Promise<JSONWebKeySet> {
    return { keys: [(await this.#keys()).google.jwk] };
  }

  /** The key resolver the Google verifier uses in local mode (in place of Google's JWKS URL). */
  readonly googleKeys: JWTVerifyGetKey = async (header, token) => {
    this.#googleKeySet ??= createLocalJWKSet(await this.googleJwks());
    return this.#googleKeySet(header, token);
  };

  /** An ID token as Google's implicit flow returns it. */
  async issueGoogleIdToken(
    person: LocalPerson,
    request: { clientId: string; nonce?: string },
  ): Promise<string> {
    const { google } = await this.#keys();
    const email = person.email.toLowerCase();
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({
      azp: request.clientId,
      email,
      email_verified: true,
      name: `${person.firstName} ${person.lastName}`.trim(),
      given_name: person.firstName,
      family_name: person.lastName,
      ...(request.nonce ? { nonce: request.nonce } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid: google.kid, typ: 'JWT' })
      .setIssuer(this.googleIssuer)
      .setAudience(request.clientId)
      .setSubject(googleSubject(email))
      .setIssuedAt(iat)
      .setExpirationTime(iat + GOOGLE_ID_TOKEN_LIFETIME_S)
      .sign(google.privateKey);
  }

  // ---- Facebook -----------------------------------------------------------------------------------------

  /** A user access token, as Facebook Login's token flow returns it. `appId` other than ours: another app's. */
  async issueFacebookToken(person: LocalPerson, request: { appId?: string } = {}): Promise<string> {
    const appId = request.appId ?? this.#options.facebook.appId;
    const now = this.now();
    const email = person.email.toLowerCase();
    const token = `EAAL${randomBytes(40).toString('hex')}`;
    const grant: FacebookGrant = {
      appId,
      userId: facebookUserId(appId, email),
      person: { ...person, email },
      issuedAt: now,
      expiresAt: now + FACEBOOK_TOKEN_LIFETIME_MS,
    };
    await this.#store.put('facebook_token', token, grant, grant.expiresAt, now);
    return token;
  }

  async #facebookGrant(token: string | undefined): Promise<FacebookGrant | undefined> {
    if (!token) return undefined;
    return ((await this.#store.get('facebook_token', token)) as FacebookGrant | null) ?? undefined;
  }

  /** The two Graph API calls the shop makes, with the Graph API's answers (and its errors). */
  readonly graph: GraphCall = async (path, params) => {
    const { appId, appSecret } = this.#options.facebook;
    const now = this.now();
    const seconds = (ms: number) => Math.floor(ms / 1000);
    if (path === '/debug_token') {
      const appToken = `${appId}|${appSecret}`;
      if (!params.access_token)
        return graphError('An access token is required to request this resource.', 104);
      if (!sameSecret(params.access_token, appToken)) {
        return graphError('Invalid OAuth access token - Cannot parse access token', 190);
      }
      if (
        params.appsecret_proof !== undefined &&
        !sameSecret(params.appsecret_proof, appSecretProof(appSecret, appToken))
      ) {
        return graphError(
          'Invalid appsecret_proof provided in the API argument',
          100,
          'GraphMethodException',
        );
      }
      if (!params.input_token) return graphError('(#100) The parameter input_token is required', 100);
      const grant = await this.#facebookGrant(params.input_token);
      if (!grant) {
        return {
          data: { error: { code: 190, message: 'Invalid OAuth access token.' }, is_valid: false, scopes: [] },
        };
      }
      const expired = grant.expiresAt <= now;
      return {
        data: {
          app_id: grant.appId,
          type: 'USER',
          application: grant.appId === appId ? 'Sfoglia (local)' : 'Another app',
          data_access_expires_at: seconds(grant.issuedAt) + 90 * 86_400,
          expires_at: seconds(grant.expiresAt),
          is_valid: !expired,
          issued_at: seconds(grant.issuedAt),
          scopes: ['email', 'public_profile'],
          user_id: grant.userId,
          ...(expired
            ? {
                error: {
                  code: 190,
                  subcode: 463,
                  message: `Error validating access token: Session has expired on ${new Date(grant.expiresAt).toUTCString()}.`,
                },
              }
            : {}),
        },
      };
    }
    if (path === '/me') {
      const grant = await this.#facebookGrant(params.access_token);
      if (!params.access_token || !grant)
        return graphError('Invalid OAuth access token - Cannot parse access token', 190);
      if (grant.expiresAt <= now)
        return graphError('Error validating access token: Session has expired.', 190, 'OAuthException', 463);
      // Our app has "Require App Secret" on: a server call without the right proof is refused.
      if (!params.appsecret_proof) {
        return graphError(
          'API calls from the server require an appsecret_proof argument',
          100,
          'GraphMethodException',
        );
      }
      if (
        grant.appId !== appId ||
        !sameSecret(params.appsecret_proof, appSecretProof(appSecret, params.access_token))
      ) {
        return graphError(
          'Invalid appsecret_proof provided in the API argument',
          100,
          'GraphMethodException',
        );
      }
      const wanted = new Set((params.fields ?? 'id,name').split(',').map((f) => f.trim()));
      const { person } = grant;
      const all: Record<string, string> = {
        id: grant.userId,
        email: person.email,
        first_name: person.firstName,
        last_name: person.lastName,
        name: `${person.firstName} ${person.lastName}`.trim(),
      };
      return Object.fromEntries(Object.entries(all).filter(([key]) => key === 'id' || wanted.has(key)));
    }
    return graphError(`Unknown path components: ${String(path).slice(0, 100)}`, 2500);
  };

  // ---- Apple --------------------------------------------------------------------------------------------

  async appleJwks(): Promise<JSONWebKeySet> {
    return { keys: [(await this.#keys()).apple.jwk] };
  }

  readonly appleKeys: JWTVerifyGetKey = async (header, token) => {
    this.#appleKeySet ??= createLocalJWKSet(await this.appleJwks());
    return this.#appleKeySet(header, token);
  };

  /** The private half of our developer account's key (the .p8 file a real Apple account downloads). */
  async appleDeveloperKey(): Promise<KeyObject> {
    return (await this.#keys()).appleDeveloper.privateKey;
  }

  get appleDeveloper(): { teamId: string; keyId: string } {
    return { teamId: this.#options.apple.teamId, keyId: this.#options.apple.keyId };
  }

  /** An authorisation code bound to the client and redirect URI it was asked for: five minutes, once. */
  async issueAppleCode(
    person: LocalPerson,
    request: { clientId?: string; redirectUri: string },
  ): Promise<string> {
    const now = this.now();
    const email = person.email.toLowerCase();
    const code = `c${randomBytes(24).toString('hex')}.0.local.${randomBytes(12).toString('base64url')}`;
    const grant: AppleGrant = {
      clientId: request.clientId ?? this.#options.apple.clientId,
      redirectUri: request.redirectUri,
      subject: appleSubject(this.#options.apple.teamId, email),
      person: { ...person, email },
      expiresAt: now + APPLE_CODE_LIFETIME_MS,
    };
    await this.#store.put('apple_code', code, grant, grant.expiresAt, now);
    return code;
  }

  /** Apple's /auth/token for grant_type=authorization_code, with Apple's answers and error codes. */
  readonly appleTokenEndpoint = async (form: Record<string, string>): Promise<Record<string, unknown>> => {
    const refuse = (error: string, description?: string) => ({
      error,
      ...(description ? { error_description: description } : {}),
    });
    if (!form.grant_type) return refuse('invalid_request', 'grant_type is missing');
    if (form.grant_type !== 'authorization_code') return refuse('unsupported_grant_type');
    if (!form.client_id || !form.client_secret || !form.code) return refuse('invalid_request');
    if (
      form.client_id !== this.#options.apple.clientId ||
      !(await this.#clientSecretIsValid(form.client_secret))
    ) {
      return refuse('invalid_client');
    }
    // A code is good once: whatever happens next, it is spent.
    const grant = (await this.#store.take('apple_code', form.code)) as AppleGrant | null;
    if (!grant || grant.expiresAt <= this.now() || grant.clientId !== form.client_id) {
      return refuse('invalid_grant', 'The code has expired or has been revoked.');
    }
    if (form.redirect_uri !== grant.redirectUri) {
      return refuse('invalid_grant', 'The redirect_uri does not match the one the code was issued for.');
    }
    const { apple } = await this.#keys();
    const iat = Math.floor(this.now() / 1000);
    const idToken = await new SignJWT({
      email: grant.person.email,
      email_verified: true,
      is_private_email: false,
      auth_time: iat,
      nonce_supported: true,
    })
      .setProtectedHeader({ alg: 'RS256', kid: apple.kid })
      .setIssuer(this.appleIssuer)
      .setAudience(grant.clientId)
      .setSubject(grant.subject)
      .setIssuedAt(iat)
      .setExpirationTime(iat + APPLE_ID_TOKEN_LIFETIME_S)
      .sign(apple.privateKey);
    return {
      access_token: `a${randomBytes(24).toString('hex')}.0.local`,
      token_type: 'Bearer',
      expires_in: 3_600,
      refresh_token: `r${randomBytes(24).toString('hex')}.0.local`,
      id_token: idToken,
    };
  };

  /** Apple's checks of a client secret: ES256 with our key id, from our team, for our client, to Apple. */
  async #clientSecretIsValid(secret: string): Promise<boolean> {
    const { appleDeveloper } = await this.#keys();
    try {
      const { payload, protectedHeader } = await jwtVerify(secret, appleDeveloper.publicKey, {
        algorithms: ['ES256'],
        issuer: this.#options.apple.teamId,
        subject: this.#options.apple.clientId,
        audience: this.appleIssuer,
        requiredClaims: ['iat', 'exp'],
        clockTolerance: 30,
        currentDate: new Date(this.now()),
      });
      return (
        protectedHeader.kid === this.#options.apple.keyId &&
        payload.exp! - payload.iat! <= APPLE_CLIENT_SECRET_MAX_S
      );
    } catch {
      return false;
    }
  }
}

// ---- The pages --------------------------------------------------------------------------------------------

interface AuthorizeRequest {
  redirect: ShopRedirect;
  state: string | null;
  nonce: string | null;
}

interface Answer {
  where: 'query' | 'fragment';
  params: Record<string, string>;
}

interface AuthorizeFlow {
  provider: SocialProvider;
  responseType: string;
  /** A problem with the provider's own parameters, or null. */
  check(query: Record<string, string>): string | null;
  answer(person: LocalPerson, request: AuthorizeRequest): Promise<Answer>;
  cancelled: Answer['where'];
  cancelError: Record<string, string>;
}

function flows(provider: LocalProvider): AuthorizeFlow[] {
  const ids = provider.clientIds;
  const withState = (request: AuthorizeRequest, params: Record<string, string>) =>
    request.state === null ? params : { ...params, state: request.state };
  return [
    {
      provider: 'google',
      responseType: 'id_token',
      check: (query) => {
        if (!query.nonce) return 'nonce is missing: Google needs one with response_type=id_token.';
        if (!(query.scope ?? '').split(' ').includes('openid')) return 'scope must include "openid".';
        return null;
      },
      // Google's implicit flow puts the answer in the fragment, where the server never sees it.
      answer: async (person, request) => ({
        where: 'fragment',
        params: withState(request, {
          id_token: await provider.issueGoogleIdToken(person, {
            clientId: ids.google,
            nonce: request.nonce ?? '',
          }),
        }),
      }),
      cancelled: 'fragment',
      cancelError: { error: 'access_denied' },
    },
    {
      provider: 'facebook',
      responseType: 'token',
      check: () => null,
      answer: async (person, request) => ({
        where: 'fragment',
        params: withState(request, {
          access_token: await provider.issueFacebookToken(person),
          data_access_expiration_time: String(Math.floor(provider.now() / 1000) + 90 * 86_400),
          expires_in: String(FACEBOOK_TOKEN_LIFETIME_MS / 1000),
        }),
      }),
      cancelled: 'query',
      cancelError: {
        error: 'access_denied',
        error_code: '200',
        error_description: 'Permissions error',
        error_reason: 'user_denied',
      },
    },
    {
      provider: 'apple',
      responseType: 'code',
      check: (query) =>
        query.response_mode === undefined || query.response_mode === 'query'
          ? null
          : 'response_mode must be "query" on the local Apple sign-in page.',
      // Real Apple posts the name (first sign-in only) to the redirect URI; here it rides in the query.
      answer: async (person, request) => ({
        where: 'query',
        params: {
          code: await provider.issueAppleCode(person, { redirectUri: request.redirect.absolute }),
          ...(request.state === null ? {} : { state: request.state }),
          first_name: person.firstName,
          last_name: person.lastName,
        },
      }),
      cancelled: 'query',
      cancelError: { error: 'user_cancelled_authorize' },
    },
  ];
}

const MAX_PARAM = 1_024;

function readAuthorize(
  flow: AuthorizeFlow,
  clientId: string,
  publicUrl: string,
  rawQuery: unknown,
): { request: AuthorizeRequest } | { refused: string } {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries((rawQuery ?? {}) as Record<string, unknown>)) {
    if (typeof value !== 'string') return { refused: `${key.slice(0, 40)} was given more than once.` };
    if (value.length > (key === 'redirect_uri' ? 2_048 : MAX_PARAM))
      return { refused: `${key.slice(0, 40)} is too long.` };
    query[key] = value;
  }
  const name = PROVIDER_NAMES[flow.provider];
  if (!query.client_id) return { refused: 'client_id is missing.' };
  if (query.client_id !== clientId) return { refused: `client_id is not the shop’s ${name} client id.` };
  if (!query.redirect_uri) return { refused: 'redirect_uri is missing.' };
  const redirect = shopRedirect(query.redirect_uri, publicUrl);
  if (!redirect) {
    return {
      refused: `redirect_uri must be a page of this shop (${new URL(publicUrl).origin}) or a path on it.`,
    };
  }
  if (query.response_type !== flow.responseType) {
    return { refused: `response_type must be "${flow.responseType}".` };
  }
  const problem = flow.check(query);
  if (problem) return { refused: problem };
  return { request: { redirect, state: query.state ?? null, nonce: query.nonce ?? null } };
}

const NAME_LIMIT = 100;

function readPerson(body: unknown): { values: PersonForm; errors: PersonErrors } {
  const fields = formFields(body);
  const values: PersonForm = {
    email: (fields[FIELD_IDS.email] ?? '').trim(),
    firstName: (fields[FIELD_IDS.firstName] ?? '').trim(),
    lastName: (fields[FIELD_IDS.lastName] ?? '').trim(),
  };
  const errors: PersonErrors = {};
  if (values.email === '') errors.email = 'Enter your email address';
  else if (/\p{Cc}/u.test(values.email) || !emailSchema.safeParse(values.email).success) {
    errors.email = 'Enter an email address in the correct format, like name@example.com';
  }
  for (const [key, label] of [
    ['firstName', 'first name'],
    ['lastName', 'last name'],
  ] as const) {
    const value = values[key];
    if (value === '') errors[key] = `Enter your ${label}`;
    else if (value.length > NAME_LIMIT)
      errors[key] = `Your ${label} must be ${NAME_LIMIT} characters or fewer`;
    else if (/\p{Cc}/u.test(value)) errors[key] = `Your ${label} must not contain control characters`;
  }
  return { values, errors };
}

function sendPage(reply: FastifyReply, status: number, html: string, publicUrl: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${new URL(publicUrl).origin}; ` +
        "frame-ancestors 'none'; base-uri 'none'",
    )
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The local provider's pages and endpoints, for SOCIAL_SIGN_IN=local only:
 * /dev/oauth/{google,facebook,apple}/authorize (GET the page, POST the form), Google's /certs, Apple's
 * /auth/keys and /auth/token, and the Graph API's /v19.0/debug_token and /v19.0/me under /dev/oauth/facebook.
 */
export async function localProviderRoutes(app: FastifyInstance, { provider }: { provider: LocalProvider }) {
  acceptForms(app);
  const { publicUrl } = provider;
  const shopHome = `${publicUrl}/`;

  for (const flow of flows(provider)) {
    const path = `${LOCAL_PATHS[flow.provider]}/authorize`;
    const clientId = provider.clientIds[flow.provider];
    const action = (request: FastifyRequest) => {
      const at = request.url.indexOf('?');
      return at === -1 ? path : `${path}${request.url.slice(at)}`;
    };

    app.get(path, { schema: { hide: true } }, async (request, reply) => {
      const read = readAuthorize(flow, clientId, publicUrl, request.query);
      if ('refused' in read)
        return sendPage(reply, 400, refusedPage(flow.provider, read.refused, shopHome), publicUrl);
      const page = signInPage({
        provider: flow.provider,
        action: action(request),
        values: { email: '', firstName: '', lastName: '' },
        errors: {},
      });
      return sendPage(reply, 200, page, publicUrl);
    });

    app.post(path, { schema: { hide: true } }, async (request, reply) => {
      // A page on another site must not submit this form on someone's behalf.
      if (request.headers['sec-fetch-site'] === 'cross-site') {
        return sendPage(
          reply,
          403,
          refusedPage(flow.provider, 'The form was sent from another site.', shopHome),
          publicUrl,
        );
      }
      const read = readAuthorize(flow, clientId, publicUrl, request.query);
      if ('refused' in read)
        return sendPage(reply, 400, refusedPage(flow.provider, read.refused, shopHome), publicUrl);
      const { request: authorize } = read;
      if (formFields(request.body).action === 'cancel') {
        const params =
          authorize.state === null ? flow.cancelError : { ...flow.cancelError, state: authorize.state };
        return reply
          .header('cache-control', 'no-store')
          .redirect(withParams(authorize.redirect.location, params, flow.cancelled), 302);
      }
      const { values, errors } = readPerson(request.body);
      if (Object.keys(errors).length > 0) {
        const page = signInPage({ provider: flow.provider, action: action(request), values, errors });
        return sendPage(reply, 400, page, publicUrl);
      }
      const answer = await flow.answer(values, authorize);
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(withParams(authorize.redirect.location, answer.params, answer.where), 302);
    });
  }

  app.get(`${LOCAL_PATHS.google}/certs`, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(await provider.googleJwks()),
  );
  app.get(`${LOCAL_PATHS.apple}/auth/keys`, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(await provider.appleJwks()),
  );
  app.post(`${LOCAL_PATHS.apple}/auth/token`, { schema: { hide: true } }, async (request, reply) => {
    const answer = await provider.appleTokenEndpoint(formFields(request.body));
    const status = answer.error === undefined ? 200 : answer.error === 'invalid_client' ? 401 : 400;
    return reply.status(status).header('cache-control', 'no-store').send(answer);
  });
  for (const graphPath of ['/debug_token', '/me'] as const) {
    app.get(
      `${LOCAL_PATHS.facebook}/${LOCAL_GRAPH_VERSION}${graphPath}`,
      { schema: { hide: true } },
      async (request, reply) => {
        const answer = (await provider.graph(graphPath, formFields(request.query))) as { error?: unknown };
        return reply
          .status(answer.error === undefined ? 200 : 400)
          .header('cache-control', 'no-store')
          .send(answer);
      },
    );
  }
}
