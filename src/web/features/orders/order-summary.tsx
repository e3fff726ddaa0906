import type { CheckoutMeta, CheckoutPaid, Order } from '../../../contracts/orders';
import { isIsoDate, longDayLabel } from '../../../domain/calendar';
import { orderReceiptRows, paymentReceiptRows, receipt, type OrderMoney } from '../../../domain/receipt';
import { ReceiptTotals } from '../../shared/ui/receipt-totals';
import { OrderLines } from './order-lines';
import './orders.css';

// An order as the customer reads it: when it comes, what is in it, and what it costs: its receipt, the same
// rows as every receipt (domain/receipt.ts), with the store credit used and what was charged once paid.

/** "Wednesday 25 November" (the shop's one date formatter, src/domain/calendar.ts). */
export function longDate(date: string): string {
  return isIsoDate(date) ? longDayLabel(date) : date;
}

export function dishCount(order: Pick<Order, 'lineItems'>): number {
  return order.lineItems.reduce((n, line) => n + line.quantity, 0);
}

export function addressLines(address: Order['shippingAddress']): string[] {
  return [
    [address.firstName, address.lastName].filter(Boolean).join(' '),
    address.address1,
    address.address2,
    [address.city, address.zip].filter(Boolean).join(', '),
  ].filter((line): line is string => !!line);
}

/** An order's money as receipts take it. */
export function orderMoney(order: Order): OrderMoney {
  return {
    itemsLabel:
      order.source === 'gift_box'
        ? 'Gift box'
        : order.source === 'event_booking'
          ? 'Seats and add-ons'
          : 'Dishes',
    subtotal: order.subtotal,
    discount: order.discount,
    voucherCode: order.voucherCode,
    // An event booking delivers nothing (issue 22): no delivery row.
    shippingPrice: order.source === 'event_booking' ? null : order.shippingPrice,
    oneOffFee: order.oneOffFee,
    tip: order.tip,
    total: order.total,
  };
}

/**
 * An order's totals; once its checkout is paid, the store credit used and what was charged. An order paid
 * together with others (a basket of several weeks) shows that payment as theirs together.
 */
export function OrderTotals({ order, checkout }: { order: Order; checkout?: CheckoutMeta | null }) {
  const paid = checkout?.paid ?? null;
  if (!paid || !checkout) return <ReceiptTotals rows={orderReceiptRows(orderMoney(order))} />;
  if (checkout.total === order.total) {
    return <ReceiptTotals rows={receipt([orderMoney(order)], paid).orders[0]!} />;
  }
  return (
    <>
      <ReceiptTotals rows={orderReceiptRows(orderMoney(order))} />
      <ReceiptTotals
        label="Paid together with your other boxes of this order"
        rows={paymentReceiptRows(
          { ...paid, total: checkout.total, orders: 2 },
          { withTotal: true, totalLabel: 'Paid together with your other boxes' },
        )}
      />
    </>
  );
}

const itemNoun = (order: Pick<Order, 'source'>, count: number) =>
  order.source === 'gift_box' ? (count === 1 ? 'gift box' : 'gift boxes') : count === 1 ? 'dish' : 'dishes';

/** Who a gift is for and the card's message. */
export function GiftNote({ gift }: { gift: NonNullable<Order['gift']> }) {
  return (
    <div className="order-gift">
      <p>
        A gift for <strong>{gift.recipientName}</strong>
      </p>
      {gift.message ? <p className="order-gift__message">“{gift.message}”</p> : null}
    </div>
  );
}

/**
 * Each week's box: its day, who a gift is for, every dish on its own line, and what it costs; once paid
 * (`paid`), the store credit used and what was charged, under the one order or after them all.
 */
export function OrdersSummary({
  orders,
  headingLevel = 3,
  paid = null,
}: {
  orders: Order[];
  headingLevel?: 2 | 3;
  paid?: CheckoutPaid | null;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const shown = receipt(orders.map(orderMoney), paid);
  return (
    <div className="orders-summary">
      {orders.map((order, index) => (
        <section key={order.id} className="order-box" aria-labelledby={`order-box-${order.id}`}>
          <Heading id={`order-box-${order.id}`} className="order-box__title">
            {orders.length > 1 ? `Box ${index + 1}: ` : ''}
            {longDate(order.deliveryDate)}
          </Heading>
          {order.gift ? <GiftNote gift={order.gift} /> : null}
          <OrderLines
            lines={order.lineItems}
            label={`${dishCount(order)} ${itemNoun(order, dishCount(order))} for ${longDate(order.deliveryDate)}`}
          />
          <ReceiptTotals rows={shown.orders[index]!} />
        </section>
      ))}
      {shown.payment.length > 0 ? (
        <section className="order-box" aria-label="What you paid">
          <ReceiptTotals rows={shown.payment} />
        </section>
      ) : null}
    </div>
  );
}
