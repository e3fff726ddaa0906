import { and, asc, eq, inArray } from 'drizzle-orm';
import { fullDateLabel, isIsoDate, londonDate, longDayLabel, shortDayLabel } from '../../../domain/calendar';
import type { OrderAddress } from '../../../domain/address';
import { formatPence } from '../../../domain/money';
import { orderReceiptRows, receipt, type OrderMoney, type ReceiptRow } from '../../../domain/receipt';
import type { DbOrTx } from '../../db/client';
import { orderLineItems, orders as ordersTable, type orders } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';
import { enqueueEmail } from '../../integrations/email';
import { findCustomerById } from '../customers';
import { voucherCodes } from '../vouchers';
import {
  giftConfirmation,
  giftOnItsWay,
  orderConfirmation,
  type EmailOrder,
  type EmailTotals,
} from '../../integrations/email/templates';
import { orderInvoice } from '../../integrations/email/plan-templates';
import { describePayment, type CheckoutPaid } from './checkout-payment';

// The emails about paid orders, queued in the transaction that records the payment by the order kind that
// was paid (payments/order-kinds.ts): the order confirmation, or a gift's two emails.

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLineItems.$inferSelect;

/** "Wednesday 25 November" (the shop's one date formatter). */
export const longDeliveryDate = (date: string) => (isIsoDate(date) ? longDayLabel(date) : date);

const addressText = (address: OrderAddress) =>
  [address.address1, address.address2, address.city, address.zip].filter(Boolean).join(', ');

/** An order's money as its receipts show it (domain/receipt.ts). */
export function orderMoneyOf(order: OrderRow, voucherCode: string | null): OrderMoney {
  return {
    itemsLabel:
      order.source === 'gift_box'
        ? 'Gift box'
        : order.source === 'takeaway' || order.source === 'catering'
          ? 'Food'
          : 'Dishes',
    subtotal: order.subtotal,
    discount: order.totalDiscounts,
    voucherCode,
    shippingPrice: order.shippingPrice,
    oneOffFee: order.oneOffFee,
    tip: order.tip,
    total: order.total,
  };
}

/** Receipt rows as an email's table takes them. */
export const emailTotals = (rows: readonly ReceiptRow[]): EmailTotals =>
  rows.map(({ label, value, kind }) => [label, value, kind]);

function emailOrder(
  order: OrderRow,
  lines: LineRow[],
  voucherCode: string | null,
  totals: readonly ReceiptRow[] = orderReceiptRows(orderMoneyOf(order, voucherCode)),
): EmailOrder {
  return {
    number: order.number,
    deliveryDate: longDeliveryDate(order.deliveryDate),
    address: addressText(order.shippingAddress),
    lines: lines.map((line) => ({
      quantity: line.quantity,
      title: line.title,
      portion: line.variantTitle && line.variantTitle !== 'Default Title' ? line.variantTitle : null,
      unitPrice: formatPence(line.price),
      total: line.total === 0 && line.price > 0 ? 'Free' : formatPence(line.total),
    })),
    totals: emailTotals(totals),
  };
}

interface PaidOrders {
  customerId: string;
  paidOrders: OrderRow[];
  /** The payment that paid them: what was charged to the card or PayPal, and the store credit spent. */
  payment: Parameters<typeof describePayment>[1];
  publicUrl: string;
  /** A checkout that started a plan: what it charges when and how to stop it, and where to manage it. */
  plan?: { paragraphs: string[]; link: string };
}

/**
 * What both emails need: the customer, each order as an email shows it, and what was paid (in a single
 * order's totals, or after several: domain `receipt`).
 */
async function emailContext(tx: DbOrTx, { customerId, paidOrders, payment, publicUrl }: PaidOrders) {
  const customer = await findCustomerById(tx, customerId);
  if (!customer || paidOrders.length === 0) return null;
  const ids = paidOrders.map((order) => order.id);
  const lines = await tx
    .select()
    .from(orderLineItems)
    .where(inArray(orderLineItems.orderId, ids))
    .orderBy(asc(orderLineItems.position));
  const codes = await voucherCodes(
    tx,
    paidOrders.flatMap((order) => (order.voucherId ? [order.voucherId] : [])),
  );
  const orders = [...paidOrders].sort((a, b) => a.number - b.number);
  const codeOf = (order: OrderRow) => (order.voucherId ? (codes.get(order.voucherId) ?? null) : null);
  const shown = receipt(
    orders.map((order) => orderMoneyOf(order, codeOf(order))),
    await describePayment(tx, payment),
  );
  return {
    customer,
    lines,
    orders,
    toEmail: (order: OrderRow) =>
      emailOrder(
        order,
        lines.filter((line) => line.orderId === order.id),
        codeOf(order),
        shown.orders[orders.indexOf(order)],
      ),
    paid: emailTotals(shown.payment),
    link: `${publicUrl}/account`,
  };
}

/** The order confirmation: each box, every dish on its own line. */
export async function queueOrderConfirmation(tx: DbOrTx, paid: PaidOrders): Promise<void> {
  const context = await emailContext(tx, paid);
  if (!context) return;
  await enqueueEmail(
    tx,
    orderConfirmation({
      to: context.customer.email,
      firstName: context.customer.firstName,
      orders: context.orders.map(context.toEmail),
      paid: context.paid,
      link: context.link,
      ...(paid.plan ? { plan: paid.plan } : {}),
    }),
  );
}

