import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatPence } from '../../../domain/money';
import { basketQueries } from '../../features/baskets/baskets.queries';
import { ONE_OFF_FLOW } from '../../features/checkout/flows';

// For a customer who did not mean to start a plan (issue 19 item 6): the same basket as a one-off box, one
// delivery and nothing more charged, through the one-off checkout (which makes the basket a one-off box, with
// its delivery fee, when its delivery step is saved).

export function OneOffInstead({
  basketId,
  updatedAt,
  disabled,
}: {
  basketId: string;
  updatedAt: string;
  disabled: boolean;
}) {
  const fee = useQuery(basketQueries.oneOffFee(basketId, updatedAt));
  const perBox = fee.data ? formatPence(fee.data.feePerOrder) : null;
  return (
    <div className="one-off-instead">
      <p>
        <strong>Just this once?</strong> Buy the same dishes as a one-off box instead: one delivery, no plan,
        nothing more charged
        {perBox ? `, with the one-off delivery fee of ${perBox}` : ', with the one-off delivery fee'}.
      </p>
      {disabled ? null : (
        <Link to={ONE_OFF_FLOW.base} className="button button--secondary button--small">
          Buy as a one-off box instead
        </Link>
      )}
    </div>
  );
}
