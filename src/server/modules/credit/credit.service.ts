import { desc, eq } from 'drizzle-orm';
import { londonDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { mayAddCredit } from '../../../domain/email-confirmation';
import { formatPence } from '../../../domain/money';
import { normaliseVoucherCode, VOUCHER_MESSAGES } from '../../../domain/vouchers';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { storeCreditTransactions } from '../../db/schema/credit';
import { addStoreCredit, findCustomerById, storeCreditOf, takeStoreCredit } from '../customers';
import { findVoucherByCode, takeRedemption } from '../vouchers';

// Store credit (spec §3 Customer storeCredits; §7 Customers credit_voucher, store_credit_transactions).
// The balance only moves by these two functions, each in one conditional UPDATE (so two spends racing
// cannot take it below zero) and each with its row in store_credit_transactions.

export interface CreditMovement {
  customerId: string;
  /** Pence, a positive whole number (0 moves nothing and writes no row). */
  amount: number;
  /** A stable word for the kind of movement: credit_voucher, order_payment, payment_failed, refund… */
  reason: string;
  /** What the customer reads in their history. */
  description: string;
  /** What it relates to (a payment id, a code). */
  reference: string | null;
}

export type CreditTransactionRow = typeof storeCreditTransactions.$inferSelect;

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`A credit amount is a whole number of pence, not ${amount}`);
  }
}

async function record(
  tx: DbOrTx,
  movement: CreditMovement,
  signed: number,
  balanceAfter: number,
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
    })
    .returning();
  return row!;
}

async function balanceOf(tx: DbOrTx, customerId: string): Promise<number> {
  const balance = await storeCreditOf(tx, customerId);
  if (balance === null) throw new DomainError('CUSTOMER_NOT_FOUND', 'We could not find that account');
  return balance;
}

/** Adds credit; returns the new balance and the movement (null for 0). */
export async function addCredit(
  tx: DbOrTx,
  movement: CreditMovement,
): Promise<{ balance: number; transaction: CreditTransactionRow | null }> {
  assertAmount(movement.amount);
  if (movement.amount === 0) return { balance: await balanceOf(tx, movement.customerId), transaction: null };
  const balance = await addStoreCredit(tx, movement.customerId, movement.amount);
  if (balance === null) throw new DomainError('CUSTOMER_NOT_FOUND', 'We could not find that account');
  return { balance, transaction: await record(tx, movement, movement.amount, balance) };
}

/**
 * Spends credit, atomically: `store_credits = store_credits − amount where store_credits ≥ amount`.
 * Throws CONFLICT when the balance is short (nothing is taken).
 */
export async function spendCredit(
  tx: DbOrTx,
  movement: CreditMovement,
): Promise<{ balance: number; transaction: CreditTransactionRow | null }> {
  assertAmount(movement.amount);
  if (movement.amount === 0) return { balance: await balanceOf(tx, movement.customerId), transaction: null };
  const taken = await takeStoreCredit(tx, movement.customerId, movement.amount);
  if (taken === null) {
    const balance = await balanceOf(tx, movement.customerId);
    throw new DomainError(
      'CONFLICT',
      `You have ${formatPence(balance)} of store credit, not the ${formatPence(movement.amount)} this needs`,
      { balance },
    );
  }
  return { balance: taken, transaction: await record(tx, movement, -movement.amount, taken) };
}

/** A customer's store credit now (pence). */
export async function creditBalance(db: DbOrTx, customerId: string): Promise<number> {
  return (await storeCreditOf(db, customerId)) ?? 0;
}

export class CreditService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The customer's balance and every movement of it, newest first (the latest 500). */
  async transactions(customerId: string): Promise<{ balance: number; transactions: CreditTransactionRow[] }> {
    const customer = await findCustomerById(this.db, customerId);
    // The session outlived its customer (deleted): the client treats 401 as signed out.
    if (!customer) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue');
    const transactions = await this.db
      .select()
      .from(storeCreditTransactions)
      .where(eq(storeCreditTransactions.customerId, customerId))
      .orderBy(desc(storeCreditTransactions.createdAt), desc(storeCreditTransactions.id))
      .limit(500);
    return { balance: customer.storeCredits, transactions };
  }

  /**
   * A credit code becomes store credit: once per code per customer and within the code's usage limit,
   * in one transaction (the redemption, the balance and its history row together or not at all).
   */
  async redeemCreditVoucher(
    customerId: string,
    code: string,
  ): Promise<{ balance: number; transaction: CreditTransactionRow }> {
    const today = londonDate(this.clock.now());
    return this.db.transaction(async (tx) => {
      // Credit added to an account nobody confirmed would go to the inbox's owner if they took it over
      // (decision 18): it waits for the confirmation.
      const owner = await findCustomerById(tx, customerId);
      if (!mayAddCredit({ emailConfirmed: Boolean(owner?.emailConfirmedAt) })) {
        throw new DomainError(
          'EMAIL_NOT_CONFIRMED',
          'Please confirm your email address first: we’ve sent you a link. Then add your credit code.',
        );
      }
      const normalised = normaliseVoucherCode(code);
      const voucher = await findVoucherByCode(tx, normalised);
      if (!voucher) throw new DomainError('VOUCHER_INVALID', VOUCHER_MESSAGES.invalidCode);
      if (voucher.type !== 'CreditVoucher') {
        throw new DomainError('VOUCHER_INVALID', VOUCHER_MESSAGES.notACreditCode);
      }
      await takeRedemption(
        tx,
        voucher,
        { customerId, checkoutId: null, amount: voucher.value, today },
        { oncePerCustomer: true, usedByCustomer: VOUCHER_MESSAGES.creditAlreadyAdded },
      );
      const { balance, transaction } = await addCredit(tx, {
        customerId,
        amount: voucher.value,
        reason: 'credit_voucher',
        description: `Credit voucher ${voucher.code}`,
        reference: voucher.code,
      });
      if (!transaction) {
        // A code worth nothing adds nothing: refuse it rather than record an empty redemption.
        throw new DomainError('VOUCHER_INVALID', VOUCHER_MESSAGES.voucherInvalid);
      }
      return { balance, transaction };
    });
  }
}
