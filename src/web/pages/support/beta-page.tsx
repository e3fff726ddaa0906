import { useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/router';
import { BetaSwitch } from '../../features/support/beta-switch';
import { customerQueries } from '../../shared/customer.queries';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';
import '../../features/support/support.css';

// /beta-opt-in (spec §2 Public routes; issue 23 part 5; decision 30): what the beta group is, and for a
// signed-in customer the switch to join or leave it, showing where they stand. A visitor is asked to sign
// in and comes back here.

export function BetaPage() {
  usePageMeta('The beta group');
  const me = useQuery(customerQueries.me());
  return (
    <div className="page page--narrow support-page">
      <h1>Try new things first</h1>
      <p>
        We’re always working on the shop: new ways to choose your dishes, to plan your week, to order from
        your nearest kitchen. Join the beta group and you’ll see some of these before everyone else.
      </p>
      <ul className="support-next">
        <li>Some pages may look or work a little differently for you while we try them.</li>
        <li>Your orders, prices and payments are never part of a test: they work as they always do.</li>
        <li>You can leave the group here at any time, and the shop goes back to how everyone sees it.</li>
      </ul>
      <section className="account-section" aria-labelledby="beta-heading">
        <h2 id="beta-heading">Your choice</h2>
        {me.isPending ? (
          <Spinner label="Checking your account" />
        ) : me.data ? (
          <BetaSwitch customer={me.data} />
        ) : (
          <>
            <p>Sign in to join or leave the beta group.</p>
            <Link
              className="button button--primary"
              to={`/social-login?returnTo=${encodeURIComponent('/beta-opt-in')}`}
            >
              Sign in or sign up
            </Link>
          </>
        )}
      </section>
      <p className="support-page__more">
        Something not working as it should? <Link to="/support">Tell us</Link>.
      </p>
    </div>
  );
}
