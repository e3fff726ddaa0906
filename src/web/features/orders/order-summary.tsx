import type { Order } from '../../../contracts/orders';
import { isIsoDate, longDayLabel } from '../../../domain/calendar';
import { formatPence } from '../../../domain/money';
import { OrderLines } from './order-lines';
import './orders.css';

// An order as the customer reads it: when it comes, what is in it, and what it costs.

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

export function OrderTotals({ order }: { order: Order }) {
  return (
    <dl className="summary-totals">
      <div>
        <dt>{order.source === 'gift_box' ? 'Gift box' : 'Dishes'}</dt>
        <dd>{formatPence(order.subtotal)}</dd>
      </div>
      {order.discount > 0 ? (
        <div className="summary-totals__discount">
          <dt>Discount{order.voucherCode ? ` (${order.voucherCode})` : ''}</dt>
          <dd>−{formatPence(order.discount)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Delivery</dt>
        <dd>{order.shippingPrice === 0 ? 'Free' : formatPence(order.shippingPrice)}</dd>
      </div>
      <div className="summary-totals__total">
        <dt>Total</dt>
        <dd>{formatPence(order.total)}</dd>
      </div>
    </dl>
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

/** Each week's box: its day, who a gift is for, every dish on its own line, and what it costs. */
export function OrdersSummary({ orders, headingLevel = 3 }: { orders: Order[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
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
          <OrderTotals order={order} />
        </section>
      ))}
    </div>
  );
}
