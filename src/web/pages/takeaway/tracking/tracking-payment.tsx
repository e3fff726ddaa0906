import { lazy, Suspense } from 'react';
import { Link } from '../../../shared/router';
import type { TakeawayOrder } from '../../../../contracts/takeaway';
import { awaitsPayment } from '../../../features/takeaway/tracking/tracking';

// The tracking page's word on an order not paid yet (issue 19): a payment being confirmed with the processor
// is followed until it ends (for the order's own customer), else the way to pay; anyone else with the link
// is told only that the kitchen has not started it.

/** How the order's payment is going (payment code, so loaded only when there is a payment to follow). */
const PaymentOutcome = lazy(async () => ({
  default: (await import('../../../features/payments/payment-outcome')).PaymentOutcome,
}));

export function TrackingPayNotice({
  state,
  owner,
  onSettled,
}: {
  state: string;
  /** The order as its own signed-in customer sees it, or null on a shared link. */
  owner: TakeawayOrder | null;
  onSettled: () => void;
}) {
  const notice = (
    <div className="notice notice--warning" role="status">
      <p>
        {state === 'created'
          ? 'This order isn’t paid yet, so the kitchen hasn’t started it.'
          : 'The payment didn’t go through, so the kitchen hasn’t started this order.'}
      </p>
      {owner && awaitsPayment(owner) ? (
        <Link to={`/payment/${owner.id}`} className="button button--primary button--small">
          Pay for your order
        </Link>
      ) : null}
    </div>
  );
  if (!owner || !awaitsPayment(owner)) return notice;
  return (
    <Suspense fallback={notice}>
      <PaymentOutcome orderId={owner.id} enabled onSettled={onSettled}>
        {notice}
      </PaymentOutcome>
    </Suspense>
  );
}
