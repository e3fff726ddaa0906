// The checkout's one lazy chunk: every step, both layouts and the guards load together on entering the
// checkout (the steps follow each other, and one chunk keeps the route table in the first bundle small).

export { checkoutGuards } from './checkout-guards';
export { OneOffCheckoutLayout, SubscriptionCheckoutLayout } from '../../features/checkout/checkout-layout';
export { ContinueStep, LoginStep, SignupStep } from '../../app/checkout-sign-in-steps';
export { AddressStep } from './address-step';
export { BillingStep } from './billing-step';
export { InstructionsStep } from './instructions-step';
export { PaymentStep } from './payment-step';
export { ConfirmationStep } from './confirmation-step';
export { ErrorStep } from './error-step';
export { ExistingPlanStep } from './existing-plan-step';
