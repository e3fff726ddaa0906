import * as z from 'zod/mini';
import { penceSchema, uuidSchema } from './common';
import { resource } from './envelope';

// Payments and payment methods (spec §3 Payment method; §4 Payment cards; §7 Payments).

export const processorNameSchema = z.enum(['stripe', 'paypal']);
export const paymentMethodTypeSchema = z.enum(['CreditCard', 'PaypalAccount']);

export const paymentMethodAttributes = z.object({
  type: paymentMethodTypeSchema,
  paymentProcessorName: processorNameSchema,
  default: z.boolean(),
  brand: z.nullable(z.string()),
  last4: z.nullable(z.string()),
  expMonth: z.nullable(z.int()),
  expYear: z.nullable(z.int()),
  email: z.nullable(z.string()),
  /** Subscriptions charged to it. */
  subscriptionIds: z.array(z.string()),
  /**
   * Why it cannot be removed now (spec §4 Payment cards), so the account says so before asking "Yes,
   * remove"; null when it can be. The DELETE answers the same rule and words (PAYMENT_METHOD_IN_USE).
   */
  removal: z.nullable(z.object({ rule: z.enum(['active_plan', 'default_card']), message: z.string() })),
  createdAt: z.string(),
});
export const paymentMethodResource = resource('payment_methods', paymentMethodAttributes);
export const paymentMethodDocument = z.object({ data: paymentMethodResource });
export const paymentMethodListDocument = z.object({ data: z.array(paymentMethodResource) });
export const paymentMethodModel = z.extend(paymentMethodAttributes, { id: z.string() });
export type PaymentMethod = z.infer<typeof paymentMethodModel>;

export const setupIntentAttributes = z.object({
  paymentProcessorName: processorNameSchema,
  type: paymentMethodTypeSchema,
  status: z.string(),
  clientSecret: z.string(),
  /** PayPal approval (or a 3-D Secure check): where the browser goes next. */
  nextActionUrl: z.nullable(z.string()),
  /** The card form to show in an iframe (the sandbox's, standing in for the processor's hosted fields). */
  cardFormUrl: z.nullable(z.string()),
});
export const setupIntentDocument = z.object({ data: resource('setup_intents', setupIntentAttributes) });
export type SetupIntentView = z.infer<typeof setupIntentAttributes> & { id: string };

export const paymentAttributes = z.object({
  orderId: z.string(),
  checkoutId: z.string(),
  /** `held`: a tab's card is authorised for `amount`, captured when the tab closes (decision 28). */
  status: z.enum(['processing', 'requires_action', 'held', 'succeeded', 'failed', 'released', 'refunded']),
  paymentProcessorName: z.enum(['stripe', 'paypal', 'none']),
  /** Charged to the card or PayPal, in pence (a hold: the amount held, then what was captured). */
  amount: penceSchema,
  creditAmount: penceSchema,
  /** A 3-D Secure check or PayPal approval to finish it. */
  nextActionUrl: z.nullable(z.string()),
  declineCode: z.nullable(z.string()),
  /** Never retried with the same card (stolen, lost, fraudulent, blacklisted). */
  hardDecline: z.boolean(),
  message: z.nullable(z.string()),
  paymentMethod: z.nullable(
    z.object({
      id: z.string(),
      type: paymentMethodTypeSchema,
      brand: z.nullable(z.string()),
      last4: z.nullable(z.string()),
    }),
  ),
  createdAt: z.string(),
});
export const paymentDocument = z.object({ data: resource('payments', paymentAttributes) });
export const paymentModel = z.extend(paymentAttributes, { id: z.string() });
export type Payment = z.infer<typeof paymentModel>;

// Requests

export const setupPaymentMethodBody = z.strictObject({
  type: paymentMethodTypeSchema,
  paymentProcessorName: processorNameSchema,
  /** Where PayPal sends the browser back to (a path of the shop); default /paypal-setup-confirmation. */
  returnPath: z.optional(
    z.string().check(z.regex(/^\/(?![/\\])[^\s]{0,300}$/, 'must be a path inside the shop')),
  ),
});

export const createPaymentMethodBody = z.strictObject({
  setupIntentId: z.string().check(z.regex(/^seti_[\w]{6,100}$/, 'must be a setup intent id (seti_…)')),
  paymentProcessorName: processorNameSchema,
  type: paymentMethodTypeSchema,
  makeDefault: z.optional(z.boolean()),
  /**
   * A card typed at a checkout, to pay with at once: kept (and listed) only once a payment with it goes
   * through; a decline, a failed or abandoned 3-D Secure check leaves nothing saved (issue 19).
   */
  untilPaid: z.optional(z.boolean()),
});

export const paymentMethodParams = z.strictObject({ id: uuidSchema });

export const changeSubscriptionPaymentMethodBody = z.strictObject({
  subscriptionId: uuidSchema,
  paymentMethodId: uuidSchema,
});

export const createPaymentBody = z.strictObject({
  orderId: uuidSchema,
  paymentMethodId: z.optional(uuidSchema),
  /** PayPal without a saved account: approve at PayPal, then POST /orders/confirm. */
  paymentMethodType: z.optional(paymentMethodTypeSchema),
  paymentProcessorName: z.optional(processorNameSchema),
  /** Spend store credit first (default true). */
  useCredit: z.optional(z.boolean()),
});

export const paymentParams = z.strictObject({ id: uuidSchema });
