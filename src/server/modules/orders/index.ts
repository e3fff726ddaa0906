// The orders area's public face (issue 10): orders, their lines and states, the checkouts that group them,
// their history and the emails about them. Other areas import only from here.

export { OrdersService, type PlanOwners } from './orders.service';
export { orderRoutes } from './orders.routes';
export { checkoutDocument, checkoutMeta, orderResources } from './order-documents';
export { checkoutLines, checkoutOrders, deleteCheckoutOrders } from './orders.repo';
export type { OrderRow } from './orders.repo';
export { lockCheckout, lockCheckouts, lockInOrder, type Held, type LockTarget } from './lock-order';
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
  placeOrders,
  previewOrders,
  rewriteOrder,
  type CheckoutDraft,
  type OrderDraft,
  type OrderLineDraft,
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
export {
  checkoutIdOfOrder,
  checkoutOrderRow,
  checkoutStateOf,
  customerOrderRow,
  firstOrderOf,
  lockOpenCheckoutOfBasket,
  lockOrder,
  lockOrderState,
  orderIdsOf,
  orderIsIn,
  orderLinesOf,
  orderOwnerOf,
  orderRowOf,
  orderRowsOf,
  orderNumbersOf,
  ordersOfCheckouts,
  orderStateOf,
  ordersWithVoucherCodes,
  paidOrdersDue,
  type OrderLineRow,
} from './order-reads';
export {
  orderCountsOfPlans,
  ordersOfPlans,
  planBoxCheckoutIds,
  planDishVariants,
  planOrders,
} from './plan-order-reads';
export { changeOrderDelivery, type DeliveryChanges } from './order-writes';
