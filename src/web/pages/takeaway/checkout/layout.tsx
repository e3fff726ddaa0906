import { CheckoutLayout } from '../../../features/checkout/checkout-layout';
import type { CheckoutStepLink } from '../../../features/checkout/checkout-bar';
import { useCheckoutFlow } from '../../../features/checkout/flow-context';
import { CATERING_FLOW, TAKEAWAY_FLOW, type TakeawayFlow } from '../../../features/takeaway/checkout/rules';

// Pasta Now's and catering's checkout frame: the recipe-kit checkout's (the checkout bar with the card logos,
// the progress), with the progress in takeaway's words (a collection has no delivery address).

const STEPS: readonly CheckoutStepLink[] = [
  { key: 'account', label: 'Account' },
  { key: 'address', label: 'Your details' },
  { key: 'delivery', label: 'When' },
  { key: 'payment', label: 'Payment' },
];

export function TakeawayCheckoutLayout() {
  return <CheckoutLayout flow={TAKEAWAY_FLOW} steps={STEPS} />;
}

export function CateringCheckoutLayout() {
  return <CheckoutLayout flow={CATERING_FLOW} steps={STEPS} />;
}

/** The flow the step is in (set by the layout). */
export function useTakeawayFlow(): TakeawayFlow {
  return useCheckoutFlow().kind === 'catering' ? CATERING_FLOW : TAKEAWAY_FLOW;
}
