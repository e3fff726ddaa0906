import { useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/router';
import { useBookingRows } from '../../features/events/booking-rows';
import { OrderList } from '../../features/orders/order-list';
import { orderQueries, PAST_PREVIEW_PER_PAGE } from '../../features/orders/orders.queries';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';

// The account dashboard's orders: the upcoming ones, and the last few delivered (spec §9 page sizes).

const Failed = ({ onRetry }: { onRetry: () => void }) => (
  <LoadFailed message="We were unable to process your request" onRetry={onRetry} />
);

export function UpcomingOrdersSection() {
  const upcoming = useQuery(orderQueries.list('upcoming'));
  const events = useBookingRows(upcoming.data?.orders);
  return (
    <section className="account-section account-section--wide" aria-labelledby="upcoming-heading">
      <h2 id="upcoming-heading">Upcoming deliveries</h2>
      {upcoming.isPending ? (
        <Spinner label="Loading your orders" />
      ) : upcoming.isError ? (
        <Failed onRetry={() => void upcoming.refetch()} />
      ) : (
        <OrderList
          orders={upcoming.data.orders}
          events={events}
          empty="No deliveries on the way. Fancy some pasta?"
        />
      )}
    </section>
  );
}

export function RecentOrdersSection() {
  const past = useQuery(orderQueries.list('past', 1, PAST_PREVIEW_PER_PAGE));
  const events = useBookingRows(past.data?.orders);
  return (
    <section className="account-section account-section--wide" aria-labelledby="past-heading">
      <div className="account-section__header">
        <h2 id="past-heading">Past orders</h2>
        {past.data && past.data.total > 0 ? <Link to="/account/order-history">See all</Link> : null}
      </div>
      {past.isPending ? (
        <Spinner label="Loading your past orders" />
      ) : past.isError ? (
        <Failed onRetry={() => void past.refetch()} />
      ) : (
        <OrderList orders={past.data.orders} events={events} empty="Your delivered orders will show here." />
      )}
    </section>
  );
}
