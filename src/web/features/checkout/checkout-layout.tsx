import { Outlet, useLocation } from '../../shared/router';
import { CheckoutBar, CheckoutProgress, type CheckoutStepLink } from './checkout-bar';
import './checkout.css';
import { safeTarget } from '../../shared/customer.queries';
import { CheckoutFlowProvider } from './flow-context';
import { checkoutPaths, ONE_OFF_FLOW, SUBSCRIPTION_FLOW, type CheckoutFlow } from './flows';

// The checkout's frame: the checkout bar, where the customer is in the flow, and the step.

function stepOf(flow: CheckoutFlow, pathname: string): CheckoutStepLink['key'] | null {
  const paths = checkoutPaths(flow);
  if ([paths.continue, paths.signup, paths.login].includes(pathname)) return 'account';
  if (pathname === paths.address || pathname === paths.billing) return 'address';
  if (pathname === paths.instructions) return 'delivery';
  if (pathname === paths.payment) return 'payment';
  return null;
}

/** Signing in for a gift (the one-off flow's gift-login steps): "back" returns to the gift. */
function giftBeingSent(search: string): string | null {
  const target = safeTarget(new URLSearchParams(search).get('returnTo'));
  const match = target ? /^\/gift-boxes\/([^/?#]+)/.exec(target) : null;
  return match ? `/gift-boxes/${match[1]}` : null;
}

/**
 * Any checkout's frame (the recipe-kit ones here, takeaway and catering in pages/takeaway): `steps` names
 * the progress's steps when a flow calls them otherwise.
 */
export function CheckoutLayout({ flow, steps }: { flow: CheckoutFlow; steps?: readonly CheckoutStepLink[] }) {
  const { pathname, search } = useLocation();
  const step = stepOf(flow, pathname);
  const gift = flow.kind === 'one-off' ? giftBeingSent(search) : null;
  return (
    <CheckoutFlowProvider value={flow}>
      <CheckoutBar
        backTo={gift ?? flow.menu}
        backLabel={
          gift
            ? 'Back to your gift'
            : flow.kind === 'one-off'
              ? 'Back to the one-off menu'
              : 'Back to the menu'
        }
      />
      <div className="checkout-page">
        <CheckoutProgress current={step} steps={steps} />
        <Outlet />
      </div>
    </CheckoutFlowProvider>
  );
}

export function SubscriptionCheckoutLayout() {
  return <CheckoutLayout flow={SUBSCRIPTION_FLOW} />;
}

export function OneOffCheckoutLayout() {
  return <CheckoutLayout flow={ONE_OFF_FLOW} />;
}
