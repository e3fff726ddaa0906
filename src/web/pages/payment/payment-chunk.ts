// The payment pages' one lazy chunk (/payment/{orderId}, /payment/success, the PayPal returns), styled
// like the checkout.

import '../../features/checkout/checkout.css';

export { PayAgainPage, payAgainLoader } from './pay-again-page';
export { PaymentSuccessPage } from './payment-success-page';
export { PaypalConfirmationPage } from './paypal-confirmation-page';
export { PaypalSetupConfirmationPage } from './paypal-setup-confirmation-page';
