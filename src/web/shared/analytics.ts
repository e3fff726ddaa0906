// Analytics events go to window.dataLayer (Google Tag Manager's queue). Event names are stable; the
// tag manager decides where they go.

type DataLayerEvent = { event: string } & Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEvent[];
  }
}

function push(event: DataLayerEvent) {
  if (typeof window === 'undefined') return;
  window.dataLayer ??= [];
  window.dataLayer.push(event);
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
  customerType(type: 'new' | 'existing') {
    push({ event: 'customer_type', customer_type: type });
  },
};
