import { useQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs } from 'react-router';
import { redirect } from '../../shared/router';
import { Link, useSearchParams } from '../../shared/router';
import { TICKET_REFERENCE_PATTERN } from '../../../domain/support';
import { customerQueries } from '../../shared/customer.queries';
import { useHydrated } from '../../shared/use-hydrated';
import { usePageMeta } from '../../shared/use-page-meta';

// /support-success?reference=SF-… (spec §2 Public routes; issue 23 part 5): the question's reference, what
// happens next, and where the answers will be. Without a reference of the right form it goes back to /support.

export function supportSuccessLoader({ request }: LoaderFunctionArgs) {
  const reference = new URL(request.url).searchParams.get('reference') ?? '';
  return TICKET_REFERENCE_PATTERN.test(reference) ? null : redirect('/support');
}

export function SupportSuccessPage() {
  usePageMeta('Question sent');
  const [params] = useSearchParams();
  const reference = params.get('reference') ?? '';
  const { data } = useQuery(customerQueries.me());
  const customer = useHydrated() ? (data ?? null) : null;
  return (
    <div className="page page--narrow support-page">
      <h1>Thank you, we’ve got your question</h1>
      <p className="support-reference">
        Your reference is <strong>{reference}</strong>
      </p>
      <p>Please quote it if you write to us again about the same thing.</p>
      <h2>What happens next</h2>
      <ul className="support-next">
        <li>We’ve emailed you a copy, with the reference.</li>
        <li>A member of our team will answer by email within one working day, usually much sooner.</li>
        <li>
          {customer
            ? 'Our answer will also be in your account, where you can reply to it.'
            : 'If you have an account with the same email, our answer will be in it too, where you can reply.'}
        </li>
      </ul>
      <div className="button-row">
        <Link className="button button--primary" to="/account/support">
          {customer ? 'See your questions' : 'Sign in to see your questions'}
        </Link>
        <Link className="button button--secondary" to="/support">
          Ask something else
        </Link>
      </div>
    </div>
  );
}
