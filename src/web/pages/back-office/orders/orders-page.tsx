import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Spinner } from '../../../shared/ui/spinner';
import { usePageMeta } from '../../../shared/use-page-meta';
import type { BackOfficeScreenProps } from '../screens';
import './orders.css';
import { OrderDetail } from './order-detail';
import { OrdersTable } from './order-table';
import { staffOrderQueries, type OrderSearch } from './orders.queries';

// /back-office/orders (issue 25 part 4): find an order by its number, the customer's email or name, the
// delivery postcode or a day (delivered or placed on it), newest first, 25 a page; /back-office/orders/<id>
// is one order (./order-detail.tsx).

function clean(form: Record<keyof Omit<OrderSearch, 'page'>, string>): OrderSearch {
  const search: OrderSearch = {};
  for (const [key, value] of Object.entries(form) as [keyof typeof form, string][]) {
    if (value.trim()) search[key] = value.trim();
  }
  return search;
}

function Results({ search, onPage }: { search: OrderSearch; onPage: (page: number) => void }) {
  const found = useQuery(staffOrderQueries.search(search));
  if (found.isPending) return <Spinner label="Finding orders" />;
  if (found.isError)
    return <LoadFailed message="We couldn’t search the orders." onRetry={() => void found.refetch()} />;
  const { orders, meta } = found.data;
  const page = meta.page;
  const pages = Math.max(1, Math.ceil(meta.total / meta.perPage));
  return (
    <section aria-labelledby="order-results-heading">
      <h2 id="order-results-heading" aria-live="polite">
        {meta.total === 1 ? '1 order' : `${meta.total} orders`}
      </h2>
      {orders.length === 0 ? (
        <p>No orders match. Check the number, or search by email or postcode.</p>
      ) : (
        <>
          <OrdersTable orders={orders} caption="Orders found, newest first" />
          <div className="button-row">
            {page > 1 ? (
              <button type="button" className="button button--secondary" onClick={() => onPage(page - 1)}>
                Newer
              </button>
            ) : null}
            <span className="back-office__muted">
              Page {page} of {pages}
            </span>
            {page < pages ? (
              <button type="button" className="button button--secondary" onClick={() => onPage(page + 1)}>
                Older
              </button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}

function OrderSearchScreen() {
  usePageMeta('Orders');
  const [form, setForm] = useState({ number: '', email: '', postcode: '', date: '' });
  const [search, setSearch] = useState<OrderSearch>({});
  const field = (key: keyof typeof form) => ({
    id: `order-search-${key}`,
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(clean(form));
  };
  return (
    <section aria-labelledby="orders-heading">
      <h1 id="orders-heading">Orders</h1>
      <form className="back-office__form back-office__search" role="search" onSubmit={submit}>
        <div className="back-office__fields">
          <div>
            <label htmlFor="order-search-number">Order number</label>
            <input type="search" inputMode="numeric" placeholder="100042" {...field('number')} />
          </div>
          <div>
            <label htmlFor="order-search-email">Customer email or name</label>
            <input type="search" autoComplete="off" {...field('email')} />
          </div>
          <div>
            <label htmlFor="order-search-postcode">Postcode</label>
            <input type="search" autoComplete="off" {...field('postcode')} />
          </div>
          <div>
            <label htmlFor="order-search-date">Delivered or placed on</label>
            <input type="date" {...field('date')} />
          </div>
        </div>
        <div className="button-row">
          <button type="submit" className="button button--primary">
            Search
          </button>
        </div>
      </form>
      <Results search={search} onPage={(page) => setSearch({ ...search, page })} />
    </section>
  );
}

export function OrdersPage({ rest }: BackOfficeScreenProps) {
  return rest ? <OrderDetail orderId={rest} /> : <OrderSearchScreen />;
}
