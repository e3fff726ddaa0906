// The payments area's public face: paying a checkout (cards, PayPal, credit), recovery, saved methods, and
// what ending an unpaid checkout needs from payments. What a paid checkout means is its order kind's (orders'
// OrderKinds registry); payments knows nothing of baskets, gifts, plans or takeaway.

export { PaymentsService } from './payments.service';
export { holdOf } from './holds';
export { checkoutPayments, failedPaymentsOf, lockPaymentsInFlight } from './payments-in-flight';
export {
  ownedPaymentMethod,
  PaymentMethodsService,
  type PaymentMethodUsers,
} from './payment-methods.service';
export type { PaymentRow } from './payment-state';
export { paymentMethodsOf } from './method-reads';
export { cardsOfCheckouts, cardsOfCustomer, type CardFacts } from './household-cards';
export { requestRefund } from './refunds';
export { cardRefundRoom, requestPartRefund } from './part-refunds';
export { refundRoomOf, staffPaymentsOf } from './staff-refunds';
export { paymentFailure } from './payment-view';
export { paymentRoutes } from './payments.routes';
