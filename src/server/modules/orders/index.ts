// The orders area's public face (issue 10): orders, their lines and states, the checkouts that group them,
// their history and the emails about them. Other areas import only from here.

export { OrdersService } from './orders.service';
export { orderRoutes } from './orders.routes';
export { checkoutDocument, checkoutMeta, orderResources } from './order-documents';
export { checkoutLines, checkoutOrders, deleteCheckoutOrders } from './orders.repo';
export type { OrderRow } from './orders.repo';
export {
  lockCheckout,
  moveCheckout,
  moveCheckoutOrders,
  recordStateChange,
  type CheckoutRow,
  type Mover,
} from './state-changes';
export {
  placeOrders,
  previewOrders,
  type CheckoutDraft,
  type OrderDraft,
  type OrderLineDraft,
} from './place-orders';
export { queueGiftEmails, queueOrderConfirmation } from './order-emails';
export { moveOrder } from './move-order';
