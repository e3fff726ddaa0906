import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from '../../shared/router';
import { formatPence } from '../../../domain/money';
import { CreditCodeForm } from './credit-code-form';
import { CreditHistoryList } from './credit-history';
import { creditQueries } from './credit.queries';
import { NextExpiry } from './next-expiry';
import './wallet.css';

// Store credit on the account's first page (spec §3 Customer storeCredits; §7 credit_voucher,
// store_credit_transactions): the balance and what expires next, a box for a credit code, and the history
// on demand. The whole wallet, credit by where it came from, is on /account/rewards (WalletSection).

export function StoreCreditSection({
  balance,
  resendConfirmation,
}: {
  balance: number;
  /** The way to get the confirmation link again, offered when a code waits for it (the auth area's). */
  resendConfirmation?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  // What expires next is asked for as soon as there is credit; the history when it is opened.
  const wallet = useQuery({ ...creditQueries.wallet(), enabled: open || balance > 0 });

  return (
    <section className="account-section" aria-labelledby="credit-heading">
      <h2 id="credit-heading">Store credit</h2>
      <p className="account__figure">{formatPence(balance)}</p>
      {wallet.data ? <NextExpiry wallet={wallet.data} /> : null}
      <p className="field__hint">
        Credit is used at checkout before your card.{' '}
        {balance > 0 ? <Link to="/account/rewards">Where it came from and when it expires</Link> : null}
      </p>
      <CreditCodeForm resendConfirmation={resendConfirmation} />
      <details className="credit-history" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
        <summary>Credit history</summary>
        {wallet.isPending ? (
          <p className="field__hint">Loading…</p>
        ) : wallet.isError ? (
          <p role="alert">Couldn&apos;t get store credit transaction history</p>
        ) : (
          <CreditHistoryList history={wallet.data.history} />
        )}
      </details>
    </section>
  );
}
