import { allocateReturn, compareSpendOrder, creditExpiresAt, creditSourceOf } from '../../../domain/wallet';
import type { DbOrTx } from '../../db/client';
import { storeCreditTransactions } from '../../db/schema/credit';
import { takeStoreCredit } from '../customers';
import { ledgerTime, record, type CreditMovement, type CreditTransactionRow } from './ledger';
import { insertLot, lockLots, lockLotsOf, moveLots, spendsOf, type LotRow } from './wallet.repo';

// The wallet's lots as credit moves (decision 30): credit coming back to the lots its spend took it from, the
// whole balance covered by lots before a spend, and lots whose date has come taken off the balance. Each
// runs under the customer's row lock, then the lots' (id order).

const earliest = (dates: readonly (Date | null)[]): Date | null =>
  dates.reduce<Date | null>((a, b) => (b && (!a || b.getTime() < a.getTime()) ? b : a), null);

/**
 * Credit coming back (the caller added it to the balance): into the lots the spend with `spendReason` and
 * `reference` took it from, newest-expiring first; what they cannot take is a new lot of its own source.
 */
export async function returnToLots(
  tx: DbOrTx,
  movement: CreditMovement,
  spendReason: string,
  reference: string,
  balance: number,
): Promise<CreditTransactionRow> {
  const takenByLot = await spendsOf(tx, movement.customerId, spendReason, reference);
  const lots = await lockLots(tx, [...takenByLot.keys()]);
  // In the order the spend took them, leaving out lots whose date has since come (credit put back into them
  // would only expire again).
  const taken = lots
    .filter((lot) => !lot.expiresAt || lot.expiresAt.getTime() > movement.at.getTime())
    .sort(compareSpendOrder)
    .map((lot) => ({ lotId: lot.id, take: takenByLot.get(lot.id)! }));
  const { back, unplaced } = allocateReturn(taken, movement.amount);
  await moveLots(
    tx,
    back.map(({ lotId, give }) => ({ lotId, delta: give })),
  );
  const source = movement.source ?? creditSourceOf(movement.reason);
  const unplacedExpiry = creditExpiresAt(source, movement.at);
  const expiresAt = earliest([
    ...back.map(({ lotId }) => lots.find((lot) => lot.id === lotId)!.expiresAt),
    ...(unplaced > 0 ? [unplacedExpiry] : []),
  ]);
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
  return transaction;
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
 * these lots): one `expired` ledger row per lot, its id the reference, so each expires once. Returns the
 * balance after and the lots it expired.
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
    if (!row) continue;
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
