import { queryOptions } from '@tanstack/react-query';
import {
  paymentMethodModel,
  paymentModel,
  setupIntentAttributes,
  type Payment,
  type PaymentMethod,
  type SetupIntentView,
} from '../../../contracts/payments';
import * as z from 'zod/mini';
import { api, isApiError } from '../../shared/api/client';
import { readMany, readOne } from '../../shared/api/documents';
import { customerQueries } from '../../shared/customer.queries';

// Payments and saved payment methods (spec §7 Payments; §4 Payment cards). Cards are saved through the
// processor's card form (an iframe) and a setup intent (seti_…); PayPal through its approval page.

export const paymentQueries = {
  all: [...customerQueries.all, 'payment-methods'] as const,
  methods: () =>
    queryOptions({
      queryKey: [...paymentQueries.all, 'list'] as const,
      queryFn: async ({ signal }): Promise<PaymentMethod[]> =>
        readMany(await api('GET', '/payment_methods', { signal }), paymentMethodModel),
    }),
  details: (id: string) =>
    queryOptions({
      queryKey: [...customerQueries.all, 'payments', id] as const,
      queryFn: ({ signal }) => paymentsApi.details(id, signal),
    }),
  /** How paying an order went (its checkout's latest payment); asking settles one the processor owes. */
  ofOrder: (orderId: string) =>
    queryOptions({
      queryKey: [...customerQueries.all, 'payments', 'order', orderId] as const,
      queryFn: async ({ signal }): Promise<Payment> =>
        readOne(await api('GET', `/orders/${orderId}/payment`, { signal }), paymentModel),
    }),
};

const setupIntentModel = z.extend(setupIntentAttributes, { id: z.string() });

export type PaymentMethodType = PaymentMethod['type'];

export interface PayWith {
  /** A saved card or PayPal account; or none for PayPal at checkout (approve at PayPal) or credit only. */
  paymentMethodId?: string;
  paypal?: boolean;
  useCredit: boolean;
}

/** A decline the customer can act on (spec §8: hard declines are never retried with the same card). */
export interface Decline {
  message: string;
  declineCode: string | null;
  hardDecline: boolean;
}

/**
 * A decline, or a saved card the processor no longer has (PAYMENT_METHOD_UNAVAILABLE: not offered again,
 * as a hard decline is not).
 */
export function declineOf(error: unknown): Decline | null {
  if (!isApiError(error, 'PAYMENT_DECLINED', 'PAYMENT_METHOD_UNAVAILABLE')) return null;
  const meta = error.errors[0]?.meta ?? {};
  return {
    message: error.message,
    declineCode: typeof meta.declineCode === 'string' ? meta.declineCode : null,
    hardDecline: meta.hardDecline === true || error.code === 'PAYMENT_METHOD_UNAVAILABLE',
  };
}

/**
 * A payment being confirmed with the processor (it did not answer: PAYMENT_PROCESSOR_ERROR; or placing again
 * while it is: CONFLICT): the order it is for, to follow it on the order's page. Null for anything else.
 */
export function confirmingOrderOf(error: unknown): string | null {
  if (!isApiError(error, 'PAYMENT_PROCESSOR_ERROR', 'CONFLICT')) return null;
  const orderId = error.errors[0]?.meta?.orderId;
  return typeof orderId === 'string' && orderId !== '' ? orderId : null;
}

export const paymentsApi = {
  details: async (id: string, signal?: AbortSignal): Promise<Payment> =>
    readOne(await api('GET', `/payment_details/${id}`, { signal }), paymentModel),
  setup: async (type: PaymentMethodType, returnPath?: string): Promise<SetupIntentView> =>
    readOne(
      await api('POST', '/payment_methods/setup', {
        body: {
          type,
          paymentProcessorName: type === 'CreditCard' ? 'stripe' : 'paypal',
          ...(returnPath ? { returnPath } : {}),
        },
      }),
      setupIntentModel,
    ),
  /** `untilPaid`: a card typed to pay with now, kept only once that payment goes through (issue 19). */
  save: async (
    setupIntentId: string,
    type: PaymentMethodType,
    options: { untilPaid?: boolean } = {},
  ): Promise<PaymentMethod> =>
    readOne(
      await api('POST', '/payment_methods', {
        body: {
          setupIntentId,
          type,
          paymentProcessorName: type === 'CreditCard' ? 'stripe' : 'paypal',
          ...(options.untilPaid ? { untilPaid: true } : {}),
        },
      }),
      paymentMethodModel,
    ),
  remove: async (id: string): Promise<void> => {
    await api('DELETE', `/payment_methods/${id}`);
  },
  makeDefault: async (id: string): Promise<PaymentMethod> =>
    readOne(await api('POST', `/payment_methods/${id}/default`), paymentMethodModel),
  /** Pays a checkout (by one of its orders). A decline is an ApiError PAYMENT_DECLINED (see declineOf). */
  pay: async (orderId: string, how: PayWith, idempotencyKey: string): Promise<Payment> =>
    readOne(
      await api('POST', '/payments', {
        body: how.paypal
          ? {
              orderId,
              paymentMethodType: 'PaypalAccount',
              paymentProcessorName: 'paypal',
              useCredit: how.useCredit,
            }
          : {
              orderId,
              useCredit: how.useCredit,
              ...(how.paymentMethodId ? { paymentMethodId: how.paymentMethodId } : {}),
            },
        idempotencyKey,
      }),
      paymentModel,
    ),
};

/** "Visa ending 4242", "PayPal (ada@example.com)". */
export function describeMethod(method: Pick<PaymentMethod, 'type' | 'brand' | 'last4' | 'email'>): string {
  if (method.type === 'PaypalAccount') return method.email ? `PayPal (${method.email})` : 'PayPal';
  const brand = method.brand ? method.brand.charAt(0).toUpperCase() + method.brand.slice(1) : 'Card';
  return method.last4 ? `${brand} ending ${method.last4}` : brand;
}

export function expiryOf(method: Pick<PaymentMethod, 'expMonth' | 'expYear'>): string | null {
  if (!method.expMonth || !method.expYear) return null;
  return `${String(method.expMonth).padStart(2, '0')}/${String(method.expYear).slice(-2)}`;
}
