import { useState } from 'react';
import type { StoreCreditTransaction } from '../../../contracts/credit';
import { formatPence } from '../../../domain/money';
import { dayLabel, instantDayLabel } from './wallet-dates';

// One history of the customer's credit (issue 23 part 4): every movement, newest first, each with where its
// credit came from and when that credit expires.

/** Credit added: "expires on 12 December 2026", "expired on…", "never expires". */
function expiryOf(entry: StoreCreditTransaction): string | null {
  if (entry.amount <= 0) return null;
  if (!entry.expiresOn) return 'never expires';
  return `${entry.expired ? 'expired' : 'expires'} on ${dayLabel(entry.expiresOn)}`;
}

const FIRST = 10;

export function CreditHistoryList({
  history,
  labelledBy,
}: {
  history: readonly StoreCreditTransaction[];
  /** The id of the heading that names the list. */
  labelledBy?: string;
}) {
  const [all, setAll] = useState(false);
  if (history.length === 0) return <p>No store credit yet.</p>;
  const shown = all ? history : history.slice(0, FIRST);
  return (
    <>
      <ul className="credit-history__list" aria-labelledby={labelledBy}>
        {shown.map((entry) => (
          <li key={entry.id}>
            <span className="credit-history__what">
              {entry.description}
              <span className="credit-history__facts">
                {[entry.sourceLabel, instantDayLabel(entry.createdAt), expiryOf(entry)]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </span>
            <span className={entry.amount < 0 ? 'credit-history__out' : 'credit-history__in'}>
              {entry.amount > 0 ? '+' : ''}
              {formatPence(entry.amount)}
            </span>
          </li>
        ))}
      </ul>
      {history.length > FIRST && !all ? (
        <button type="button" className="button button--link" onClick={() => setAll(true)}>
          Show all {history.length} movements
        </button>
      ) : null}
    </>
  );
}
