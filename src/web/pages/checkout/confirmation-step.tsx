import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '../../shared/router';
import { PaidConfirmation, type PaidState } from '../../features/orders/paid-orders';
import { orderQueries } from '../../features/orders/orders.queries';
import { PlanTermsPanel, termsOfSubscription } from '../../features/subscriptions/plan-terms';
import { subscriptionQueries } from '../../features/subscriptions/subscriptions.queries';
import { customerQueries } from '../../shared/customer.queries';
import { usePageMeta } from '../../shared/use-page-meta';

// The checkout's confirmation (reached only from a payment page: spec §2 Guards). When the order started a
// plan, it says again that this is a weekly plan, its next charge, and how to skip, pause or cancel it
// online, with a way to cancel at once for whoever did not want a plan (issue 19 item 6).

function StartedPlan({ orderId }: { orderId: string }) {
  const order = useQuery({ ...orderQueries.detail(orderId), enabled: orderId !== '' });
  const subscriptionId =
    order.data?.order.source === 'recipe_kit' ? (order.data.order.subscriptionId ?? '') : '';
  const plan = useQuery({ ...subscriptionQueries.detail(subscriptionId), enabled: subscriptionId !== '' });
  if (!plan.data || plan.data.state !== 'active') return null;
  return (
    <PlanTermsPanel
      terms={termsOfSubscription(plan.data)}
      headingId="started-plan-heading"
      heading="Your weekly pasta plan has started"
    >
      <div className="button-row">
        <Link to="/account/upcoming-orders" className="button button--secondary button--small">
          Skip or choose your next boxes
        </Link>
        <Link to="/account/pasta-plan" className="button button--secondary button--small">
          Pause or change your plan
        </Link>
      </div>
      <p>
        Didn’t mean to start a plan? <Link to="/account/pasta-plan/cancel">Cancel it now</Link>: what you’ve
        just paid for still comes, and nothing more is charged.
      </p>
    </PlanTermsPanel>
  );
}

export function ConfirmationStep() {
  usePageMeta('Order confirmed');
  const location = useLocation();
  const { data: customer } = useQuery(customerQueries.me());
  const paid = (location.state as PaidState | null) ?? null;
  return (
    <PaidConfirmation
      className="checkout-step checkout-step--wide checkout-confirmation"
      title={`Grazie${customer?.firstName ? `, ${customer.firstName}` : ''}! Your order is confirmed`}
      intro={`We’ve emailed ${customer?.email ?? 'you'} a confirmation. You can follow your boxes in your account.`}
      next={{ to: '/menu', label: 'Back to the menu' }}
    >
      {paid?.orderIds[0] ? <StartedPlan orderId={paid.orderIds[0]} /> : null}
    </PaidConfirmation>
  );
}
