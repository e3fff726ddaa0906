import { Link } from 'react-router';
import type { Order } from '../../../contracts/orders';
import { formatPence } from '../../../domain/money';
import { dishCount, longDate } from './order-summary';
import './orders.css';

// A list of orders: when each comes, what state it is in (spec §4 labels), what is in it and what it cost.

export function OrderList({ orders, empty }: { orders: Order[]; empty: string }) {
  if (orders.length === 0) return <p>{empty}</p>;
  return (
    <ul className="order-list">
      {orders.map((order) => (
        <li key={order.id} className="order-row">
          <Link to={`/order/${order.id}`} className="order-row__link">
            <span className="order-row__date">{longDate(order.deliveryDate)}</span>
            <span className="order-row__meta">
              Order #{order.number} · {dishCount(order)} {dishCount(order) === 1 ? 'dish' : 'dishes'} ·{' '}
              {formatPence(order.total)}
            </span>
            <span className="order-row__dishes">{order.lineItems.map((line) => line.title).join(', ')}</span>
          </Link>
          <span className={`order-state ${order.failedPayment ? 'order-state--failed' : ''}`}>
            {order.stateLabel}
          </span>
          {order.payable && order.failedPayment ? (
            <Link to={`/payment/${order.id}`} className="button button--primary button--small">
              Pay now<span className="visually-hidden"> for order #{order.number}</span>
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
