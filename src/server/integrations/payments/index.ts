import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createPaypalProcessor } from './paypal';
import type { PaymentProcessors } from './port';
import { createSandboxPaypal, createSandboxStripe } from './sandbox';
import { createStripeProcessor } from './stripe';

// Chooses the payment processors (architecture decision 8): PAYMENTS=sandbox (the default) gives the embedded
// processor for both names; PAYMENTS=live gives Stripe and PayPal through their official SDKs.

export interface PaymentProcessorsOptions {
  mode: 'sandbox' | 'live';
  db: Db;
  publicUrl: string;
  /**
   * The sandbox's clock, which ages its holds (7 days, as Stripe's); system time when not given. The
   * sandbox's pages must be given the same one (PaymentsSandboxRoutesOptions.sandboxClock).
   */
  clock?: Clock;
  stripeSecretKey?: string | null;
  /** Stripe's API; null is api.stripe.com. */
  stripeApiUrl?: string | null;
  paypalClientId?: string | null;
  paypalClientSecret?: string | null;
  paypalEnvironment?: 'sandbox' | 'production';
}

export function createPaymentProcessors(options: PaymentProcessorsOptions): PaymentProcessors {
  if (options.mode === 'sandbox') {
    return {
      stripe: createSandboxStripe(options.db, options.publicUrl, options.clock),
      paypal: createSandboxPaypal(options.db, options.publicUrl, options.clock),
    };
  }
  const { stripeSecretKey, paypalClientId, paypalClientSecret } = options;
  if (!stripeSecretKey || !paypalClientId || !paypalClientSecret) {
    throw new Error('Live payments need the Stripe secret key and the PayPal client id and secret');
  }
  return {
    stripe: createStripeProcessor({
      secretKey: stripeSecretKey,
      publicUrl: options.publicUrl,
      apiUrl: options.stripeApiUrl ?? null,
    }),
    paypal: createPaypalProcessor({
      clientId: paypalClientId,
      clientSecret: paypalClientSecret,
      environment: options.paypalEnvironment ?? 'production',
      publicUrl: options.publicUrl,
    }),
  };
}

/** The options for `createPaymentProcessors` from the validated configuration. */
export function paymentProcessorsOptions(config: Config, db: Db, clock?: Clock): PaymentProcessorsOptions {
  const { payments } = config;
  if (payments.mode === 'sandbox') {
    return { mode: 'sandbox', db, publicUrl: config.publicUrl, ...(clock ? { clock } : {}) };
  }
  return {
    mode: 'live',
    db,
    publicUrl: config.publicUrl,
    stripeSecretKey: payments.stripe.secretKey,
    stripeApiUrl: payments.stripe.apiUrl,
    paypalClientId: payments.paypal.clientId,
    paypalClientSecret: payments.paypal.clientSecret,
    paypalEnvironment: payments.paypal.environment,
  };
}
