import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from '../../shared/router';
import { bookingQueries, type EventGuestForm } from '../../features/events/bookings.queries';
import { DietaryEventSummary, GuestAnswerForm } from '../../features/events/dietary-form';
import { isApiError } from '../../shared/api/client';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';

// /events/dietary-form/{orderId}?key=… (spec §2; issue 22 part 3): a guest says what they can't eat. It works
// signed out with the link's key, or for the booker signed in without it. Each answer goes on to
// /events/dietary-form/success, which offers the form again while seats are still to answer.

/** The thanks page's address: it reads the same form to say whether seats remain. */
export const successPath = (orderId: string, key: string | null, name: string) =>
  `/events/dietary-form/success?${new URLSearchParams({ order: orderId, ...(key ? { key } : {}), name })}`;

/** The form's own address, for "Fill in for another guest". */
export const formPath = (orderId: string, key: string | null) =>
  `/events/dietary-form/${encodeURIComponent(orderId)}${key ? `?${new URLSearchParams({ key })}` : ''}`;

export function DietaryFormPage() {
  usePageMeta('Dietary needs');
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  const key = params.get('key');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = bookingQueries.guestForm(orderId, key);
  const form = useQuery(query);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: query.queryKey });

  return (
    <div className="page page--narrow dietary-page">
      <h1>Dietary needs</h1>
      {form.isPending ? (
        <Spinner label="Loading the event" />
      ) : form.isError ? (
        <FormProblem error={form.error} hasKey={key !== null} onRetry={() => void form.refetch()} />
      ) : (
        <>
          {form.data.open ? (
            <p>Tell the host what each guest can’t eat, so the kitchen can cook for everyone.</p>
          ) : (
            // Why it is closed comes first; the event below says which booking this was.
            <ClosedNotice form={form.data} />
          )}
          <DietaryEventSummary form={form.data} />
          {form.data.open ? (
            <GuestAnswerForm
              orderId={orderId}
              formKey={key}
              onClosed={refresh}
              onAnswered={(name) => {
                void queryClient.invalidateQueries({ queryKey: bookingQueries.all });
                void navigate(successPath(orderId, key, name));
              }}
            />
          ) : null}
        </>
      )}
    </div>
  );
}

/** Answers are no longer taken, and why (the server's closedReason): cancelled, started or all answered. */
export function ClosedNotice({ form }: { form: Pick<EventGuestForm, 'closedReason' | 'holderName'> }) {
  return (
    <div className="notice" role="status">
      {form.closedReason === 'cancelled' ? (
        <p>
          <strong>This booking has been cancelled,</strong> so the form is closed. If you think that’s a
          mistake, ask {form.holderName}, who made the booking.
        </p>
      ) : form.closedReason === 'started' ? (
        <p>
          <strong>This event has started,</strong> so the form is closed. Tell the host about any allergy when
          you arrive.
        </p>
      ) : form.closedReason === 'answered' ? (
        <p>
          <strong>Everyone has answered.</strong> If something has changed, ask {form.holderName} to remove
          the old answer from their booking, then fill the form in again.
        </p>
      ) : (
        <p>
          <strong>The form is closed.</strong> Ask {form.holderName}, who made the booking, about allergies.
        </p>
      )}
    </div>
  );
}

function FormProblem({ error, hasKey, onRetry }: { error: unknown; hasKey: boolean; onRetry: () => void }) {
  const wrongLink = isApiError(
    error,
    'BOOKING_NOT_FOUND',
    'NOT_FOUND',
    'ORDER_NOT_FOUND',
    'FORBIDDEN',
    'VALIDATION_FAILED',
    'UNAUTHENTICATED',
  );
  if (!wrongLink)
    return <LoadFailed message="We couldn’t load the form. Please try again." onRetry={onRetry} />;
  return (
    <div className="notice notice--warning" role="alert">
      <p>
        <strong>This link isn’t right.</strong>{' '}
        {hasKey
          ? 'It may have been cut short when it was copied. Ask the person who booked to send you the link again.'
          : 'It is missing its key. Open the link exactly as it was sent to you, or ask the person who booked to send it again.'}
      </p>
      {hasKey ? null : (
        <p className="notice__actions">
          <Link to={`/social-login?returnTo=${encodeURIComponent(window.location.pathname)}`}>
            I booked it: sign in
          </Link>
        </p>
      )}
    </div>
  );
}
