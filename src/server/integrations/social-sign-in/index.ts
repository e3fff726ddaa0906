import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import { SOCIAL_LOGIN_PATH, APPLE_CALLBACK_PATH } from './apple-callback.routes';
import {
  AppleExchanger,
  appleClientSecret,
  appleRemoteJwks,
  appleTokenEndpointOverHttp,
  APPLE_ISSUER,
  type AppleName,
} from './apple';
import { FacebookVerifier, graphOverHttp } from './facebook';
import { GoogleVerifier, googleRemoteJwks, GOOGLE_ISSUERS } from './google';
import { LocalProvider } from './local-provider';
import type { LocalProviderStore } from './local-provider-store';
import type { FetchLike } from './provider-http';
import type { SocialProfile } from './social-profile';

// The social sign-in port (architecture decision 8). Live, it talks to Google, Facebook and Apple; local, to
// the shop's own identity provider (./local-provider.ts). Both run the same verifiers (./google.ts,
// ./facebook.ts, ./apple.ts); only the endpoints and keys differ.

export { SocialSignInError, type SocialProfile, type SocialProvider } from './social-profile';

export interface SocialSignIn {
  /**
   * A Google ID token (JWT, RS256): verified against Google's keys, issuer, audience (client id), expiry;
   * and, when `expected.nonce` is given, against the nonce the sign-in was started with (replay defence).
   */
  verifyGoogle(idToken: string, expected?: { nonce?: string }): Promise<SocialProfile>;
  /** A Facebook user access token: checked with the Graph API's debug_token (app id, validity), then /me. */
  verifyFacebook(accessToken: string): Promise<SocialProfile>;
  /**
   * An Apple authorisation code: exchanged at Apple's /auth/token with an ES256 client_secret JWT, the
   * returned ID token verified against Apple's keys. Apple sends the name only on first sign-in, so it is
   * passed in.
   */
  exchangeApple(code: string, name: AppleName): Promise<SocialProfile>;
}

export interface SocialSignInOptions {
  /** The HTTP client for the live providers (tests pass a fake; nothing else should). */
  fetch?: FetchLike;
  /** The local provider's clock, in milliseconds (tests expire codes and tokens with it). */
  now?: () => number;
  /** Where the local provider keeps its keys and grants: the server's database, shared by its processes. */
  store?: LocalProviderStore;
}

/** The local Apple developer account: any values do, the local Apple only checks they are used consistently. */
export const LOCAL_APPLE_TEAM_ID = 'LOCALTEAM1';
export const LOCAL_APPLE_KEY_ID = 'LOCALKEY01';

const localProviders = new WeakMap<SocialSignIn, LocalProvider>();

export function createSocialSignIn(
  config: Config['socialSignIn'],
  publicUrl: string,
  options: SocialSignInOptions = {},
): SocialSignIn {
  const shop = publicUrl.replace(/\/$/, '');
  return config.mode === 'live' ? live(config, shop, options.fetch ?? fetch) : local(config, shop, options);
}

/** The local identity provider behind a port made in local mode (for its routes). */
export function localProviderOf(signIn: SocialSignIn): LocalProvider {
  const provider = localProviders.get(signIn);
  if (!provider) throw new Error('Social sign-in is live: there is no local provider to serve');
  return provider;
}

function port(google: GoogleVerifier, facebook: FacebookVerifier, apple: AppleExchanger): SocialSignIn {
  return {
    verifyGoogle: (idToken, expected) => google.verify(idToken, expected),
    verifyFacebook: (accessToken) => facebook.verify(accessToken),
    exchangeApple: (code, name) => apple.exchange(code, name),
  };
}

function live(config: Config['socialSignIn'], publicUrl: string, fetchImpl: FetchLike): SocialSignIn {
  const { appId, appSecret } = config.facebook;
  const { clientId, teamId, keyId, privateKey } = config.apple;
  if (!appSecret || !teamId || !keyId || !privateKey) {
    throw new Error(
      'SOCIAL_SIGN_IN=live needs FACEBOOK_APP_SECRET, APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY',
    );
  }
  return port(
    new GoogleVerifier({
      jwks: googleRemoteJwks(fetchImpl),
      issuer: GOOGLE_ISSUERS,
      audience: config.google.clientId,
    }),
    new FacebookVerifier({ graph: graphOverHttp(fetchImpl), appId, appSecret }),
    new AppleExchanger({
      tokenEndpoint: appleTokenEndpointOverHttp(fetchImpl),
      jwks: appleRemoteJwks(fetchImpl),
      issuer: APPLE_ISSUER,
      clientId,
      // Apple form-posts to the shop's relay (./apple-callback.routes.ts); the code is bound to that address.
      redirectUri: `${publicUrl}${APPLE_CALLBACK_PATH}`,
      // Read now, so that a bad key stops the start rather than the first sign-in.
      clientSecret: appleClientSecret({ teamId, keyId, clientId, privateKey, audience: APPLE_ISSUER }),
    }),
  );
}

function local(
  config: Config['socialSignIn'],
  publicUrl: string,
  options: SocialSignInOptions,
): SocialSignIn {
  // A real app secret is never needed locally; without one, the local Facebook app gets a fresh one.
  const appSecret = config.facebook.appSecret ?? randomBytes(16).toString('hex');
  const provider = new LocalProvider({
    publicUrl,
    google: { clientId: config.google.clientId },
    facebook: { appId: config.facebook.appId, appSecret },
    apple: { clientId: config.apple.clientId, teamId: LOCAL_APPLE_TEAM_ID, keyId: LOCAL_APPLE_KEY_ID },
    ...(options.now ? { now: options.now } : {}),
    ...(options.store ? { store: options.store } : {}),
  });
  let clientSecret: Promise<() => Promise<string>> | null = null;
  const signIn = port(
    new GoogleVerifier({
      jwks: provider.googleKeys,
      issuer: provider.googleIssuer,
      audience: config.google.clientId,
    }),
    new FacebookVerifier({ graph: provider.graph, appId: config.facebook.appId, appSecret }),
    new AppleExchanger({
      tokenEndpoint: provider.appleTokenEndpoint,
      jwks: provider.appleKeys,
      issuer: provider.appleIssuer,
      clientId: config.apple.clientId,
      // The local Apple page redirects straight to the web app's sign-in page.
      redirectUri: `${publicUrl}${SOCIAL_LOGIN_PATH}`,
      clientSecret: async () => {
        clientSecret ??= provider.appleDeveloperKey().then((privateKey) =>
          appleClientSecret({
            teamId: LOCAL_APPLE_TEAM_ID,
            keyId: LOCAL_APPLE_KEY_ID,
            clientId: config.apple.clientId,
            privateKey,
            audience: provider.appleIssuer,
            ...(options.now ? { now: options.now } : {}),
          }),
        );
        return (await clientSecret)();
      },
    }),
  );
  localProviders.set(signIn, provider);
  return signIn;
}
