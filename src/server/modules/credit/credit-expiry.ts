import { fullDateLabel, longDayLabel } from '../../../domain/calendar';
import { formatPence } from '../../../domain/money';
import { EXPIRY_REMINDER_DAYS, lastDayOf } from '../../../domain/wallet';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { enqueueEmail } from '../../integrations/email';
import { creditExpiring } from '../../integrations/email/wallet-templates';
import { customerContact, lockCustomerCredit } from '../customers';
import { expireLots } from './wallet-lots';
import {
  customersToRemind,
  customersWithExpiredLots,
  lockExpiredLotsOf,
  lockLotsToRemind,
  markReminded,
} from './wallet.repo';

// The wallet's two jobs (issue 23 part 4, decision 30), on the shop's clock and safe with several workers:
// `credit-expiry-reminders` emails a customer 14 days before any of their credit expires, one email per
// customer per pass listing each lot, once per lot (`reminder_sent_at`, stamped in the transaction that
// queues the email); `credit-expiry` takes lots whose date has come off the balance, each once (a ledger row
// `expired` whose reference is the lot, unique), under the customer's row lock and then the lots'
// (`for update skip locked`: a lot another worker holds is that worker's).

const BATCH = 100;
const DAY_MS = 86_400_000;

/** "Saturday 12 December 2026". */
const dayLabel = (expiresAt: Date) => {
  const day = lastDayOf(expiresAt);
  return `${longDayLabel(day)} ${fullDateLabel(day).split(' ').at(-1)}`;
};

/** Queues the reminders that are due: how many customers were emailed. */
export async function remindExpiringCredit(db: Db, clock: Clock, publicUrl: string): Promise<number> {
  const now = clock.now();
  const horizon = new Date(now.getTime() + EXPIRY_REMINDER_DAYS * DAY_MS);
  let emailed = 0;
  for (const customerId of await customersToRemind(db, now, horizon, BATCH)) {
    const sent = await db.transaction(async (tx) => {
      const lots = await lockLotsToRemind(tx, customerId, now, horizon);
      if (lots.length === 0) return false;
      const contact = await customerContact(tx, customerId);
      await markReminded(
        tx,
        lots.map((lot) => lot.id),
        now,
      );
      if (!contact) return false;
      await enqueueEmail(
        tx,
        creditExpiring({
          to: contact.email,
          firstName: contact.firstName,
          lots: lots.map((lot) => ({
            what: lot.description,
            amount: formatPence(lot.remaining),
            lastDay: dayLabel(lot.expiresAt!),
          })),
          total: formatPence(lots.reduce((sum, lot) => sum + lot.remaining, 0)),
          menuUrl: `${publicUrl}/menu`,
          walletUrl: `${publicUrl}/account/rewards`,
        }),
      );
      return true;
    });
    if (sent) emailed += 1;
  }
  return emailed;
}

/** Takes expired credit off: how many lots expired in this pass. */
export async function expireCredit(db: Db, clock: Clock): Promise<number> {
  const now = clock.now();
  let expired = 0;
  for (const customerId of await customersWithExpiredLots(db, now, BATCH)) {
    expired += await db.transaction(async (tx) => {
      const balance = await lockCustomerCredit(tx, customerId);
      if (balance === null) return 0;
      const due = await lockExpiredLotsOf(tx, customerId, now);
      return (await expireLots(tx, customerId, balance, due, now)).expired.length;
    });
  }
  return expired;
}
