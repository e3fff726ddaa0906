import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { OrderLines } from '../features/orders/order-lines';
import { addressLines, longDate, OrderTotals } from '../features/orders/order-summary';
import { orderQueries } from '../features/orders/orders.queries';
import { isApiError } from '../shared/api/client';
import { Spinner } from '../shared/ui/spinner';
import { usePageMeta } from '../shared/use-page-meta';

// /order/{orderId} (login needed): one order, its state, its lines and where it goes.

export function OrderPage() {
  const { orderId = '' } = useParams();
  const detail = useQuery(orderQueries.detail(orderId));
  usePageMeta(detail.data ? `Order #${detail.data.order.number}` : 'Your order');
  if (detail.isPending) {
    return (
      <div className="page page--narrow">
        <Spinner label="Loading your order" />
      </div>
    );
  }
  if (detail.isError) {
    return (
      <div className="page page--narrow">
        <h1>Your order</h1>
        <p role="alert">
          {isApiError(detail.error, 'ORDER_NOT_FOUND', 'NOT_FOUND')
            ? 'We can’t find that order in your account.'
            : 'We were unable to process your request'}
        </p>
        <Link to="/account" className="button button--primary">
          Go to my account
        </Link>
      </div>
    );
  }
  const { order } = detail.data;
  return (
    <div className="page page--narrow order-page">
      <p>
        <Link to="/account">← Your account</Link>
      </p>
      <h1>Order #{order.number}</h1>
      <p className={`order-state ${order.failedPayment ? 'order-state--failed' : ''}`}>{order.stateLabel}</p>
      {order.payable && order.failedPayment ? (
        <p>
          <Link to={`/payment/${order.id}`} className="button button--primary">
            Pay now
          </Link>
        </p>
      ) : null}
      <section className="checkout-card" aria-labelledby="order-delivery-heading">
        <h2 id="order-delivery-heading">Delivery</h2>
        <p>
          <strong>{longDate(order.deliveryDate)}</strong>
        </p>
        <address className="checkout-address">
          {addressLines(order.shippingAddress).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
        {order.deliveryNote ? <p className="field__hint">Note: {order.deliveryNote}</p> : null}
      </section>
      <section className="checkout-card" aria-labelledby="order-items-heading">
        <h2 id="order-items-heading">What’s in the box</h2>
        <OrderLines lines={order.lineItems} />
        <OrderTotals order={order} />
      </section>
    </div>
  );
}
