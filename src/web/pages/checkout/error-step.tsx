import { Link } from '../../shared/router';
import { usePageMeta } from '../../shared/use-page-meta';
import { CheckoutFrame } from '../../features/checkout/checkout-frame';
import { useCheckoutFlow } from '../../features/checkout/flow-context';
import { checkoutPaths } from '../../features/checkout/flows';

// The checkout's error step (reachable only from the payment step: spec §2 Guards; §8 "Something went wrong!").

export function ErrorStep() {
  usePageMeta('Something went wrong');
  const flow = useCheckoutFlow();
  return (
    <CheckoutFrame title="Something went wrong!">
      <p role="alert">
        We couldn’t place your order, and you haven’t been charged. Your basket is kept: please try again in a
        moment.
      </p>
      <div className="button-row">
        <Link to={checkoutPaths(flow).instructions} className="button button--primary">
          Try again
        </Link>
        <Link to={flow.menu} className="button button--secondary">
          Back to the menu
        </Link>
      </div>
    </CheckoutFrame>
  );
}
