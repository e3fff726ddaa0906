// The orders area's public face (issue 10): orders, their lines and states, the checkouts that group them,
// their history and the emails about them. Other areas import only from here.

export { OrdersService, type OrderExtras, type PlanOwners } from './orders.service';
export { orderRoutes } from './orders.routes';
export { checkoutDocument, checkoutMeta, orderResources, type CheckoutResult } from './order-documents';
export { checkoutLines, checkoutOrders } from './orders.repo';
export type { OrderRow } from './orders.repo';
export { lockCheckout, lockCheckouts, lockInOrder } from './lock-order';
export {
  moveCheckout,
  moveCheckoutOrders,
  moveOrder,
  moveOrdersOfCheckouts,
  payCheckouts,
  recordStateChange,
  recordStateChanges,
  type CheckoutRow,
  type Mover,
} from './state-changes';
export {
  addOrders,
  placeOrders,
  previewOrders,
  rewriteOrder,
  type OrderDraft,
  type OrderRewrite,
} from './place-orders';
export {
  emailOrderOf,
  emailOrdersOf,
  emailTotals,
  queueGiftEmails,
  queueOrderConfirmation,
} from './order-emails';
export { checkoutPaid, describePayment, describePayments, type CheckoutPaid } from './checkout-payment';
export { moveOrderAlong } from './move-order';
export { OrderKinds, type OrderKind, type PaidCheckout, type PayingAnswer } from './order-kinds';
export {
  ABANDONED_FAILED_MS,
  ABANDONED_UNPAID_MS,
  CheckoutEndings,
  type CheckoutPayments,
} from './checkout-endings';
export {
  checkoutIdOfOrder,
  checkoutOf,
  checkoutOrderRow,
  checkoutStateOf,
  checkoutTotalExcept,
  customerOrderRow,
  customerOrderSummaries,
  deliveredAtOf,
  deliveredOrdersSince,
  firstLineOf,
  firstOrderOf,
  lockOpenCheckoutOfBasket,
  lockOpenCheckoutsOf,
  lockOrder,
  lockOrderState,
  orderIdsOf,
  orderIsIn,
  orderLineRowOf,
  orderLinesOf,
  orderOwnerOf,
  orderRowOf,
  orderRowsOf,
  orderNumbersOf,
  ordersOfCheckouts,
  orderStateOf,
  ordersWithVoucherCodes,
  paidOrdersDue,
} from './order-reads';
export {
  orderCountsOfPlans,
  ordersOfPlans,
  planBoxCheckoutIds,
  planDishVariants,
  planOrders,
} from './plan-order-reads';
export { changeOrderDelivery, setCheckoutTotal } from './order-writes';
export { boxDays, boxesForDeliveryDay } from './production-reads';
export {
  orderHistory,
  searchOrders,
  staffOrder,
  staffOrdersOfCustomer,
  type StaffOrderSummary,
} from './staff-reads';
export {
  checkoutsOfOrders,
  hasPaidCheckout,
  orderAddressLines,
  paidCheckoutsOf,
  paidOrderCountsOfPlans,
  type PaidCheckoutRecord,
} from './reward-reads';
