import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from '../../shared/router';
import { AskForm } from '../../features/support/ask-form';
import { customerQueries } from '../../shared/customer.queries';
import { useHydrated } from '../../shared/use-hydrated';
import { usePageMeta } from '../../shared/use-page-meta';

// /support (spec §2 Public routes; issue 23 part 5): ask the shop a question. Rendered on the server as for a
// visitor (docs/decisions/0017: the HTML never names the customer); once hydrated, a signed-in customer's
// form leaves out the email and offers their orders to choose from. ?topic=… and ?order=… preselect them
// (a link from an order, or "ask a new question" after a closed one).

export function SupportPage() {
  usePageMeta('Help and support');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { data } = useQuery(customerQueries.me());
  const customer = useHydrated() ? (data ?? null) : null;
  return (
    <div className="page page--narrow support-page">
      <h1>How can we help?</h1>
      <p className="support-page__intro">
        Ask us anything about an order, your Pasta Plan, allergens or an event. A real person in our team
        answers by email within one working day, usually much sooner.
      </p>
      {customer ? null : (
        <p className="notice">
          Have an account?{' '}
          <Link to={`/social-login?returnTo=${encodeURIComponent('/support')}`}>Sign in</Link> to ask about
          one of your orders and read our answers in your account.
        </p>
      )}
      {/* One form throughout: what was typed before the page went live stays as the customer joins. */}
      <AskForm
        customer={customer}
        initialTopic={params.get('topic')}
        initialOrderId={params.get('order')}
        onAsked={(ticket) =>
          void navigate(`/support-success?reference=${encodeURIComponent(ticket.reference)}`)
        }
      />
      {customer ? (
        <p className="support-page__more">
          <Link to="/account/support">Your questions and our answers</Link>
        </p>
      ) : null}
    </div>
  );
}
