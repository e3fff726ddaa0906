import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ROLE_LABELS } from '../../../../domain/staff-roles';
import { isApiError } from '../../../shared/api/client';
import { failureMessage } from '../../../shared/forms/use-form';
import { Link, useSearchParams } from '../../../shared/router';
import { usePageMeta } from '../../../shared/use-page-meta';
import { backOfficeApi, backOfficeQueries, type BackOfficeMe } from '../back-office.queries';

// /back-office/invitation?invitation=… (issue 25 part 1): the link in an owner's invitation. The invited person is
// signed in (the route's guard sent them to sign in or create an account and back); one press joins the staff.

export function InvitationPage() {
  usePageMeta('Join the staff');
  const [params] = useSearchParams();
  const token = params.get('invitation') ?? '';
  const queryClient = useQueryClient();
  const [state, setState] = useState<
    | { kind: 'ready' }
    | { kind: 'joining' }
    | { kind: 'joined'; me: BackOfficeMe }
    | { kind: 'failed'; message: string }
  >({ kind: 'ready' });

  const accept = async () => {
    setState({ kind: 'joining' });
    try {
      const me = await backOfficeApi.accept(token);
      queryClient.setQueryData(backOfficeQueries.me().queryKey, me);
      setState({ kind: 'joined', me });
    } catch (error) {
      setState({
        kind: 'failed',
        message:
          isApiError(error, 'VALIDATION_FAILED') || !token
            ? 'This link is incomplete. Open the link from the invitation email again.'
            : failureMessage(error),
      });
    }
  };

  return (
    <div className="back-office back-office--message">
      <section className="back-office__panel" aria-labelledby="invitation-heading">
        <h1 id="invitation-heading">Join Sfoglia’s back office</h1>
        {state.kind === 'joined' ? (
          <>
            <p role="status">You’re in: {state.me.roles.map((role) => ROLE_LABELS[role]).join(', ')}.</p>
            <Link className="button" to="/back-office">
              Open the back office
            </Link>
          </>
        ) : (
          <>
            <p>An owner of the shop has invited you. Accept to join the staff with the role they chose.</p>
            {state.kind === 'failed' ? (
              <p className="notice notice--error" role="alert">
                {state.message}
              </p>
            ) : null}
            <button
              type="button"
              className="button"
              onClick={() => void accept()}
              disabled={state.kind === 'joining'}
              aria-busy={state.kind === 'joining'}
            >
              {state.kind === 'joining' ? 'Joining…' : 'Accept the invitation'}
            </button>
          </>
        )}
      </section>
    </div>
  );
}
