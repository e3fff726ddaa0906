import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatPence } from '../../../../domain/money';
import { isApiError } from '../../../shared/api/client';
import { failureMessage } from '../../../shared/forms/use-form';
import { randomId } from '../../../shared/random-id';
import { Link } from '../../../shared/router';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Spinner } from '../../../shared/ui/spinner';
import { showToast } from '../../../shared/ui/toast';
import { usePageMeta } from '../../../shared/use-page-meta';
import { penceToPounds, poundsToPence } from './money-input';
import { staffOrderApi, staffOrderQueries, type StaffOrderDetail } from './orders.queries';
import { DAY, WHEN } from './order-table';

// /back-office/orders/<id> (issue 25 part 4): an order's lines and totals, its payments and their refunds,
// what happened to it and the emails about it, and a refund: to the card or as store credit, the amount
// starting at what is left, checked, then confirmed before it is made. The server decides again.

interface Asked {
  amount: number;
  to: 'card' | 'credit';
  reason: string;
  key: string;
}

function RefundForm({ detail }: { detail: StaffOrderDetail }) {
  const queryClient = useQueryClient();
  const { refundable } = detail;
  const number = detail.order.number;
  const [to, setTo] = useState<'card' | 'credit'>(refundable.card > 0 ? 'card' : 'credit');
  const [amount, setAmount] = useState(penceToPounds(refundable.total));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [asked, setAsked] = useState<Asked | null>(null);
  const [sending, setSending] = useState(false);

  if (refundable.total === 0) {
    return (
      <section className="back-office__panel" aria-labelledby="refund-heading">
        <h2 id="refund-heading">Refund</h2>
        <p>Nothing is left to refund on this order.</p>
      </section>
    );
  }

  const check = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const pence = poundsToPence(amount);
    if (pence === null || pence <= 0) return setProblem('Enter an amount in pounds, such as 12.50.');
    if (pence > refundable.total)
      return setProblem(`That is more than is left to refund: at most ${formatPence(refundable.total)}.`);
    if (reason.trim().length < 3) return setProblem('Say why you are refunding (at least 3 characters).');
    setAsked({ amount: pence, to, reason: reason.trim(), key: randomId() });
  };

  const confirm = async () => {
    if (!asked) return;
    setSending(true);
    setProblem(null);
    try {
      const after = await staffOrderApi.refund(
        detail.id,
        { amount: asked.amount, to: asked.to, reason: asked.reason },
        asked.key,
      );
      queryClient.setQueryData(staffOrderQueries.detail(detail.id).queryKey, after);
      void queryClient.invalidateQueries({ queryKey: staffOrderQueries.all });
      showToast(`Refunded ${formatPence(asked.amount)} on order #${number}`);
      setAsked(null);
      setReason('');
      setAmount(penceToPounds(after.refundable.total));
    } catch (error) {
      setProblem(isApiError(error, 'CONFLICT') ? error.message : failureMessage(error));
      if (isApiError(error, 'CONFLICT')) setAsked(null);
      void queryClient.invalidateQueries({ queryKey: staffOrderQueries.detail(detail.id).queryKey });
    } finally {
      setSending(false);
    }
  };

  const cardPart = asked && asked.to === 'card' ? Math.min(asked.amount, refundable.card) : 0;
  return (
    <section className="back-office__panel" aria-labelledby="refund-heading">
      <h2 id="refund-heading">Refund</h2>
      <p>
        Left to refund: <strong>{formatPence(refundable.total)}</strong>
        {refundable.card < refundable.total ? (
          <> ({formatPence(refundable.card)} of it can go back to the card; the rest as store credit)</>
        ) : null}
      </p>
      {problem ? (
        <p role="alert" className="form-error">
          {problem}
        </p>
      ) : null}
      {asked ? (
        <div className="back-office__confirm" role="group" aria-labelledby="refund-confirm-heading">
          <h3 id="refund-confirm-heading">Refund {formatPence(asked.amount)}?</h3>
          <p>
            {asked.to === 'card'
              ? cardPart < asked.amount
                ? `${formatPence(cardPart)} back to the card and ${formatPence(asked.amount - cardPart)} as store credit`
                : `${formatPence(asked.amount)} back to the card the customer paid with`
              : `${formatPence(asked.amount)} as store credit, which never expires`}{' '}
            for order #{number}. Reason: “{asked.reason}”. This cannot be undone.
          </p>
          <div className="button-row">
            <button
              type="button"
              className="button button--primary"
              disabled={sending}
              onClick={() => void confirm()}
            >
              {sending ? 'Refunding…' : 'Confirm refund'}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={sending}
              onClick={() => setAsked(null)}
            >
              Back
            </button>
          </div>
          <p className="visually-hidden" aria-live="polite">
            {sending ? 'Refunding, please wait' : ''}
          </p>
        </div>
      ) : (
        <form className="back-office__form" onSubmit={check} noValidate aria-labelledby="refund-heading">
          <fieldset className="back-office__checks">
            <legend>Refund to</legend>
            <label>
              <input
                type="radio"
                name="refund-to"
                value="card"
                checked={to === 'card'}
                disabled={refundable.card === 0}
                onChange={() => setTo('card')}
              />
              The card
            </label>
            <label>
              <input
                type="radio"
                name="refund-to"
                value="credit"
                checked={to === 'credit'}
                onChange={() => setTo('credit')}
              />
              Store credit
            </label>
          </fieldset>
          <label htmlFor="refund-amount">Amount (£)</label>
          <input
            id="refund-amount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <label htmlFor="refund-reason">Reason</label>
          <textarea
            id="refund-reason"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className="button-row">
            <button type="submit" className="button button--primary">
              Continue
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function Refunds({ detail }: { detail: StaffOrderDetail }) {
  if (detail.refunds.length === 0) return null;
  return (
    <section aria-labelledby="refunds-heading">
      <h2 id="refunds-heading">Refunds given</h2>
      <ul className="back-office__list">
        {detail.refunds.map((refund) => (
          <li key={refund.id}>
            {WHEN.format(new Date(refund.createdAt))}: {formatPence(refund.toCard + refund.toCredit)}
            {refund.toCard > 0
              ? ` · ${formatPence(refund.toCard)} to the card (${refund.cardState === 'owed' ? 'on its way' : 'refunded'})`
              : ''}
            {refund.toCredit > 0 ? ` · ${formatPence(refund.toCredit)} as credit` : ''} · “{refund.reason}” by{' '}
            {refund.actorEmail}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Payments({ detail }: { detail: StaffOrderDetail }) {
  return (
    <section aria-labelledby="payments-heading">
      <h2 id="payments-heading">Payments</h2>
      {detail.payments.length === 0 ? (
        <p>No payment yet.</p>
      ) : (
        <div className="back-office__table-wrap" role="region" aria-label="Payments made" tabIndex={0}>
          <table className="back-office__table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">How</th>
                <th scope="col">Status</th>
                <th scope="col">Charged</th>
                <th scope="col">Credit</th>
                <th scope="col">Refunds</th>
              </tr>
            </thead>
            <tbody>
              {detail.payments.map((payment) => (
                <tr key={payment.id}>
                  <td>{WHEN.format(new Date(payment.createdAt))}</td>
                  <td>{payment.paidWith ?? payment.processor}</td>
                  <td>
                    {payment.status}
                    {payment.failureMessage ? (
                      <span className="back-office__muted"> ({payment.failureMessage})</span>
                    ) : null}
                  </td>
                  <td>{formatPence(payment.charged)}</td>
                  <td>{formatPence(payment.creditUsed)}</td>
                  <td>
                    {payment.refundRequestedAt ? <>Whole: {payment.refundReason}. </> : null}
                    {payment.refunds.map((refund) => (
                      <span key={refund.id} className="back-office__block">
                        {formatPence(refund.amount)} {refund.state}
                      </span>
                    ))}
                    {!payment.refundRequestedAt && payment.refunds.length === 0 ? '—' : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function OrderDetail({ orderId }: { orderId: string }) {
  const detail = useQuery(staffOrderQueries.detail(orderId));
  usePageMeta(detail.data ? `Order #${detail.data.order.number}` : 'Order');
  if (detail.isPending) return <Spinner label="Loading the order" />;
  if (detail.isError) {
    return (
      <section>
        <p>
          <Link to="/back-office/orders">← Orders</Link>
        </p>
        {isApiError(detail.error, 'ORDER_NOT_FOUND', 'NOT_FOUND', 'VALIDATION_FAILED') ? (
          <p role="alert">There is no such order.</p>
        ) : (
          <LoadFailed message="We couldn’t load the order." onRetry={() => void detail.refetch()} />
        )}
      </section>
    );
  }
  const d = detail.data;
  const { order } = d;
  return (
    <section aria-labelledby="order-heading" className="back-office__detail">
      <p>
        <Link to="/back-office/orders">← Orders</Link>
      </p>
      <h1 id="order-heading">Order #{order.number}</h1>
      <p>
        <strong>{order.stateLabel}</strong> · placed {WHEN.format(new Date(order.createdAt))} · delivery{' '}
        {DAY.format(new Date(`${order.deliveryDate}T12:00:00Z`))} · customer{' '}
        <Link to={`/back-office/customers/${d.customer.id}`}>{d.customer.email}</Link>
      </p>
      <div className="back-office__columns">
        <section aria-labelledby="lines-heading">
          <h2 id="lines-heading">Lines</h2>
          <div className="back-office__table-wrap" role="region" aria-label="Order lines" tabIndex={0}>
            <table className="back-office__table">
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">SKU</th>
                  <th scope="col">Qty</th>
                  <th scope="col">Each</th>
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {order.lineItems.map((line) => (
                  <tr key={line.id}>
                    <td>
                      {line.title}
                      {line.variantTitle ? (
                        <span className="back-office__muted"> {line.variantTitle}</span>
                      ) : null}
                    </td>
                    <td>{line.sku}</td>
                    <td>{line.quantity}</td>
                    <td>{formatPence(line.price)}</td>
                    <td>{formatPence(line.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className="back-office__totals">
            <dt>Subtotal</dt>
            <dd>{formatPence(order.subtotal)}</dd>
            <dt>Discount</dt>
            <dd>{formatPence(order.discount)}</dd>
            <dt>Delivery</dt>
            <dd>{formatPence(order.shippingPrice)}</dd>
            <dt>Total</dt>
            <dd>
              <strong>{formatPence(order.total)}</strong>
            </dd>
          </dl>
        </section>
        <RefundForm key={`${d.refunds.length}`} detail={d} />
      </div>
      <Payments detail={d} />
      <Refunds detail={d} />
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">History</h2>
        <ol className="back-office__list">
          {d.history.map((entry, i) => (
            <li key={i}>
              {WHEN.format(new Date(entry.at))}: {entry.subject} {entry.fromState ?? 'new'} → {entry.toState}{' '}
              by {entry.actor}
              {entry.reason ? ` (${entry.reason})` : ''}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="emails-heading">
        <h2 id="emails-heading">Emails</h2>
        {!d.emails.matched && d.emails.list.length > 0 ? (
          <p className="back-office__muted">None names this order; the customer’s latest emails:</p>
        ) : null}
        {d.emails.list.length === 0 ? (
          <p>No emails to the customer.</p>
        ) : (
          <ul className="back-office__list">
            {d.emails.list.map((email) => (
              <li key={email.id}>
                {WHEN.format(new Date(email.createdAt))}: {email.subject}{' '}
                <span className="back-office__muted">({email.status})</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
