import { createHmac } from 'node:crypto';
import { field, requestJson, type FetchLike } from './provider-http';
import { namePart, SocialSignInError, type SocialProfile } from './social-profile';

// A Facebook user access token (from Facebook Login): asked about with the Graph API's debug_token (is it
// valid, and was it issued to our app?), then /me for the person. Calls are made with the app access token
// `${appId}|${appSecret}` and an appsecret_proof, so they also work with "Require App Secret" switched on.
// https://developers.facebook.com/docs/facebook-login/guides/access-tokens/debugging

export const FACEBOOK_GRAPH_URL = 'https://graph.facebook.com/v19.0';
export const FACEBOOK_AUTHORIZE_URL = 'https://www.facebook.com/v19.0/dialog/oauth';

/** One Graph API call: a GET of `path` with `params`, answering the Graph API's JSON (errors included). */
export type GraphCall = (path: '/debug_token' | '/me', params: Record<string, string>) => Promise<unknown>;

export interface FacebookVerifierOptions {
  graph: GraphCall;
  appId: string;
  appSecret: string;
}

export const ME_FIELDS = 'id,email,first_name,last_name';

export function appSecretProof(appSecret: string, accessToken: string): string {
  return createHmac('sha256', appSecret).update(accessToken).digest('hex');
}

export class FacebookVerifier {
  constructor(private readonly options: FacebookVerifierOptions) {}

  async verify(accessToken: string): Promise<SocialProfile> {
    if (typeof accessToken !== 'string' || accessToken.length === 0 || accessToken.length > 4_096) {
      throw new SocialSignInError('Facebook token refused: missing or too long');
    }
    const { appId, appSecret, graph } = this.options;
    const appToken = `${appId}|${appSecret}`;

    const debug = await graph('/debug_token', {
      input_token: accessToken,
      access_token: appToken,
      appsecret_proof: appSecretProof(appSecret, appToken),
    });
    refuseGraphError(debug, 'debug_token');
    const data = field(debug, 'data');
    if (data.is_valid !== true) {
      throw new SocialSignInError(`Facebook token refused: not valid${graphCode(field(data, 'error'))}`);
    }
    if (String(data.app_id ?? '') !== appId) {
      throw new SocialSignInError('Facebook token refused: issued for another app');
    }
    if (data.type !== undefined && data.type !== 'USER') {
      throw new SocialSignInError('Facebook token refused: not a user access token');
    }
    // expires_at 0 means a token that does not expire.
    if (
      typeof data.expires_at === 'number' &&
      data.expires_at !== 0 &&
      data.expires_at * 1000 <= Date.now()
    ) {
      throw new SocialSignInError('Facebook token refused: expired');
    }
    const userId = typeof data.user_id === 'string' ? data.user_id : null;
    if (!userId) throw new SocialSignInError('Facebook token refused: no user');

    const me = await graph('/me', {
      fields: ME_FIELDS,
      access_token: accessToken,
      appsecret_proof: appSecretProof(appSecret, accessToken),
    });
    refuseGraphError(me, '/me');
    const person = me as Record<string, unknown>;
    if (person.id !== userId) {
      throw new SocialSignInError('Facebook profile refused: it is not the user the token belongs to');
    }
    const email = typeof person.email === 'string' && person.email !== '' ? person.email.toLowerCase() : null;
    return {
      provider: 'facebook',
      subject: userId,
      email,
      // The Graph API only ever returns an email address the person has confirmed with Facebook.
      emailVerified: email !== null,
      firstName: namePart(person.first_name),
      lastName: namePart(person.last_name),
    };
  }
}

function refuseGraphError(body: unknown, call: string): void {
  const error = field(body, 'error');
  if (Object.keys(error).length > 0) {
    throw new SocialSignInError(`Facebook ${call} refused${graphCode(error)}`);
  }
}

/** The Graph API's numeric error code (and subcode): safe to log, unlike its messages. */
function graphCode(error: Record<string, unknown>): string {
  const code = typeof error.code === 'number' ? error.code : null;
  const sub =
    typeof error.error_subcode === 'number'
      ? error.error_subcode
      : typeof error.subcode === 'number'
        ? error.subcode
        : null;
  return code === null ? '' : ` (code ${code}${sub === null ? '' : `/${sub}`})`;
}

/** The Graph API over HTTPS. */
export function graphOverHttp(fetchImpl: FetchLike = fetch, baseUrl = FACEBOOK_GRAPH_URL): GraphCall {
  return (path, params) =>
    requestJson(
      fetchImpl,
      'The Facebook Graph API',
      `${baseUrl}${path}?${new URLSearchParams(params).toString()}`,
    );
}
