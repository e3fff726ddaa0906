import { Link } from '../../shared/router';
import type { Order } from '../../../contracts/orders';
import { formatPence } from '../../../domain/money';
import { dishCount, longDate } from './order-summary';
import './orders.css';

// A list of orders: when each comes, what state it is in (spec §4 labels), what is in it and what it cost.
// An event booking (issue 22) reads as the event, not a delivery: "Fresh pasta class · Sat 12 Dec, 19:00 ·
// 3 guests", from the booking as it is now when the page hands it in (`events`), else from the order's lines.

/** An event booking as a list names it: its event, when, and how many guests now. */
export interface EventRow {
  title: string;
  when: string;
  guests: number;
}

/** From the order's own lines: seat lines name "Title, date at time"; add-ons are not seats. */
function eventRowOf(order: Order): EventRow {
  const seats = order.lineItems.filter((line) => !line.isAddon);
  const sitting = seats[0]?.variantTitle ?? '';
  const cut = sitting.lastIndexOf(', ');
  return {
    title: cut > 0 ? sitting.slice(0, cut) : sitting || 'Event booking',
    when: cut > 0 ? sitting.slice(cut + 2) : longDate(order.deliveryDate),
    guests: seats.reduce((sum, line) => sum + line.quantity, 0),
  };
}

export function OrderList({
  orders,
  empty,
  events,
}: {
  orders: Order[];
  empty: string;
  /** Event bookings as they are now, by their order's id (more guests since, another date). */
  events?: ReadonlyMap<string, EventRow>;
}) {
  if (orders.length === 0) return <p>{empty}</p>;
  return (
    <ul className="order-list">
      {orders.map((order) => (
        <li key={order.id} className="order-row">
          {order.source === 'event_booking' ? (
            <EventLink order={order} row={events?.get(order.id) ?? eventRowOf(order)} />
          ) : (
            <Link to={`/order/${order.id}`} className="order-row__link">
              <span className="order-row__date">{longDate(order.deliveryDate)}</span>
              <span className="order-row__meta">
                Order #{order.number} · {dishCount(order)} {dishCount(order) === 1 ? 'dish' : 'dishes'} ·{' '}
                {formatPence(order.total)}
              </span>
              <span className="order-row__dishes">
                {order.lineItems.map((line) => line.title).join(', ')}
              </span>
            </Link>
          )}
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

function EventLink({ order, row }: { order: Order; row: EventRow }) {
  return (
    <Link to={`/order/${order.id}`} className="order-row__link">
      <span className="order-row__date">{row.title}</span>
      <span className="order-row__event">
        {row.when} · {row.guests} {row.guests === 1 ? 'guest' : 'guests'}
      </span>
      <span className="order-row__meta">
        Booking #{order.number} · {formatPence(order.total)}
      </span>
    </Link>
  );
}
