import { allocateReturn, compareSpendOrder, creditExpiresAt, creditSourceOf } from '../../../domain/wallet';
import type { DbOrTx } from '../../db/client';
import { storeCreditTransactions } from '../../db/schema/credit';
import { takeStoreCredit } from '../customers';
import { ledgerTime, record, type CreditMovement, type CreditTransactionRow } from './ledger';
import {
  insertLot,
  lockLots,
  lockLotsOf,
  lotsWithExpiryRow,
  moveLots,
  spendsOf,
  type LotRow,
} from './wallet.repo';

// The wallet's lots as credit moves (decision 30): credit coming back to the lots its spend took it from, the
// whole balance covered by lots before a spend, and lots whose date has come taken off the balance. Each
// runs under the customer's row lock, then the lots' (id order).

const earliest = (dates: readonly (Date | null)[]): Date | null =>
  dates.reduce<Date | null>((a, b) => (b && (!a || b.getTime() < a.getTime()) ? b : a), null);

/**
 * Credit coming back (the caller added it to the balance): into the lots the spend with `spendReason` and
 * `reference` took it from, newest-expiring first; what no lot took is a new lot of its own source. The share
 * of lots that have since expired (past their date, or their `expired` row written) does not outlive them:
 * it comes back as a lot with their source and date and expires there and then (the same `expired` row as
 * the job), so a spend that fails after midnight never turns shop-given credit into credit that never
 * expires. Returns the balance after (the expired share taken off again) and the returned row.
 */
export async function returnToLots(
  tx: DbOrTx,
  movement: CreditMovement,
  spendReason: string,
  reference: string,
  balance: number,
): Promise<{ balance: number; transaction: CreditTransactionRow }> {
  const takenByLot = await spendsOf(tx, movement.customerId, spendReason, reference);
  const lots = await lockLots(tx, [...takenByLot.keys()]);
  const expiredRows = await lotsWithExpiryRow(
    tx,
    lots.map((lot) => lot.id),
  );
  const over = (lot: LotRow) =>
    expiredRows.has(lot.id) || (lot.expiresAt !== null && lot.expiresAt.getTime() <= movement.at.getTime());
  // In the order the spend took them, lots that are over first: what comes back fills the others first.
  const taken = [...lots]
    .sort((a, b) => Number(over(b)) - Number(over(a)) || compareSpendOrder(a, b))
    .map((lot) => ({ lotId: lot.id, take: takenByLot.get(lot.id)! }));
  const { back, unplaced } = allocateReturn(taken, movement.amount);
  const lotOf = new Map(lots.map((lot) => [lot.id, lot]));
  const live = back.filter(({ lotId }) => !over(lotOf.get(lotId)!));
  const expired = back.filter(({ lotId }) => over(lotOf.get(lotId)!));
  await moveLots(
    tx,
    live.map(({ lotId, give }) => ({ lotId, delta: give })),
  );
  const source = movement.source ?? creditSourceOf(movement.reason);
  const unplacedExpiry = creditExpiresAt(source, movement.at);
  // The soonest date of what came back to spend (of what expired at once, when nothing did).
  const spendable = [
    ...live.map(({ lotId }) => lotOf.get(lotId)!.expiresAt),
    ...(unplaced > 0 ? [unplacedExpiry] : []),
  ];
  const expiresAt = earliest(
    spendable.length > 0 ? spendable : expired.map(({ lotId }) => lotOf.get(lotId)!.expiresAt),
  );
  const transaction = await record(tx, movement, movement.amount, balance, expiresAt);
  if (unplaced > 0) {
    await insertLot(tx, {
      customerId: movement.customerId,
      transactionId: transaction.id,
      source,
      description: movement.description,
      amount: unplaced,
      remaining: unplaced,
      expiresAt: unplacedExpiry,
      createdAt: movement.at,
    });
  }
  const returned: LotRow[] = [];
  for (const { lotId, give } of expired) {
    const lot = lotOf.get(lotId)!;
    // Not the returned row's lot (that row's source stays the return's): its own `expired` row names it.
    returned.push(
      await insertLot(tx, {
        customerId: movement.customerId,
        source: lot.source,
        description: lot.description,
        amount: give,
        remaining: give,
        expiresAt: lot.expiresAt,
        createdAt: movement.at,
      }),
    );
  }
  const after = await expireLots(tx, movement.customerId, balance, returned, movement.at);
  return { balance: after.balance, transaction };
}

/**
 * The customer's lots with credit left, locked, covering their whole balance: credit the lots do not hold
 * (a balance written before lots existed, or by hand) becomes a lot that never expires.
 */
export async function lockWallet(
  tx: DbOrTx,
  customerId: string,
  balance: number,
  at: Date,
): Promise<LotRow[]> {
  const lots = await lockLotsOf(tx, customerId);
  const held = lots.reduce((sum, lot) => sum + lot.remaining, 0);
  if (held >= balance) return lots;
  const legacy = await insertLot(tx, {
    customerId,
    source: 'legacy',
    description: 'Credit',
    amount: balance - held,
    remaining: balance - held,
    expiresAt: null,
    createdAt: at,
  });
  return [...lots, legacy];
}

/**
 * Takes the credit of lots whose date has come off the balance (the caller holds the customer's row and
 * these lots): one `expired` ledger row per lot, its id the reference, so each expires once. A lot with
 * credit left whose `expired` row is already written is a broken wallet (credit put back into it after it
 * expired): it throws rather than leave that credit on the balance. Returns the balance after and the lots
 * it expired.
 */
export async function expireLots(
  tx: DbOrTx,
  customerId: string,
  balance: number,
  due: readonly LotRow[],
  at: Date,
): Promise<{ balance: number; expired: LotRow[] }> {
  let after = balance;
  const expired: LotRow[] = [];
  for (const lot of due) {
    if (lot.remaining <= 0) continue;
    const [row] = await tx
      .insert(storeCreditTransactions)
      .values({
        customerId,
        amount: -lot.remaining,
        balanceAfter: after - lot.remaining,
        reason: 'expired',
        description: `Expired: ${lot.description}`,
        reference: lot.id,
        createdAt: ledgerTime(customerId, at),
      })
      .onConflictDoNothing()
      .returning({ id: storeCreditTransactions.id });
    if (!row) {
      throw new Error(`Lot ${lot.id} has expired already but still holds ${lot.remaining} pence`);
    }
    after -= lot.remaining;
    expired.push(lot);
  }
  if (expired.length === 0) return { balance, expired };
  await moveLots(
    tx,
    expired.map((lot) => ({ lotId: lot.id, delta: -lot.remaining })),
  );
  const taken = await takeStoreCredit(tx, customerId, balance - after);
  if (taken !== after) {
    throw new Error(`Customer ${customerId}'s credit (${taken}) does not match their lots (${after})`);
  }
  return { balance: after, expired };
}
