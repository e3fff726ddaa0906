import { config } from '../../shared/config';
import { randomId } from '../../shared/random-id';

// Google, Facebook and Apple sign-in by redirect (no third-party script on our pages). In local mode the
// same requests go to the shop's own sign-in pages for each provider (/dev/oauth/…), which answer with
// tokens the server verifies exactly as it verifies the real ones.

export type Provider = 'google' | 'facebook' | 'apple';

const LIVE: Record<Provider, string> = {
  google: 'https://accounts.google.com/o/oauth2/v2/auth',
  facebook: 'https://www.facebook.com/v19.0/dialog/oauth',
  apple: 'https://appleid.apple.com/auth/authorize',
};

const STATE_KEY = 'sfoglia:social-state';

interface PendingSocial {
  state: string;
  provider: Provider;
  returnTo: string | null;
  nonce: string;
}

export function authorizeUrl(provider: Provider, returnTo: string | null): string {
  const origin = window.location.origin;
  const state = randomId();
  const nonce = randomId();
  sessionStorage.setItem(
    STATE_KEY,
    JSON.stringify({ state, provider, returnTo, nonce } satisfies PendingSocial),
  );
  const base = config.social.mode === 'live' ? LIVE[provider] : `${origin}/dev/oauth/${provider}/authorize`;
  const params = new URLSearchParams({ state });
  if (provider === 'google') {
    params.set('client_id', config.social.googleClientId);
    params.set('redirect_uri', `${origin}/social-login`);
    params.set('response_type', 'id_token');
    params.set('scope', 'openid email profile');
    params.set('nonce', nonce);
  } else if (provider === 'facebook') {
    params.set('client_id', config.social.facebookAppId);
    params.set('redirect_uri', `${origin}/auth-facebook-cb`);
    params.set('response_type', 'token');
    params.set('scope', 'email');
  } else {
    params.set('client_id', config.social.appleClientId);
    params.set('response_type', 'code');
    params.set('scope', 'name email');
    // Apple posts the answer (with the name, the first time) when name and email are asked for; the server
    // turns that post into a redirect back here.
    if (config.social.mode === 'live') {
      params.set('response_mode', 'form_post');
      params.set('redirect_uri', `${origin}/auth/apple/callback`);
    } else {
      params.set('response_mode', 'query');
      params.set('redirect_uri', `${origin}/social-login`);
    }
  }
  return `${base}?${params.toString()}`;
}

/** The sign-in this browser started, if `state` is the one it sent (a forged return is refused). */
export function takePendingSocial(state: string | null): PendingSocial | null {
  const raw = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  if (!raw || !state) return null;
  try {
    const pending = JSON.parse(raw) as PendingSocial;
    return pending.state === state ? pending : null;
  } catch {
    return null;
  }
}
