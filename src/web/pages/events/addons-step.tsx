import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '../../shared/router';
import { formatPence } from '../../../domain/money';
import { CheckoutFrame } from '../../features/checkout/checkout-frame';
import { useCheckoutStep } from '../../features/checkout/use-checkout-step';
import { guestsOf, updateBookingDraft } from '../../features/events/booking-draft';
import { BookingPrice, bookingPriceRows } from '../../features/events/booking-summary';
import { eventQueries } from '../../features/events/events.queries';
import { GuestStepper } from '../../features/events/guest-stepper';
import { clampedDraft, upgradeMost } from '../../features/events/upgrade-rules';
import { LoadFailed } from '../../shared/ui/load-failed';
import { usePageMeta } from '../../shared/use-page-meta';
import { PAYMENT } from './guards';
import { useDraftBooking } from './use-draft-booking';
import { pictureSources } from '../../../domain/pictures';

// The events checkout's add-ons (spec §2 addons; §7 event_upgrades): the event's extras, each with how
// many: one a guest at most for a per-guest extra (a wine pairing), up to 10 of anything else. Kept in the
// booking draft as they change; nothing is held or charged until the payment step.

export function AddonsStep() {
  usePageMeta('Book: extras');
  useCheckoutStep(4, 'events');
  const navigate = useNavigate();
  const { draft, slot } = useDraftBooking();
  const upgrades = useQuery({ ...eventQueries.upgrades(draft?.templateId ?? ''), enabled: draft !== null });
  if (!draft || upgrades.isPending || slot.isPending) {
    return <CheckoutFrame title="Add extras" loading="Loading the extras" />;
  }
  if (upgrades.isError || slot.isError) {
    return (
      <CheckoutFrame title="Add extras">
        <LoadFailed
          message="We couldn’t load the extras."
          onRetry={() => void (upgrades.isError ? upgrades.refetch() : slot.refetch())}
        />
      </CheckoutFrame>
    );
  }
  const guests = guestsOf(draft);
  const setQuantity = (id: string, quantity: number) =>
    updateBookingDraft((d) => ({
      ...d,
      upgrades: Object.fromEntries(
        Object.entries({ ...d.upgrades, [id]: quantity }).filter(([, n]) => n > 0),
      ),
    }));
  return (
    <CheckoutFrame
      title="Add extras"
      intro={
        upgrades.data.length > 0
          ? `Anything to add for your ${guests === 1 ? 'visit' : `${guests} guests`}? All optional.`
          : undefined
      }
    >
      {upgrades.data.length === 0 ? (
        <p>There are no extras for this event. You can go on to pay.</p>
      ) : (
        <ul className="ev-upgrades" aria-label="Extras">
          {upgrades.data.map((upgrade) => {
            const most = upgradeMost(upgrade, guests);
            const quantity = Math.min(draft.upgrades[upgrade.id] ?? 0, most);
            return (
              <li key={upgrade.id} className="checkout-card ev-upgrade">
                {upgrade.imageUrl ? (
                  <img
                    {...pictureSources(upgrade.imageUrl, 96)}
                    alt=""
                    width={96}
                    height={96}
                    loading="lazy"
                  />
                ) : null}
                <div className="ev-upgrade__text">
                  <h2>{upgrade.title}</h2>
                  <p>{upgrade.description}</p>
                  <p className="ev-upgrade__price">
                    {formatPence(upgrade.price)}
                    {upgrade.perGuest ? ' per guest' : ' each'}
                  </p>
                </div>
                <GuestStepper
                  label="How many"
                  name={upgrade.title}
                  hint={upgrade.perGuest ? `Up to one a guest (${guests})` : undefined}
                  value={quantity}
                  min={0}
                  max={most}
                  onChange={(n) => setQuantity(upgrade.id, n)}
                />
              </li>
            );
          })}
        </ul>
      )}
      <section className="checkout-card" aria-labelledby="ev-addons-total">
        <h2 id="ev-addons-total">Your booking</h2>
        <BookingPrice rows={bookingPriceRows(slot.data, clampedDraft(draft, upgrades.data), upgrades.data)} />
      </section>
      <button
        type="button"
        className="button button--primary button--block"
        onClick={() => {
          updateBookingDraft((d) => clampedDraft(d, upgrades.data));
          void navigate(PAYMENT);
        }}
      >
        Continue to payment
      </button>
      <p className="auth__links">
        <Link to="/events/reservation">Back to your booking</Link>
      </p>
    </CheckoutFrame>
  );
}
