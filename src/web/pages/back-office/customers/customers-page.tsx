import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { PlanActionBody } from '../../../../contracts/back-office-orders';
import { formatPence } from '../../../../domain/money';
import { isApiError } from '../../../shared/api/client';
import { failureMessage } from '../../../shared/forms/use-form';
import { randomId } from '../../../shared/random-id';
import { Link } from '../../../shared/router';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Spinner } from '../../../shared/ui/spinner';
import { showToast } from '../../../shared/ui/toast';
import { usePageMeta } from '../../../shared/use-page-meta';
import { poundsToPence } from '../orders/money-input';
import { DAY, OrdersTable, WHEN } from '../orders/order-table';
import { staffOrderQueries } from '../orders/orders.queries';
import type { BackOfficeScreenProps } from '../screens';
import { staffCustomerApi, staffCustomerQueries, type StaffCustomerDetail } from './customers.queries';
import '../orders/orders.css';

// /back-office/customers (issue 25 part 4): find a customer by any part of their email or name, or a postcode
// in their address book; /back-office/customers/<id> is one customer: their plan and coming weeks (skip a
// week, pause or restart on their behalf), orders, store credit (add or take with a reason) and tickets.

function CustomerSearch() {
  usePageMeta('Customers');
  const [form, setForm] = useState({ q: '', postcode: '' });
  const [search, setSearch] = useState<{ q?: string; postcode?: string }>({});
  const found = useQuery(staffCustomerQueries.search(search));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch({
      ...(form.q.trim() ? { q: form.q.trim() } : {}),
      ...(form.postcode.trim() ? { postcode: form.postcode.trim() } : {}),
    });
  };
  const searched = Boolean(search.q || search.postcode);
  return (
    <section aria-labelledby="customers-heading">
      <h1 id="customers-heading">Customers</h1>
      <form className="back-office__form" role="search" onSubmit={submit}>
        <div className="back-office__fields">
          <div>
            <label htmlFor="customer-search-q">Email or name</label>
            <input
              id="customer-search-q"
              type="search"
              autoComplete="off"
              value={form.q}
              onChange={(e) => setForm({ ...form, q: e.target.value })}
            />
          </div>
          <div>
            <label htmlFor="customer-search-postcode">Postcode</label>
            <input
              id="customer-search-postcode"
              type="search"
              autoComplete="off"
              value={form.postcode}
              onChange={(e) => setForm({ ...form, postcode: e.target.value })}
            />
          </div>
        </div>
        <div className="button-row">
          <button type="submit" className="button button--primary">
            Search
          </button>
        </div>
      </form>
      {!searched ? (
        <p>Search by at least two letters of an email or name, or a postcode.</p>
      ) : found.isPending ? (
        <Spinner label="Finding customers" />
      ) : found.isError ? (
        <LoadFailed message="We couldn’t search the customers." onRetry={() => void found.refetch()} />
      ) : found.data.length === 0 ? (
        <p role="status">No customers match.</p>
      ) : (
        <div className="back-office__table-wrap" role="region" aria-label="Customers found" tabIndex={0}>
          <table className="back-office__table">
            <caption className="visually-hidden">Customers found</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Name</th>
                <th scope="col">Credit</th>
                <th scope="col">Joined</th>
              </tr>
            </thead>
            <tbody>
              {found.data.map((customer) => (
                <tr key={customer.id}>
                  <td>
                    <Link to={`/back-office/customers/${customer.id}`}>{customer.email}</Link>
                  </td>
                  <td>{customer.name || '—'}</td>
                  <td>{formatPence(customer.creditBalance)}</td>
                  <td>{DAY.format(new Date(customer.createdAt))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function useSave(customerId: string) {
  const queryClient = useQueryClient();
  return (after: StaffCustomerDetail) => {
    queryClient.setQueryData(staffCustomerQueries.detail(customerId).queryKey, after);
    void queryClient.invalidateQueries({ queryKey: staffCustomerQueries.all });
    void queryClient.invalidateQueries({ queryKey: staffOrderQueries.all });
  };
}

function CreditForm({ detail }: { detail: StaffCustomerDetail }) {
  const save = useSave(detail.id);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [key, setKey] = useState(randomId);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const pence = poundsToPence(amount, true);
    if (pence === null || pence === 0)
      return setProblem('Enter an amount in pounds: 5.00 adds, -5.00 takes.');
    if (pence < 0 && -pence > detail.credit.balance)
      return setProblem(`They have ${formatPence(detail.credit.balance)}: you can take at most that.`);
    if (reason.trim().length < 3) return setProblem('Say why (at least 3 characters).');
    setSending(true);
    try {
      save(await staffCustomerApi.adjustCredit(detail.id, { amount: pence, reason: reason.trim() }, key));
      showToast(
        pence > 0 ? `Added ${formatPence(pence)} of credit` : `Took ${formatPence(-pence)} of credit`,
      );
      setAmount('');
      setReason('');
      setKey(randomId());
    } catch (error) {
      setProblem(isApiError(error, 'CONFLICT') ? error.message : failureMessage(error));
      if (isApiError(error, 'CONFLICT')) setKey(randomId());
    } finally {
      setSending(false);
    }
  };
  return (
    <form
      className="back-office__form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="credit-adjust-heading"
    >
      <h3 id="credit-adjust-heading">Adjust credit</h3>
      {problem ? (
        <p role="alert" className="form-error">
          {problem}
        </p>
      ) : null}
      <label htmlFor="credit-amount">Amount (£): positive adds, negative takes</label>
      <input
        id="credit-amount"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <label htmlFor="credit-reason">Reason</label>
      <input
        id="credit-reason"
        type="text"
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Saving…' : 'Adjust credit'}
        </button>
      </div>
    </form>
  );
}

function PlanActions({ detail }: { detail: StaffCustomerDetail }) {
  const save = useSave(detail.id);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pauseWeeks, setPauseWeeks] = useState('2');
  const act = async (label: string, body: PlanActionBody) => {
    setBusy(label);
    setProblem(null);
    try {
      save(await staffCustomerApi.planAction(detail.id, body, randomId()));
      showToast(`${label}: done on the customer’s behalf`);
    } catch (error) {
      setProblem(failureMessage(error));
    } finally {
      setBusy(null);
    }
  };
  if (detail.plans.length === 0) return <p>No Pasta Plan.</p>;
  return (
    <>
      {problem ? (
        <p role="alert" className="form-error">
          {problem}
        </p>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {busy ? `${busy}…` : ''}
      </p>
      {detail.plans.map((plan) => (
        <div key={plan.id} className="back-office__panel">
          <p>
            <strong>{plan.name}</strong> · {plan.stateLabel}
            {plan.nextDelivery ? (
              <> · next delivery {DAY.format(new Date(`${plan.nextDelivery.deliveryDate}T12:00:00Z`))}</>
            ) : null}
          </p>
          <div className="back-office__actions">
            {plan.state === 'active' ? (
              <>
                <label htmlFor={`pause-weeks-${plan.id}`}>Pause for</label>
                <select
                  id={`pause-weeks-${plan.id}`}
                  value={pauseWeeks}
                  onChange={(e) => setPauseWeeks(e.target.value)}
                >
                  {[1, 2, 3, 4, 6, 8].map((n) => (
                    <option key={n} value={String(n)}>
                      {n} {n === 1 ? 'week' : 'weeks'}
                    </option>
                  ))}
                  <option value="">until restarted</option>
                </select>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy !== null}
                  onClick={() =>
                    void act('Paused', {
                      action: 'pause',
                      subscriptionId: plan.id,
                      weeks: pauseWeeks ? Number(pauseWeeks) : null,
                    })
                  }
                >
                  Pause plan
                </button>
              </>
            ) : plan.state !== 'cancelled' ? (
              <button
                type="button"
                className="button button--secondary"
                disabled={busy !== null}
                onClick={() => void act('Restarted', { action: 'resume', subscriptionId: plan.id })}
              >
                Restart plan
              </button>
            ) : null}
          </div>
        </div>
      ))}
      <h3>Coming weeks</h3>
      <ul className="back-office__list">
        {detail.weeks.map((week) => (
          <li key={week.id}>
            Week of {DAY.format(new Date(`${week.startDate}T12:00:00Z`))}: {week.state}
            {week.editable && week.state !== 'skipped' ? (
              <>
                {' '}
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy !== null}
                  onClick={() => void act('Week skipped', { action: 'skip_week', weekId: week.id })}
                >
                  Skip<span className="visually-hidden"> the week of {week.startDate}</span>
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

function CustomerDetail({ customerId }: { customerId: string }) {
  const detail = useQuery(staffCustomerQueries.detail(customerId));
  usePageMeta(detail.data ? detail.data.customer.email : 'Customer');
  if (detail.isPending) return <Spinner label="Loading the customer" />;
  if (detail.isError) {
    return (
      <section>
        <p>
          <Link to="/back-office/customers">← Customers</Link>
        </p>
        {isApiError(detail.error, 'CUSTOMER_NOT_FOUND', 'NOT_FOUND', 'VALIDATION_FAILED') ? (
          <p role="alert">There is no such customer.</p>
        ) : (
          <LoadFailed message="We couldn’t load the customer." onRetry={() => void detail.refetch()} />
        )}
      </section>
    );
  }
  const d = detail.data;
  return (
    <section aria-labelledby="customer-heading" className="back-office__detail">
      <p>
        <Link to="/back-office/customers">← Customers</Link>
      </p>
      <h1 id="customer-heading">{d.customer.name || d.customer.email}</h1>
      <p>
        {d.customer.email}
        {d.customer.emailConfirmed ? '' : ' (not confirmed)'}
        {d.customer.phone ? ` · ${d.customer.phone}` : ''} · joined{' '}
        {DAY.format(new Date(d.customer.createdAt))}
      </p>
      <div className="back-office__columns">
        <section aria-labelledby="plan-heading">
          <h2 id="plan-heading">Pasta Plan</h2>
          <PlanActions detail={d} />
        </section>
        <section aria-labelledby="credit-heading" className="back-office__panel">
          <h2 id="credit-heading">Store credit: {formatPence(d.credit.balance)}</h2>
          <CreditForm detail={d} />
          {d.credit.lots.length > 0 ? (
            <div className="back-office__table-wrap" role="region" aria-label="Credit lots" tabIndex={0}>
              <table className="back-office__table">
                <caption className="visually-hidden">Credit lots</caption>
                <thead>
                  <tr>
                    <th scope="col">From</th>
                    <th scope="col">Given</th>
                    <th scope="col">Left</th>
                    <th scope="col">Expires</th>
                  </tr>
                </thead>
                <tbody>
                  {d.credit.lots.map((lot) => (
                    <tr key={lot.id}>
                      <td>{lot.description ?? lot.source}</td>
                      <td>{formatPence(lot.amount)}</td>
                      <td>{formatPence(lot.remaining)}</td>
                      <td>{lot.expiresAt ? DAY.format(new Date(lot.expiresAt)) : 'Never'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </section>
      </div>
      <section aria-labelledby="customer-orders-heading">
        <h2 id="customer-orders-heading">Orders</h2>
        {d.orders.length === 0 ? <p>No orders.</p> : <OrdersTable orders={d.orders} caption="Their orders" />}
      </section>
      <section aria-labelledby="tickets-heading">
        <h2 id="tickets-heading">Support tickets</h2>
        {d.tickets.length === 0 ? (
          <p>No tickets.</p>
        ) : (
          <ul className="back-office__list">
            {d.tickets.map((ticket) => (
              <li key={ticket.id}>
                {ticket.reference}: {ticket.topic} · {ticket.state} ·{' '}
                {WHEN.format(new Date(ticket.updatedAt))}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

export function CustomersPage({ rest }: BackOfficeScreenProps) {
  return rest ? <CustomerDetail customerId={rest} /> : <CustomerSearch />;
}
