import { safeTarget } from '../../shared/customer.queries';
import { paymentsApi } from './payments.queries';

// PayPal leaves the shop for its approval page and comes back to /paypal-setup-confirmation (saving an
// account) or /paypal-confirmation (paying an order). Where to go after is remembered for this tab.

const SETUP_RETURN_KEY = 'sfoglia:paypal-setup-return';

/** Saves a PayPal account: off to PayPal's approval page, back to `returnTo` once saved. */
export async function startPaypalSetup(returnTo: string): Promise<void> {
  const intent = await paymentsApi.setup('PaypalAccount', '/paypal-setup-confirmation');
  if (!intent.nextActionUrl) throw new Error('Request failed');
  sessionStorage.setItem(SETUP_RETURN_KEY, returnTo);
  window.location.assign(intent.nextActionUrl);
}

/** Where the PayPal setup started (and is to end); the account's payment methods otherwise. */
export function takePaypalSetupReturn(): string {
  const stored = sessionStorage.getItem(SETUP_RETURN_KEY);
  sessionStorage.removeItem(SETUP_RETURN_KEY);
  return safeTarget(stored) ?? '/account/payment-methods';
}
