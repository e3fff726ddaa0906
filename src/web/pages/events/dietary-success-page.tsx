import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from '../../shared/router';
import { bookingQueries } from '../../features/events/bookings.queries';
import { DietaryProgress } from '../../features/events/dietary-form';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';
import { formPath } from './dietary-form-page';
import '../../features/events/dietary.css';

// /events/dietary-form/success (spec §2; issue 22 part 3): thanks for one guest's answers, who has answered
// now, and the form again for another guest while seats are still to answer.

export function DietarySuccessPage() {
  usePageMeta('Thank you');
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const key = params.get('key');
  const name = params.get('name');
  const form = useQuery({ ...bookingQueries.guestForm(orderId ?? '', key), enabled: orderId !== null });

  return (
    <div className="page page--narrow dietary-page dietary-thanks">
      <h1 tabIndex={-1}>Thank you{name ? `, ${name}` : ''}</h1>
      <p>
        {name ? `${name}’s answers are with the host.` : 'The answers are with the host.'} The kitchen will
        cook around them.
      </p>
      {orderId === null ? null : form.data ? (
        <section className="checkout-card" aria-labelledby="dietary-thanks-event">
          <h2 id="dietary-thanks-event" className="dietary-event__title">
            {form.data.templateTitle}
          </h2>
          <p>
            <strong>{form.data.dateLabel}</strong> · {form.data.timeLabel} · {form.data.locationName}
          </p>
          <DietaryProgress form={form.data} />
        </section>
      ) : form.isPending ? (
        <Spinner label="Checking who is still to answer" />
      ) : null}
      {orderId ? (
        <div className="button-row">
          {form.data && form.data.open && form.data.unanswered > 0 ? (
            <Link to={formPath(orderId, key)} className="button button--primary">
              Fill in for another guest
            </Link>
          ) : (
            <Link to={formPath(orderId, key)} className="button button--primary">
              Back to the form
            </Link>
          )}
          {key ? null : (
            <Link to={`/order/${encodeURIComponent(orderId)}`} className="button button--secondary">
              Back to your booking
            </Link>
          )}
        </div>
      ) : null}
    </div>
  );
}
