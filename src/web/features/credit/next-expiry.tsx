import type { WalletMeta } from '../../../contracts/credit';
import { formatPence } from '../../../domain/money';
import { daysLeftWords, EXPIRY_REMINDER_DAYS } from '../../../domain/wallet';
import { dayLabel } from './wallet-dates';

// What expires next, at the top of the wallet: "£5.00 expires on 12 December 2026", with how soon when it
// is within the two weeks the reminder email warns of.

export function NextExpiry({ wallet }: { wallet: WalletMeta }) {
  const next = wallet.nextExpiry;
  if (!next) {
    return wallet.balance > 0 ? <p className="wallet__next">Your credit doesn’t expire.</p> : null;
  }
  const soon = next.daysLeft <= EXPIRY_REMINDER_DAYS;
  return (
    <p className={soon ? 'wallet__next wallet__next--soon' : 'wallet__next'}>
      {formatPence(next.amount)} expires on {dayLabel(next.expiresOn)}
      {soon ? ` (${daysLeftWords(next.daysLeft)})` : ''}.
    </p>
  );
}
