import { sql } from 'drizzle-orm';
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

export async function record(
  tx: DbOrTx,
  movement: Omit<CreditMovement, 'at' | 'source'>,
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
      // The movements of one transaction keep their order in the history (now() is the transaction's start).
      createdAt: sql`clock_timestamp()`,
    })
    .returning();
  return row!;
}

export async function balanceOf(tx: DbOrTx, customerId: string): Promise<number> {
  const balance = await storeCreditOf(tx, customerId);
  if (balance === null) throw new DomainError('CUSTOMER_NOT_FOUND', 'We could not find that account');
  return balance;
}
