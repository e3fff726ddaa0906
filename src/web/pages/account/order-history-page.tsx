import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '../../shared/router';
import { useBookingRows } from '../../features/events/booking-rows';
import { OrderList } from '../../features/orders/order-list';
import { orderQueries, PAST_PER_PAGE } from '../../features/orders/orders.queries';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';
import { LoadFailed } from '../../shared/ui/load-failed';

// "Past orders" (/account/order-history), 20 a page (spec §9).

export function OrderHistoryPage() {
  usePageMeta('Past orders');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const past = useQuery(orderQueries.list('past', page, PAST_PER_PAGE));
  const events = useBookingRows(past.data?.orders);
  const pages = past.data ? Math.max(1, Math.ceil(past.data.total / PAST_PER_PAGE)) : 1;
  const go = (next: number) => setParams(next === 1 ? {} : { page: String(next) });
  return (
    <section className="account-section" aria-labelledby="history-heading" aria-busy={past.isFetching}>
      <h2 id="history-heading">Past orders</h2>
      {past.isPending ? (
        <Spinner label="Loading your past orders" />
      ) : past.isError ? (
        <LoadFailed message="We were unable to process your request" onRetry={past.refetch} />
      ) : (
        <>
          <OrderList
            orders={past.data.orders}
            events={events}
            empty="Your delivered orders will show here."
          />
          {pages > 1 ? (
            <nav className="pager" aria-label="Past orders pages">
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={page <= 1}
                onClick={() => go(page - 1)}
              >
                Newer
              </button>
              <span>
                Page {page} of {pages}
              </span>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={page >= pages}
                onClick={() => go(page + 1)}
              >
                Older
              </button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
