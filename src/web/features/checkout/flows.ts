// The two recipe-kit checkouts (spec §2): /checkout starts a pasta plan; /one-off/checkout buys a box once,
// with its sign-in steps under /one-off. Both run the same steps and guards.

export interface CheckoutFlow {
  /**
   * takeaway and catering: Pasta Now's checkouts (pages/takeaway); dine-in: a table's (pages/dine-in);
   * events: a booking's (pages/events). They share the sign-in steps and frame.
   */
  kind: 'subscription' | 'one-off' | 'takeaway' | 'catering' | 'dine-in' | 'events';
  /** Where the delivery, payment and confirmation steps live. */
  base: string;
  /** Where the continue, signup and login steps live. */
  signInBase: string;
  /** Where "back" leads from the checkout. */
  menu: string;
}

export const SUBSCRIPTION_FLOW: CheckoutFlow = {
  kind: 'subscription',
  base: '/checkout',
  signInBase: '/checkout',
  menu: '/menu',
};

export const ONE_OFF_FLOW: CheckoutFlow = {
  kind: 'one-off',
  base: '/one-off/checkout',
  signInBase: '/one-off',
  menu: '/one-off/menu',
};

export function checkoutPaths(flow: CheckoutFlow) {
  return {
    start: flow.base,
    continue: `${flow.signInBase}/continue`,
    signup: `${flow.signInBase}/signup`,
    login: `${flow.signInBase}/login`,
    address: `${flow.base}/delivery/address`,
    billing: `${flow.base}/billingaddresses`,
    instructions: `${flow.base}/delivery/instructions`,
    payment: `${flow.base}/payment`,
    confirmation: `${flow.base}/confirmation`,
    error: `${flow.base}/error`,
    /** A customer with a live plan: what the basket's dishes are for (the plan checkout only). */
    existingPlan: `${flow.base}/existing-plan`,
  };
}

/** The pages a payment is made on: confirmation pages are reachable only from these (spec §2 Guards). */
export function isPaymentPage(path: string | null): boolean {
  if (!path) return false;
  return (
    path === SUBSCRIPTION_FLOW.base + '/payment' ||
    path === ONE_OFF_FLOW.base + '/payment' ||
    /^\/payment\/(?!success$)[^/]+$/.test(path) ||
    /^\/gift-boxes\/[^/]+\/send$/.test(path) ||
    path === '/paypal-confirmation'
  );
}
