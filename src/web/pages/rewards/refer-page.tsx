import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from '../../shared/router';
import { WelcomeCard } from '../../features/rewards/welcome-card';
import { rewardQueries, rewardsApi } from '../../features/rewards/rewards.queries';
import { isApiError } from '../../shared/api/client';
import { customerQueries } from '../../shared/customer.queries';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';
import '../../features/rewards/rewards.css';

// /refer/{token} (decision 30): a friend's referral link. A visitor reads what they are given and signs up
// (the link is remembered in this browser, so the sign-up takes it) or shops first; a signed-in newcomer
// adds the welcome with a press and sees the code; anyone it does not apply to reads why; an unknown link
// says what to check.

const REWARDS = '/account/rewards';

function Welcome({ token }: { token: string }) {
  const take = useMutation({ mutationFn: () => rewardsApi.takeWelcome(token) });
  // Taken on the customer's own press, never on arrival: a page elsewhere could send a signed-in newcomer
  // here, and a friend's link joins them to that friend for good.
  if (take.isIdle) {
    return (
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={() => take.mutate()}>
          Add my welcome
        </button>
        <Link className="button button--secondary" to={REWARDS}>
          Not now
        </Link>
      </div>
    );
  }
  if (take.isPending) return <Spinner label="Adding your welcome to your account" />;
  if (take.isError) {
    return isApiError(take.error, 'REFERRAL_NOT_ELIGIBLE', 'REFERRAL_NOT_FOUND') ? (
      <p className="notice notice--warning" role="alert">
        {take.error.message}
      </p>
    ) : (
      <LoadFailed message="We couldn’t add your welcome just now." onRetry={() => take.mutate()} />
    );
  }
  return (
    <>
      <WelcomeCard welcome={take.data} />
      <p>
        You’ll also find it in <Link to={REWARDS}>your offers</Link>.
      </p>
    </>
  );
}

export function ReferPage() {
  const { token = '' } = useParams();
  const { data: customer } = useQuery(customerQueries.me());
  const link = useQuery(rewardQueries.link(token, customer?.id ?? null));
  usePageMeta(link.data ? link.data.offer : 'A welcome from a friend');

  if (link.isPending) {
    return (
      <div className="page page--narrow refer-page">
        <Spinner label="Opening your friend’s link" />
      </div>
    );
  }
  if (link.isError) {
    const refused = isApiError(link.error, 'REFERRAL_NOT_ELIGIBLE');
    const unknown = isApiError(link.error, 'REFERRAL_NOT_FOUND');
    return (
      <div className="page page--narrow refer-page">
        <h1>
          {unknown ? 'Link not found' : refused ? 'About this referral link' : 'A welcome from a friend'}
        </h1>
        {unknown || refused ? (
          <p className="notice notice--warning" role="alert">
            {link.error.message}
          </p>
        ) : (
          <LoadFailed message="We couldn’t open this link just now." onRetry={() => void link.refetch()} />
        )}
        <div className="button-row">
          {refused ? (
            <Link className="button button--primary" to={REWARDS}>
              See your offers
            </Link>
          ) : null}
          <Link className="button button--secondary" to="/menu">
            Shop the menu
          </Link>
        </div>
      </div>
    );
  }
  const offer = link.data;
  return (
    <div className="page page--narrow refer-page">
      <h1 className="refer-page__offer">{offer.offer}</h1>
      <p>{offer.terms}</p>
      {offer.signedIn && customer ? (
        <Welcome token={token} />
      ) : (
        <>
          <p>
            Sign up and your welcome code is in your account straight away, ready for your first order. It
            lasts {offer.friendCodeDays} days.
          </p>
          <div className="button-row">
            <Link className="button button--primary" to={`/signup?returnTo=${encodeURIComponent(REWARDS)}`}>
              Sign up
            </Link>
            <Link className="button button--secondary" to="/menu">
              Shop the menu
            </Link>
          </div>
          <p className="field__hint">
            Already have an account?{' '}
            <Link to={`/login?returnTo=${encodeURIComponent(`/refer/${token}`)}`}>Log in</Link>. Referral
            offers are for new customers.
          </p>
        </>
      )}
    </div>
  );
}
