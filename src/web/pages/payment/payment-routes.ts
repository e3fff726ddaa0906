import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { paidConfirmation } from '../../app/paid-confirmation';
import { lazyPage } from '../../app/lazy-page';
import type * as PaymentChunkModule from './payment-chunk';

// The payment pages' routes: paying an order again, its success page and the PayPal returns. Screens are
// one lazy chunk; only this table is in the first bundle.

const never = () => false;

type PaymentChunk = typeof PaymentChunkModule;
const loadPayment = () => import('./payment-chunk');

/** /payment/success (login needed), /payment/{orderId} (a customer's or a guest's) and the PayPal returns. */
export function paymentRoutes(queryClient: QueryClient): { signedIn: RouteObject[]; open: RouteObject[] } {
  const page = (pick: (m: PaymentChunk) => Pick<RouteObject, 'Component' | 'loader'>) =>
    lazyPage(async () => pick(await loadPayment()));
  return {
    signedIn: [
      {
        path: 'payment/success',
        shouldRevalidate: never,
        loader: paidConfirmation(queryClient),
        lazy: page((m) => ({ Component: m.PaymentSuccessPage })),
      },
    ],
    open: [
      // Paying again, and a 3-D Secure check's return: a customer's, or a guest's at a table (decision 28).
      {
        path: 'payment/:orderId',
        lazy: page((m) => ({ Component: m.PayAgainPage, loader: m.payAgainLoader(queryClient) })),
      },
      { path: 'paypal-confirmation', lazy: page((m) => ({ Component: m.PaypalConfirmationPage })) },
      {
        path: 'paypal-setup-confirmation',
        lazy: page((m) => ({ Component: m.PaypalSetupConfirmationPage })),
      },
    ],
  };
}
