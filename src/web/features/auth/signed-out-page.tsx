import { Link } from '../../shared/router';
import { usePageMeta } from '../../shared/use-page-meta';
import { AuthCard } from './auth-card';

/** Where sign-out lands unless a brand-site logout page is configured. */
export function SignedOutPage() {
  usePageMeta('Signed out');
  return (
    <AuthCard title="You’re signed out" intro="Thanks for visiting. Your basket here has been emptied.">
      <div className="button-row">
        <Link to="/menu" className="button button--primary">
          See the menu
        </Link>
        <Link to="/login" className="button button--secondary">
          Log in again
        </Link>
      </div>
    </AuthCard>
  );
}
