// The recipe-kit area's public face (issue 20: it was `checkout/`): the recipe-kit and one-off order kinds'
// whole life: pricing a basket of meal weeks, placing it as orders (and the plan it starts), and what paying,
// withdrawing or cancelling them means (recipe-kit-kind.ts).

export { CheckoutService } from './checkout.service';
export { recipeKitKind } from './recipe-kit-kind';
export { checkoutRoutes } from './checkout.routes';
