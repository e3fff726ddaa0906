import { Link } from '../../shared/router';
import { usePageMeta } from '../../shared/use-page-meta';
import { Spinner } from '../../shared/ui/spinner';
import { authApi } from './auth.api';
import { AuthCard } from './auth-card';
import { useProviderReturn } from './social-login-page';

function readFacebook() {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const token = hash.get('access_token');
  return token
    ? { state: hash.get('state'), run: (returnTo: string | null) => authApi.facebook(token, returnTo) }
    : null;
}

/** /auth-facebook-cb: Facebook's return with the access token in the fragment. */
export function FacebookCallbackPage() {
  usePageMeta('Signing in with Facebook');
  const status = useProviderReturn(readFacebook);
  if (status === 'failed' || status === 'idle') {
    return (
      <AuthCard title="Something went wrong">
        <p role="alert">We couldn’t sign you in with Facebook.</p>
        <Link to="/social-login" className="button button--primary">
          Try again
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Signing you in…">
      <Spinner label="Signing you in" />
    </AuthCard>
  );
}
