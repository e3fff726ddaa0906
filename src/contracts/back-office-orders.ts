import * as z from 'zod/mini';
import { isoDateSchema, penceSchema, uuidSchema } from './common';
import { resource } from './envelope';
import { orderModel, orderRefundView } from './orders';
import { subscriptionModel, scheduleWeekAttributes } from './subscriptions';

// The back office's orders and customers (issue 25 part 4): finding an order by its number, its customer's
// email, its postcode or a day; an order's lines, payments, refunds, history and emails; refunds to the card
// or as store credit; a customer's plan, orders, credit and tickets; credit adjusted with a reason; a plan
// skipped, paused or restarted on the customer's behalf. Every call is a member of staff's (orders: read;
// refunds: money and plan actions).

const page = z.pipe(
  z.string().check(z.regex(/^\d{1,5}$/, 'must be a whole number')),
  z.transform((value) => Number(value)),
);

/** GET /back_office/orders: every criterion given must match; none lists the latest orders. */
export const staffOrderQuery = z.strictObject({
  /** The order number, with or without its "#". */
  number: z.optional(z.string().check(z.regex(/^#?\d{1,12}$/, 'must be an order number such as 100042'))),
  /** Any part of the customer's email or name. */
  email: z.optional(z.string().check(z.minLength(2), z.maxLength(254))),
  postcode: z.optional(z.string().check(z.minLength(2), z.maxLength(10))),
  /** Delivered on this day, or placed on it. */
  date: z.optional(isoDateSchema),
  page: z.optional(page),
  perPage: z.optional(page),
});
export type StaffOrderQuery = z.infer<typeof staffOrderQuery>;

export const staffOrderSummaryAttributes = z.object({
  number: z.int(),
  customerId: z.string(),
  customerEmail: z.string(),
  state: z.string(),
  stateLabel: z.string(),
  source: z.string(),
  deliveryDate: isoDateSchema,
  postcode: z.nullable(z.string()),
  recipient: z.string(),
  total: penceSchema,
  createdAt: z.string(),
});
export const staffOrderListDocument = z.object({
  data: z.array(resource('back_office_orders', staffOrderSummaryAttributes)),
  meta: z.object({ page: z.int(), perPage: z.int(), total: z.int() }),
});
export const staffOrderSummaryModel = z.extend(staffOrderSummaryAttributes, { id: z.string() });
export type StaffOrderSummaryView = z.infer<typeof staffOrderSummaryModel>;

export const partRefundView = z.object({
  id: z.string(),
  amount: penceSchema,
  state: z.enum(['owed', 'refunded']),
  processorId: z.nullable(z.string()),
  reason: z.string(),
  requestedAt: z.string(),
  refundedAt: z.nullable(z.string()),
});

export const staffPaymentView = z.object({
  id: z.string(),
  processor: z.enum(['stripe', 'paypal', 'none']),
  status: z.string(),
  charged: penceSchema,
  creditUsed: penceSchema,
  paidWith: z.nullable(z.string()),
  intentId: z.nullable(z.string()),
  declineCode: z.nullable(z.string()),
  failureMessage: z.nullable(z.string()),
  refundRequestedAt: z.nullable(z.string()),
  refundReason: z.nullable(z.string()),
  refunds: z.array(partRefundView),
  createdAt: z.string(),
});

export const staffOrderDetailAttributes = z.object({
  order: orderModel,
  customer: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  payments: z.array(staffPaymentView),
  refunds: z.array(z.extend(orderRefundView, { actorEmail: z.string() })),
  /** What can still be refunded: to the card at most `card`, in all at most `total`. */
  refundable: z.object({ total: penceSchema, card: penceSchema }),
  history: z.array(
    z.object({
      subject: z.string(),
      subjectId: z.string(),
      fromState: z.nullable(z.string()),
      toState: z.string(),
      actor: z.string(),
      reason: z.nullable(z.string()),
      at: z.string(),
    }),
  ),
  /** Emails to the customer naming the order (`matched`), else their latest. */
  emails: z.object({
    matched: z.boolean(),
    list: z.array(
      z.object({
        id: z.string(),
        subject: z.string(),
        template: z.string(),
        status: z.string(),
        createdAt: z.string(),
        sentAt: z.nullable(z.string()),
      }),
    ),
  }),
});
export const staffOrderDocument = z.object({
  data: resource('back_office_order_details', staffOrderDetailAttributes),
});
export const staffOrderDetailModel = z.extend(staffOrderDetailAttributes, { id: z.string() });
export type StaffOrderDetail = z.infer<typeof staffOrderDetailModel>;

export const staffIdParams = z.strictObject({ id: uuidSchema });

/** POST /back_office/orders/{id}/refunds. */
export const refundBody = z.strictObject({
  /** Pence, more than nothing. */
  amount: z.int().check(z.positive(), z.lte(100_000_000)),
  to: z.enum(['card', 'credit']),
  reason: z.string().check(z.trim(), z.minLength(3, 'Say why (at least 3 characters)'), z.maxLength(500)),
});
export type RefundBody = z.infer<typeof refundBody>;

/** GET /back_office/customers. */
export const staffCustomerQuery = z.strictObject({
  /** Any part of the email or name. */
  q: z.optional(z.string().check(z.minLength(2), z.maxLength(254))),
  postcode: z.optional(z.string().check(z.minLength(2), z.maxLength(10))),
});
export const staffCustomerAttributes = z.object({
  email: z.string(),
  name: z.string(),
  phone: z.nullable(z.string()),
  creditBalance: penceSchema,
  emailConfirmed: z.boolean(),
  createdAt: z.string(),
});
export const staffCustomerListDocument = z.object({
  data: z.array(resource('back_office_customers', staffCustomerAttributes)),
});
export const staffCustomerModel = z.extend(staffCustomerAttributes, { id: z.string() });
export type StaffCustomerView = z.infer<typeof staffCustomerModel>;

export const staffCustomerDetailAttributes = z.object({
  customer: staffCustomerModel,
  plans: z.array(subscriptionModel),
  /** The plans' coming weeks (skip one on the customer's behalf). */
  weeks: z.array(z.extend(scheduleWeekAttributes, { id: z.string() })),
  orders: z.array(staffOrderSummaryModel),
  credit: z.object({
    balance: penceSchema,
    lots: z.array(
      z.object({
        id: z.string(),
        source: z.string(),
        description: z.nullable(z.string()),
        amount: penceSchema,
        remaining: penceSchema,
        expiresAt: z.nullable(z.string()),
        createdAt: z.string(),
      }),
    ),
    transactions: z.array(
      z.object({
        id: z.string(),
        amount: penceSchema,
        balance: penceSchema,
        reason: z.string(),
        description: z.nullable(z.string()),
        createdAt: z.string(),
      }),
    ),
  }),
  tickets: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      topic: z.string(),
      state: z.string(),
      orderId: z.nullable(z.string()),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
});
export const staffCustomerDocument = z.object({
  data: resource('back_office_customer_details', staffCustomerDetailAttributes),
});
export const staffCustomerDetailModel = z.extend(staffCustomerDetailAttributes, { id: z.string() });
export type StaffCustomerDetail = z.infer<typeof staffCustomerDetailModel>;

/** POST /back_office/customers/{id}/credit: add (positive) or take (negative) pence, with a reason. */
export const creditAdjustBody = z.strictObject({
  amount: z.int().check(
    z.gte(-100_000_000),
    z.lte(100_000_000),
    z.refine((value) => value !== 0, 'must not be zero'),
  ),
  reason: z.string().check(z.trim(), z.minLength(3, 'Say why (at least 3 characters)'), z.maxLength(500)),
});
export type CreditAdjustBody = z.infer<typeof creditAdjustBody>;

/** POST /back_office/customers/{id}/plan_actions: on the customer's behalf. */
export const planActionBody = z.union([
  z.strictObject({ action: z.literal('skip_week'), weekId: uuidSchema }),
  z.strictObject({
    action: z.literal('pause'),
    subscriptionId: uuidSchema,
    /** 1–8 weeks, or null until restarted. */
    weeks: z.nullable(z.int().check(z.gte(1), z.lte(8))),
  }),
  z.strictObject({ action: z.literal('resume'), subscriptionId: uuidSchema }),
]);
export type PlanActionBody = z.infer<typeof planActionBody>;
