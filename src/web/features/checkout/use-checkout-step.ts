import { useEffect } from 'react';
import { analytics } from '../../shared/analytics';

/** Records the checkout step once per visit of a step (spec §9: signup or login 2, address 3, instructions 4, payment 5). */
export function useCheckoutStep(step: 2 | 3 | 4 | 5, flow: string) {
  useEffect(() => {
    analytics.checkoutStep(step, { checkout_flow: flow });
  }, [step, flow]);
}