/**
 * A gift (decision 0008: a checkout of its own, one order, one recipient): the buyer's gift confirmation
 * and, when the buyer gave the recipient's address, the recipient's "a gift is on its way" (never the price).
 */
export async function queueGiftEmails(tx: DbOrTx, paid: PaidOrders): Promise<void> {
  const context = await emailContext(tx, paid);
  if (!context) return;
  const { customer } = context;
  for (const order of context.orders) {
    const recipient = order.giftRecipient;
    if (!recipient) continue;
    await enqueueEmail(
      tx,
      giftConfirmation({
        to: customer.email,
        firstName: customer.firstName,
        recipientName: recipient.name,
        recipientTold: !!recipient.email,
        message: recipient.message,
        deliveryDay: isIsoDate(order.deliveryDate) ? shortDayLabel(order.deliveryDate) : order.deliveryDate,
        order: context.toEmail(order),
        link: context.link,
      }),
    );
    if (!recipient.email) continue;
    await enqueueEmail(
      tx,
      giftOnItsWay({
        to: recipient.email,
        recipientName: recipient.name,
        senderName: [customer.firstName, customer.lastName].filter(Boolean).join(' ') || 'A friend',
        box: context.lines.find((line) => line.orderId === order.id)?.title ?? 'a gift box',
        deliveryDate: longDeliveryDate(order.deliveryDate),
        message: recipient.message,
      }),
    );
  }
}

/** An order as emails show it (its dishes, totals, day and address), read inside the caller's transaction. */
export async function emailOrderOf(tx: DbOrTx, order: OrderRow): Promise<EmailOrder> {
  const lines = await tx
    .select()
    .from(orderLineItems)
    .where(eq(orderLineItems.orderId, order.id))
    .orderBy(asc(orderLineItems.position));
  const codes = await voucherCodes(tx, order.voucherId ? [order.voucherId] : []);
  return emailOrder(order, lines, order.voucherId ? (codes.get(order.voucherId) ?? null) : null);
}

/** Orders as emails show them, read with two statements for all of them (weekly billing's batches). */
export async function emailOrdersOf(tx: DbOrTx, list: readonly OrderRow[]): Promise<Map<string, EmailOrder>> {
  if (list.length === 0) return new Map();
  const lines = await tx
    .select()
    .from(orderLineItems)
    .where(
      inArray(
        orderLineItems.orderId,
        list.map((order) => order.id),
      ),
    )
    .orderBy(asc(orderLineItems.orderId), asc(orderLineItems.position));
  const codes = await voucherCodes(
    tx,
    list.flatMap((order) => (order.voucherId ? [order.voucherId] : [])),
  );
  return new Map(
    list.map((order) => [
      order.id,
      emailOrder(
        order,
        lines.filter((line) => line.orderId === order.id),
        order.voucherId ? (codes.get(order.voucherId) ?? null) : null,
      ),
    ]),
  );
}

const PAID_STATES: readonly string[] = [
  'paid',
  'submitted',
  'accepted',
  'packed',
  'shipped',
  'ready_for_pickup',
  'delivered',
];

/** Whether an order has an invoice: once it is paid (and not given back). */
export const hasInvoice = (state: string) => PAID_STATES.includes(state);

/** Queues an order's invoice to its customer (POST /orders/{id}/send_invoice); the caller checked it is paid. */
export async function queueInvoice(
  tx: DbOrTx,
  order: OrderRow,
  publicUrl: string,
): Promise<{ sentTo: string } | null> {
  const customer = await findCustomerById(tx, order.customerId);
  if (!customer) return null;
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.checkoutId, order.checkoutId), eq(payments.status, 'succeeded')));
  const paid = payment ? await describePayment(tx, payment) : null;
  const together = await tx
    .select({ number: ordersTable.number })
    .from(ordersTable)
    .where(eq(ordersTable.checkoutId, order.checkoutId))
    .orderBy(asc(ordersTable.number));
  const paidWith = paid ? paidWithText(paid) : '';
  const others = together.filter((row) => row.number !== order.number).map((row) => `#${row.number}`);
  const paidAt = payment?.updatedAt ?? order.updatedAt;
  await enqueueEmail(
    tx,
    orderInvoice({
      to: customer.email,
      firstName: customer.firstName,
      order: await emailOrderOf(tx, order),
      billedTo: addressText(order.billingAddress ?? order.shippingAddress),
      paidOn: fullDateLabel(londonDate(paidAt)),
      paidWith:
        (paidWith || 'Nothing to pay') +
        (others.length ? ` (paid together with order ${others.join(', ')})` : ''),
      link: `${publicUrl}/order/${order.id}`,
    }),
  );
  return { sentTo: customer.email };
}

/** "Visa ending 4242, £12.99; store credit, £10.00". */
function paidWithText(paid: CheckoutPaid): string {
  return [
    paid.charged > 0 ? `${paid.paidWith ?? 'card'}, ${formatPence(paid.charged)}` : null,
    paid.creditUsed > 0 ? `store credit, ${formatPence(paid.creditUsed)}` : null,
  ]
    .filter(Boolean)
    .join('; ');
}
