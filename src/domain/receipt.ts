import { formatPence, type Pence } from './money';

// How every receipt shows money (issue 19 item 4): the order confirmation pages and emails, a gift's, the
// order page, a takeaway's email and tracking page, and a plan's weekly box all list what the items cost, the
// discount, delivery (and a one-off box's fee), the total, the store credit used and what was charged to the
// card or PayPal, in the same words and order. The total is never the only figure when credit paid part.

export type ReceiptRowKind = 'item' | 'discount' | 'fee' | 'tip' | 'total' | 'credit' | 'charged' | 'others';

export interface ReceiptRow {
  label: string;
  /** Formatted: "£12.00", "−£5.00", "Free". */
  value: string;
  kind: ReceiptRowKind;
}

/** One order's money, as it was placed. */
export interface OrderMoney {
  /** What the lines are: "Dishes", "Gift box", "Food". */
  itemsLabel: string;
  /** The lines before any discount. */
  subtotal: Pence | number;
  discount: Pence | number;
  voucherCode: string | null;
  /** Its delivery charge, a one-off box's fee included; null when nothing is delivered (collected). */
  shippingPrice: Pence | number | null;
  /** The one-off box's fee within the delivery charge (0 for any other order). */
  oneOffFee: Pence | number;
  /** A tip the customer chose (dine-in): its own row, within the total (0 or absent: no row). */
  tip?: Pence | number;
  total: Pence | number;
}

/** What was paid for a checkout (one order, or several paid together). */
export interface PaymentMoney {
  /** What the orders came to. */
  total: Pence | number;
  creditUsed: Pence | number;
  /** Charged to the card or PayPal. */
  charged: Pence | number;
  /** "Visa ending 4242", "PayPal (ana@example.com)"; null when not known. */
  paidWith: string | null;
  /** How many orders the payment was for. */
  orders: number;
}

const minus = (amount: Pence | number) => `−${formatPence(amount)}`;

/** An order's rows: the items, the discount, delivery (free or not), a one-off box's fee, the total. */
export function orderReceiptRows(order: OrderMoney): ReceiptRow[] {
  const rows: ReceiptRow[] = [{ label: order.itemsLabel, value: formatPence(order.subtotal), kind: 'item' }];
  if (order.discount > 0) {
    rows.push({
      label: order.voucherCode ? `Discount (${order.voucherCode})` : 'Discount',
      value: minus(order.discount),
      kind: 'discount',
    });
  }
  if (order.shippingPrice !== null) {
    const delivery = order.shippingPrice - order.oneOffFee;
    rows.push({ label: 'Delivery', value: delivery === 0 ? 'Free' : formatPence(delivery), kind: 'fee' });
    if (order.oneOffFee > 0) {
      rows.push({ label: 'One-off box fee', value: formatPence(order.oneOffFee), kind: 'fee' });
    }
  }
  if (order.tip) rows.push({ label: 'Tip', value: formatPence(order.tip), kind: 'tip' });
  rows.push({ label: 'Total', value: formatPence(order.total), kind: 'total' });
  return rows;
}

/**
 * What paying took: the store credit used and what was charged, and how. `withTotal` starts with the total of
 * the orders paid together (when each order's own rows are shown above it).
 */
export function paymentReceiptRows(
  payment: PaymentMoney,
  { withTotal = false, totalLabel }: { withTotal?: boolean; totalLabel?: string } = {},
): ReceiptRow[] {
  const rows: ReceiptRow[] = [];
  if (withTotal) {
    rows.push({
      label: totalLabel ?? (payment.orders > 1 ? `Total for ${payment.orders} orders` : 'Total'),
      value: formatPence(payment.total),
      kind: 'total',
    });
  }
  if (payment.creditUsed > 0) {
    rows.push({ label: 'Store credit used', value: minus(payment.creditUsed), kind: 'credit' });
  }
  rows.push({
    label: `Charged to ${payment.paidWith ?? 'your card'}`,
    value: formatPence(payment.charged),
    kind: 'charged',
  });
  return rows;
}

/**
 * A receipt for orders paid together: each order's rows, and the payment's. One order takes the payment's rows
 * under its own; several get them once, after a total of them all. Unpaid orders (no payment yet) show only
 * their own rows.
 */
export function receipt(
  orders: readonly OrderMoney[],
  payment: Omit<PaymentMoney, 'orders' | 'total'> | null,
): { orders: ReceiptRow[][]; payment: ReceiptRow[] } {
  const own = orders.map(orderReceiptRows);
  if (!payment) return { orders: own, payment: [] };
  const paid: PaymentMoney = {
    ...payment,
    orders: orders.length,
    total: orders.reduce((sum, order) => sum + order.total, 0),
  };
  if (orders.length === 1) return { orders: [[...own[0]!, ...paymentReceiptRows(paid)]], payment: [] };
  return { orders: own, payment: paymentReceiptRows(paid, { withTotal: true }) };
}

/**
 * A takeaway's money: its food, delivery unless it is collected or eaten in (no delivery to charge), and a
 * table's tip.
 */
export function takeawayMoney(order: {
  subtotal: Pence | number;
  discount: Pence | number;
  shippingPrice: Pence | number;
  tip?: Pence | number;
  total: Pence | number;
  delivered: boolean;
}): OrderMoney {
  return {
    itemsLabel: 'Food',
    subtotal: order.subtotal,
    discount: order.discount,
    voucherCode: null,
    shippingPrice: order.delivered ? order.shippingPrice : null,
    oneOffFee: 0,
    tip: order.tip ?? 0,
    total: order.total,
  };
}

/** How a payment method is named on a receipt: "Visa ending 4242", "PayPal (ana@example.com)". */
export function paidWithLabel(method: {
  type: 'CreditCard' | 'PaypalAccount';
  brand: string | null;
  last4: string | null;
  email: string | null;
}): string {
  if (method.type === 'PaypalAccount') return method.email ? `PayPal (${method.email})` : 'PayPal';
  const brand = method.brand ? method.brand.charAt(0).toUpperCase() + method.brand.slice(1) : 'Card';
  return method.last4 ? `${brand} ending ${method.last4}` : brand;
}
