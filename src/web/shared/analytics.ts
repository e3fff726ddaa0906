// Analytics events go to window.dataLayer (Google Tag Manager's queue). Event names are stable; the
// tag manager decides where they go. Every event carries the visitor's A/B flag (`ab_flag`: each running
// experiment and its variant, "menu-banner-copy:b", or "none") and whether they are a new or an existing
// customer (`customer_type`, spec §3: a visitor or a customer with no paid order is new). Both are known
// from the page's first event: the server writes them into the page (features/experiments/follow-visitor.ts
// keeps them current); before that they are "none" and "new".

type DataLayerEvent = { event: string } & Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEvent[];
  }
}

export interface AnalyticsContext {
  ab_flag: string;
  customer_type: 'new' | 'existing';
}

let context: AnalyticsContext = { ab_flag: 'none', customer_type: 'new' };

/** What every event carries from now on. */
export function setAnalyticsContext(next: Partial<AnalyticsContext>): void {
  context = { ...context, ...next };
}

function push(event: DataLayerEvent) {
  if (typeof window === 'undefined') return;
  window.dataLayer ??= [];
  window.dataLayer.push({ ...event, ...context });
}

export const analytics = {
  pageView(path: string, title: string) {
    push({ event: 'page_view', page_path: path, page_title: title });
  },
  ctaClick(name: string, detail: Record<string, unknown> = {}) {
    push({ event: 'cta_click', cta_name: name, ...detail });
  },
  modalShown(name: string) {
    push({ event: 'modal_shown', modal_name: name });
  },
  addToBasket(item: { sku: string; title: string; price: number; quantity: number; week: string }) {
    push({ event: 'add_to_cart', ...item, currency: 'GBP' });
  },
  /** Spec §8: a failed call (anything but a 401) or a failure the customer was shown. */
  errorReported(message: string, detail: Record<string, unknown> = {}) {
    push({ event: 'error_reported', error_message: message, ...detail });
  },
  /** Spec §9: signup or login 2, delivery address 3, instructions 4, payment 5. */
  checkoutStep(step: 2 | 3 | 4 | 5, detail: Record<string, unknown> = {}) {
    push({ event: 'checkout_step', checkout_step: step, ...detail });
  },
  purchase(detail: { checkoutId: string; value: number; orders: number }) {
    push({ event: 'purchase', currency: 'GBP', ...detail });
  },
  /** An account made, by email or a provider's first sign-in (never a later sign-in). */
  signUp(method: 'email' | 'google' | 'facebook' | 'apple') {
    push({ event: 'sign_up', method });
  },
};
