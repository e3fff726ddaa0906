import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { StoreCreditLot } from '../../../contracts/credit';
import { formatPence } from '../../../domain/money';
import { daysLeftWords } from '../../../domain/wallet';
import { customerQueries } from '../../shared/customer.queries';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { CreditCodeForm } from './credit-code-form';
import { CreditHistoryList } from './credit-history';
import { creditQueries } from './credit.queries';
import { NextExpiry } from './next-expiry';
import { dayLabel } from './wallet-dates';
import './wallet.css';

// One wallet in the account (issue 23 part 4, decision 30): the customer's store credit, what expires next,
// the credit left by where it came from (spent in that order, soonest-expiring first), a box for a credit
// code, and one history of every movement with its source and when its credit expires.

function Lot({ lot }: { lot: StoreCreditLot }) {
  return (
    <li className={lot.expiresSoon ? 'wallet-lot wallet-lot--soon' : 'wallet-lot'}>
      <span className="wallet-lot__what">
        <span className="wallet-lot__source">{lot.sourceLabel}</span>
        <span className="wallet-lot__description">{lot.description}</span>
        <span className="wallet-lot__expiry">
          {lot.expiresOn ? `Expires on ${dayLabel(lot.expiresOn)}` : 'Never expires'}
          {lot.expiresSoon && lot.daysLeft !== null ? (
            <strong className="wallet-lot__soon"> · {daysLeftWords(lot.daysLeft)}</strong>
          ) : null}
        </span>
      </span>
      <span className="wallet-lot__amount">
        {formatPence(lot.remaining)}
        {lot.remaining < lot.amount ? (
          <span className="wallet-lot__of"> left of {formatPence(lot.amount)}</span>
        ) : null}
      </span>
    </li>
  );
}

export function WalletSection({
  resendConfirmation,
}: {
  /** The way to get the confirmation link again when a code waits for it (the auth area's), if the page has one. */
  resendConfirmation?: ReactNode;
} = {}) {
  const { data: customer } = useQuery(customerQueries.me());
  const wallet = useQuery(creditQueries.wallet());
  if (!customer) return null;
  const balance = wallet.data?.balance ?? customer.storeCredits;
  return (
    <section className="account-section wallet" aria-labelledby="wallet-heading">
      <h2 id="wallet-heading">Store credit</h2>
      <p className="account__figure">{formatPence(balance)}</p>
      {wallet.data ? <NextExpiry wallet={wallet.data} /> : null}
      <p className="field__hint">
        Credit comes off your next order at checkout, before your card: what expires soonest goes first.
      </p>
      <CreditCodeForm resendConfirmation={resendConfirmation} />
      {wallet.isPending ? (
        <Spinner label="Loading your credit" />
      ) : wallet.isError ? (
        <LoadFailed
          message="We couldn’t load your credit and its history."
          onRetry={() => void wallet.refetch()}
        />
      ) : (
        <>
          {wallet.data.lots.length > 0 ? (
            <>
              <h3 id="wallet-lots-heading" className="wallet__heading">
                Your credit
              </h3>
              <ul className="wallet__lots" aria-labelledby="wallet-lots-heading">
                {wallet.data.lots.map((lot) => (
                  <Lot key={lot.id} lot={lot} />
                ))}
              </ul>
            </>
          ) : null}
          <h3 id="wallet-history-heading" className="wallet__heading">
            History
          </h3>
          <CreditHistoryList history={wallet.data.history} labelledBy="wallet-history-heading" />
        </>
      )}
    </section>
  );
}
