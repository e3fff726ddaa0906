import { sql, type SQL } from 'drizzle-orm';
import { DomainError } from '../../../domain/errors';
import type { CreditSource } from '../../../domain/wallet';
import type { DbOrTx } from '../../db/client';
import { storeCreditTransactions } from '../../db/schema/credit';
import { storeCreditOf } from '../customers';

// The ledger of store credit (spec §7 store_credit_transactions): one row for every movement, written by the
// credit area's functions only (./credit.service.ts, ./wallet-lots.ts).

export interface CreditMovement {
  customerId: string;
  /** Pence, a positive whole number (0 moves nothing and writes no row). */
  amount: number;
  /** A stable word for the kind of movement: credit_voucher, order_payment, payment_failed, referral… */
  reason: string;
  /** What the customer reads in their history. */
  description: string;
  /** What it relates to (a payment id, a code, a referral id). */
  reference: string | null;
  /** When it happens, by the shop's clock (credit added expires counting from it). */
  at: Date;
  /** Credit added: where it came from, when the reason alone does not say (domain/wallet.ts creditSourceOf). */
  source?: CreditSource;
  /** Credit added: when it expires, instead of the source's usual (null: never). */
  expiresAt?: Date | null;
}

export type CreditTransactionRow = typeof storeCreditTransactions.$inferSelect;

export function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`A credit amount is a whole number of pence, not ${amount}`);
  }
}

/**
 * When a movement is written: at the shop's clock, and after the customer's previous movement (by a
 * millisecond when the clock has not moved on, a test's fixed clock or one transaction's several rows), so
 * the history's order is the order things happened. The caller holds the customer's row.
 */
export function ledgerTime(customerId: string, at: Date): SQL<Date> {
  const t = storeCreditTransactions;
  return sql<Date>`greatest(${at.toISOString()}::timestamptz, coalesce((select max(${t.createdAt}) from ${t} where ${t.customerId} = ${customerId}), '-infinity'::timestamptz) + interval '1 millisecond')`;
}

export async function record(
  tx: DbOrTx,
  movement: Omit<CreditMovement, 'source'>,
  signed: number,
  balanceAfter: number,
  expiresAt: Date | null,
): Promise<CreditTransactionRow> {
  const [row] = await tx
    .insert(storeCreditTransactions)
    .values({
      customerId: movement.customerId,
      amount: signed,
      balanceAfter,
      reason: movement.reason,
      description: movement.description,
      reference: movement.reference,
      expiresAt,
      createdAt: ledgerTime(movement.customerId, movement.at),
    })
    .returning();
  return row!;
}

export async function balanceOf(tx: DbOrTx, customerId: string): Promise<number> {
  const balance = await storeCreditOf(tx, customerId);
  if (balance === null) throw new DomainError('CUSTOMER_NOT_FOUND', 'We could not find that account');
  return balance;
}
