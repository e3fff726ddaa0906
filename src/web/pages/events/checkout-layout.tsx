import { Outlet, useLocation } from '../../shared/router';
import { CheckoutBar, CheckoutProgress, type CheckoutStepLink } from '../../features/checkout/checkout-bar';
import { CheckoutFlowProvider } from '../../features/checkout/flow-context';
import type { CheckoutFlow } from '../../features/checkout/flows';
import { useBookingDraft } from '../../features/events/booking-draft';
import '../../features/checkout/checkout.css';

// The events checkout's frame (spec §2 Events checkout: continue, signup, login, addons, payment): the
// checkout bar with the cards taken and the way back to the booking, and where the booker is: who is booking
// (an account), the extras, paying. The progress reuses the checkout's step keys with a booking's words.

export const EVENTS_FLOW: CheckoutFlow = {
  kind: 'events',
  base: '/events-checkout',
  signInBase: '/events-checkout',
  menu: '/events/reservation',
};

const STEPS: readonly CheckoutStepLink[] = [
  { key: 'account', label: 'Your account' },
  { key: 'delivery', label: 'Extras' },
  { key: 'payment', label: 'Pay' },
];

function stepOf(pathname: string): CheckoutStepLink['key'] | null {
  const step = pathname.replace(/\/+$/, '').slice(EVENTS_FLOW.base.length + 1);
  if (['continue', 'signup', 'login'].includes(step)) return 'account';
  if (step === 'addons') return 'delivery';
  if (step === 'payment') return 'payment';
  return null;
}

export function EventsCheckoutLayout() {
  const { pathname } = useLocation();
  const draft = useBookingDraft();
  return (
    <CheckoutFlowProvider value={EVENTS_FLOW}>
      <CheckoutBar backTo={draft ? EVENTS_FLOW.menu : '/events/themes'} backLabel="Back to your booking" />
      <div className="checkout-page">
        <CheckoutProgress current={stepOf(pathname)} steps={STEPS} />
        <Outlet />
      </div>
    </CheckoutFlowProvider>
  );
}
