// The checkout area's public face: placing a recipe-kit or one-off basket as orders, what paying them means
// (the recipe-kit order kind), and giving unpaid checkouts up.

export { CheckoutService, type CheckoutResult } from './checkout.service';
export {
  ABANDONED_FAILED_MS,
  ABANDONED_UNPAID_MS,
  cancelCheckout,
  releaseAbandonedCheckouts,
  withdrawCheckout,
} from './abandoned-checkouts';
export { recipeKitKind } from './recipe-kit-kind';
export { checkoutRoutes } from './checkout.routes';
