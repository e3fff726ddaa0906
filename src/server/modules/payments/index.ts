// The payments area's public face: paying a checkout (cards, PayPal, credit), recovery, saved methods, and the
// registry through which each order kind says what a paid checkout means. Payments knows nothing of baskets,
// gifts or plans.

export { PaymentsService, STUCK_CHARGE_MS, UNFINISHED_ACTION_MS } from './payments.service';
export {
  abandonPaymentsInFlight,
  failedPaymentsOf,
  lockPaymentsInFlight,
  paymentAttempts,
} from './payments-in-flight';
export {
  ownedPaymentMethod,
  PaymentMethodsService,
  type PaymentMethodUsers,
} from './payment-methods.service';
export { OrderKinds, type FailedCheckout, type OrderKind, type PaidCheckout } from './order-kinds';
export type { PaymentRow } from './payment-state';
export { paymentMethodsOf, type MethodSummary } from './method-reads';
export { requestRefund } from './refunds';
export { paymentFailure } from './payment-view';
export { paymentRoutes } from './payments.routes';
