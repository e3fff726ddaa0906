import { config } from '../../shared/config';

// Stripe.js for the live card step (decision 20): loaded from the configured URL (Stripe's, or the local
// double in tests), only when a live card form or wallet check asks for it, never bundled. The types are
// the small part of Stripe.js the shop uses, written here instead of adding @stripe/stripe-js.

export interface StripeError {
  type: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

export interface StripeIntent {
  id: string;
  status: string;
  client_secret: string;
}

export type SetupResult = { setupIntent: StripeIntent; error?: undefined } | { error: StripeError };

export interface StripeCardElement {
  mount(target: HTMLElement): void;
  on(event: 'ready', handler: () => void): StripeCardElement;
  on(event: 'change', handler: (event: { empty: boolean; complete: boolean }) => void): StripeCardElement;
  focus(): void;
  destroy(): void;
}

export interface StripeElements {
  create(type: 'card', options?: Record<string, unknown>): StripeCardElement;
}

export interface WalletPaymentMethodEvent {
  paymentMethod: { id: string };
  walletName: string;
  complete(status: 'success' | 'fail'): void;
}

export interface PaymentRequest {
  canMakePayment(): Promise<{ googlePay?: boolean; applePay?: boolean } | null>;
  on(event: 'paymentmethod', handler: (event: WalletPaymentMethodEvent) => void): void;
  on(event: 'cancel', handler: () => void): void;
  update(options: { total: { label: string; amount: number } }): void;
  show(): void;
}

export interface StripeJs {
  elements(options?: Record<string, unknown>): StripeElements;
  confirmCardSetup(
    clientSecret: string,
    data?: { payment_method: { card: StripeCardElement } | string },
    options?: { handleActions: boolean },
  ): Promise<SetupResult>;
  paymentRequest(options: {
    country: string;
    currency: string;
    total: { label: string; amount: number };
    requestPayerName?: boolean;
  }): PaymentRequest;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

let loading: Promise<StripeJs> | null = null;

/** Stripe.js, loaded once per page; a failure can be tried again. */
export function loadStripe(): Promise<StripeJs> {
  const { stripeJsUrl, stripePublishableKey } = config.payments;
  if (!stripeJsUrl || !stripePublishableKey) {
    return Promise.reject(new Error('Card payments are not set up.'));
  }
  loading ??= new Promise<StripeJs>((resolve, reject) => {
    const ready = () =>
      window.Stripe
        ? resolve(window.Stripe(stripePublishableKey))
        : reject(new Error('Stripe.js is missing.'));
    if (window.Stripe) return ready();
    const script = document.createElement('script');
    script.src = stripeJsUrl;
    script.async = true;
    script.onload = ready;
    script.onerror = () => {
      script.remove();
      reject(new Error('Stripe.js did not load.'));
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** What went wrong with a card, and what to do about it, for a customer (never the processor's jargon). */
export function cardErrorMessage(error: StripeError): string {
  switch (error.code) {
    case 'card_declined':
      if (error.decline_code === 'insufficient_funds') {
        return 'Your card has insufficient funds. Please try another card, or choose PayPal.';
      }
      return 'Your card was declined. Please try another card, or choose PayPal.';
    case 'expired_card':
      return 'Your card has expired. Please check the expiry date, or use another card.';
    case 'incorrect_cvc':
    case 'invalid_cvc':
      return 'The security code is wrong. Check the three digits on the back of your card (four on the front for Amex).';
    case 'incorrect_number':
    case 'invalid_number':
      return 'The card number isn’t right. Please check it and try again.';
    case 'invalid_expiry_month':
    case 'invalid_expiry_year':
      return 'The expiry date isn’t right. Please check it and try again.';
    case 'incomplete':
      return 'Enter your card number, expiry date and security code.';
    case 'payment_intent_authentication_failure':
    case 'setup_intent_authentication_failure':
      return 'Your bank couldn’t confirm it was you. Please try again, or use another card.';
    default:
      break;
  }
  if (error.type === 'api_connection_error') {
    return 'We couldn’t reach our payment processor. Check your connection and try again.';
  }
  if (error.type === 'validation_error') return 'Check your card details and try again.';
  return 'Your card couldn’t be saved. Please try again, or use another card.';
}
