import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Link, useSearchParams } from '../../shared/router';
import { usePageMeta } from '../../shared/use-page-meta';
import { Spinner } from '../../shared/ui/spinner';
import { authApi, type SignedIn } from './auth.api';
import { AuthCard } from './auth-card';
import { AppleMark, FacebookMark, GoogleMark } from './provider-marks';
import { authorizeUrl, takePendingSocial, type Provider } from './social';
import { returnToOf, useFinishSignIn } from './use-finish-sign-in';

// /social-login: Google, Facebook, Apple or email. Google (id_token in the fragment) and Apple (code in the
// query) come back here; Facebook comes back to /auth-facebook-cb.

// Each with its own mark and colours, and a label the provider's guidelines allow.
const PROVIDERS: { id: Provider; name: string; label: string; Mark: ComponentType }[] = [
  { id: 'google', name: 'Google', label: 'Continue with Google', Mark: GoogleMark },
  { id: 'facebook', name: 'Facebook', label: 'Continue with Facebook', Mark: FacebookMark },
  { id: 'apple', name: 'Apple', label: 'Continue with Apple', Mark: AppleMark },
];

/** Finishes a provider's return, once: verify our state, then ask the server to sign in. */
type ProviderReturn = {
  state: string | null;
  run: (returnTo: string | null, nonce: string) => Promise<SignedIn>;
};

export function useProviderReturn(read: () => ProviderReturn | null) {
  const finish = useFinishSignIn();
  // A provider's answer in the address is being worked on from the first render (no flash of the choices).
  const [status, setStatus] = useState<'idle' | 'working' | 'failed'>(() => (read() ? 'working' : 'idle'));
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    const found = read();
    if (!found) return;
    started.current = true;
    // The tokens must not stay in the address bar or the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    // Our state must match the one this browser sent (else another site started this sign-in).
    const pending = takePendingSocial(found.state);
    const signingIn = pending
      ? found
          .run(pending.returnTo, pending.nonce)
          .then((signedIn) => finish(signedIn, pending.returnTo, pending.provider))
      : Promise.reject(new Error('The sign-in state does not match'));
    signingIn.catch(() => setStatus('failed'));
  }, [read, finish]);
  return status;
}

function readReturn() {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const query = new URLSearchParams(window.location.search);
  const idToken = hash.get('id_token');
  if (idToken) {
    return {
      state: hash.get('state'),
      run: (returnTo: string | null, nonce: string) => authApi.google(idToken, nonce, returnTo),
    };
  }
  const code = query.get('code');
  if (code) {
    const name = {
      firstName: query.get('first_name') ?? undefined,
      lastName: query.get('last_name') ?? undefined,
    };
    return {
      state: query.get('state'),
      run: (returnTo: string | null) => authApi.apple(code, name, returnTo),
    };
  }
  return null;
}

export function SocialLoginPage() {
  usePageMeta('Sign in');
  const [params] = useSearchParams();
  const status = useProviderReturn(readReturn);
  const query = params.toString() ? `?${params.toString()}` : '';

  if (status === 'working') {
    return (
      <AuthCard title="Signing you in…">
        <Spinner label="Signing you in" />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Sign in or create an account" intro="Choose how you’d like to continue.">
      {status === 'failed' ? (
        <p className="form-error" role="alert">
          Something went wrong. Please try again.
        </p>
      ) : null}
      <SocialChoices
        returnTo={returnToOf(params)}
        loginPath={`/login${query}`}
        signupPath={`/signup${query}`}
      />
    </AuthCard>
  );
}

/** Google, Facebook, Apple or email: the choices of /social-login and the checkout's "continue" step. */
export function SocialChoices({
  returnTo,
  loginPath,
  signupPath,
}: {
  returnTo: string | null;
  loginPath: string;
  signupPath: string;
}) {
  const [leavingFor, setLeavingFor] = useState<Provider | null>(null);
  // Back from the provider's page (the browser's back/forward cache): the choices work again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeavingFor(null);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  return (
    <>
      <div className="social-buttons">
        {PROVIDERS.map((provider) => (
          <button
            key={provider.id}
            type="button"
            className={`button button--social button--${provider.id}`}
            disabled={leavingFor !== null}
            aria-busy={leavingFor === provider.id}
            onClick={() => {
              // The state and nonce are made (and remembered) for the provider chosen, at the moment of choosing.
              setLeavingFor(provider.id);
              window.location.assign(authorizeUrl(provider.id, returnTo));
            }}
          >
            <provider.Mark />
            <span>{leavingFor === provider.id ? `Opening ${provider.name}…` : provider.label}</span>
          </button>
        ))}
        <Link className="button button--secondary button--social" to={loginPath}>
          Continue with email
        </Link>
      </div>
      <div className="auth__links">
        <p>
          New here? <Link to={signupPath}>Create an account with your email</Link>
        </p>
      </div>
    </>
  );
}
