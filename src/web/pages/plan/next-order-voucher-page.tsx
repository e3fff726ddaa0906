import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from '../../shared/router';
import type { Order } from '../../../contracts/orders';
import type { Subscription } from '../../../contracts/subscriptions';
import { deadlineLabel } from '../../../domain/calendar';
import { formatPence } from '../../../domain/money';
import { usePlanChanged } from '../../app/use-plan-changed';
import { voucherProblem } from '../../features/subscriptions/box-voucher-form';
import { useSelectedPlan } from '../../features/subscriptions/plan-selection';
import { dayLabel } from '../../features/subscriptions/plan-text';
import { subscriptionsApi } from '../../features/subscriptions/subscriptions.queries';
import { isRefusal } from '../../shared/api/client';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';

// /next-order-voucher?vc=CODE (spec §2; without vc it goes to /): the code from an email or an offer goes
// on the selected plan's next box (POST /orders/{id}/voucher), taken off when that box is charged.

type State =
  | { name: 'applying' }
  | { name: 'applied'; order: Order }
  | { name: 'failed'; message: string; refused: boolean };

function Apply({ plan, code }: { plan: Subscription; code: string }) {
  const onChanged = usePlanChanged();
  const box = plan.nextCharge;
  const [state, setState] = useState<State>({ name: 'applying' });
  const started = useRef(false);
  const apply = async (orderId: string) => {
    setState({ name: 'applying' });
    try {
      const order = await subscriptionsApi.orderVoucher(orderId, code);
      setState({ name: 'applied', order });
      void onChanged();
    } catch (error) {
      setState({ name: 'failed', message: voucherProblem(error), refused: isRefusal(error) });
    }
  };
  useEffect(() => {
    if (started.current || !box?.orderId) return;
    started.current = true;
    void apply(box.orderId);
    // Once, on arrival with the code: the link was the customer's tap.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [box?.orderId]);

  if (!box?.orderId) {
    return (
      <div className="notice notice--warning" role="alert">
        <p>
          {plan.state === 'active'
            ? `Your plan has no box to charge at the moment, so ${code} can’t go on one yet. Unskip a week, then open the link again.`
            : `Your plan is ${plan.stateLabel.toLowerCase()}, so there is no box to put ${code} on. Activate it, then open the link again.`}
        </p>
        <Link to="/account/upcoming-orders">Your pasta plan</Link>
      </div>
    );
  }
  if (state.name === 'applying') return <Spinner label={`Applying ${code} to your next box`} />;
  if (state.name === 'failed') {
    return (
      <LoadFailed
        message={`${code}: ${state.message}`}
        onRetry={state.refused ? undefined : () => apply(box.orderId!)}
      >
        <div className="button-row">
          {state.refused ? (
            <Link
              to={`/schedule/${box.scheduleWeekId}/choose-recipes`}
              className="button button--secondary button--small"
            >
              Change the box’s dishes
            </Link>
          ) : null}
          <Link to="/account/upcoming-orders" className="button button--secondary button--small">
            Your pasta plan
          </Link>
        </div>
      </LoadFailed>
    );
  }
  const { order } = state;
  return (
    <div className="notice" role="status">
      <p>
        <strong>{order.voucherCode ?? code} is on your next box</strong>
        {order.discount > 0 ? `: ${formatPence(order.discount)} off` : ''}. It arrives{' '}
        {dayLabel(order.deliveryDate)} and is charged {deadlineLabel(new Date(box.at))}:{' '}
        {formatPence(order.total)}.
      </p>
      <Link to={`/schedule/${box.scheduleWeekId}/edit`}>See the box</Link>
    </div>
  );
}

export function NextOrderVoucherPage() {
  usePageMeta('A code for your next box');
  const [params] = useSearchParams();
  const code = (params.get('vc') ?? '').trim().toUpperCase();
  const { query, plan } = useSelectedPlan();
  return (
    <div className="page page--narrow plan-page">
      <h1>A code for your next box</h1>
      {query.isPending ? (
        <Spinner label="Loading your pasta plan" />
      ) : query.isError ? (
        <LoadFailed message="We couldn’t load your pasta plan just now." onRetry={query.refetch} />
      ) : !plan ? (
        <div className="notice">
          <p>
            You don’t have a pasta plan yet, so there is no box to put {code} on. Use it at checkout when you
            order.
          </p>
          <Link to="/menu">See the menu</Link>
        </div>
      ) : (
        <Apply key={plan.id} plan={plan} code={code} />
      )}
    </div>
  );
}
