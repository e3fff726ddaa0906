import { desc, eq } from 'drizzle-orm';
import { londonDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { mayAddCredit } from '../../../domain/email-confirmation';
import { formatPence } from '../../../domain/money';
import { normaliseVoucherCode, VOUCHER_MESSAGES } from '../../../domain/vouchers';
import {
  allocateSpend,
  creditExpiresAt,
  creditSourceOf,
  DEFAULT_CREDIT_EXPIRY,
  expiredLots,
  type CreditSource,
} from '../../../domain/wallet';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { storeCreditTransactions } from '../../db/schema/credit';
import {
  addStoreCredit,
  findCustomerById,
  lockCustomerCredit,
  storeCreditOf,
  takeStoreCredit,
} from '../customers';
import { findVoucherByCode, takeRedemption } from '../vouchers';
import { assertAmount, balanceOf, record, type CreditMovement, type CreditTransactionRow } from './ledger';
import { expireLots, lockWallet, returnToLots } from './wallet-lots';
import { insertLot, lotsOf, moveLots, recordLotSpends, type LotRow } from './wallet.repo';

// Store credit (spec §3 Customer storeCredits; §7 Customers credit_voucher, store_credit_transactions), one
// wallet (issue 23 part 4, decision 30). The balance only moves by these functions, each with its row in
// store_credit_transactions. Credit added is a lot with its source and expiry; a spend takes from the lots
// oldest-expiring first and records which; credit coming back from a payment returns to the lots it was
// taken from. customers.store_credits is always the sum of the lots' remaining. Locks: the customer's row
// first (the balance UPDATE, so two movements of one customer's credit queue), then their lots in id order.

/**
 * Credit that comes back to the lots a spend took it from: its reason → the reason of that spend (with the
 * same reference). A payment's credit returns when the payment fails or is refunded (payments' movePayments).
 */
const RETURNS: Readonly<Record<string, string>> = { payment_failed: 'order_payment' };

/**
 * Adds credit; returns the new balance and the movement (null for 0). New credit is a lot with its source and
 * expiry; credit coming back (RETURNS) goes back into the lots its spend took it from, newest-expiring
 * first; what no lot took (a spend from before lots) is a lot that never expires, and what lots since
 * expired took expires again at once (the balance returned is after that).
 */
export async function addCredit(
  tx: DbOrTx,
  movement: CreditMovement,
): Promise<{ balance: number; transaction: CreditTransactionRow | null }> {
  assertAmount(movement.amount);
  if (movement.amount === 0) return { balance: await balanceOf(tx, movement.customerId), transaction: null };
  const balance = await addStoreCredit(tx, movement.customerId, movement.amount);
  if (balance === null) throw new DomainError('CUSTOMER_NOT_FOUND', 'We could not find that account');
  const spendReason = RETURNS[movement.reason];
  if (spendReason && movement.reference) {
    return returnToLots(tx, movement, spendReason, movement.reference, balance);
  }
  const source = movement.source ?? creditSourceOf(movement.reason);
  const expiresAt =
    movement.expiresAt !== undefined
      ? movement.expiresAt
      : creditExpiresAt(source, movement.at, DEFAULT_CREDIT_EXPIRY);
  const transaction = await record(tx, movement, movement.amount, balance, expiresAt);
  await insertLot(tx, {
    customerId: movement.customerId,
    transactionId: transaction.id,
    source,
    description: movement.description,
    amount: movement.amount,
    remaining: movement.amount,
    expiresAt,
    createdAt: movement.at,
  });
  return { balance, transaction };
}

/**
 * Spends credit from the lots oldest-expiring first, under the customer's row lock. Lots whose date has come
 * are expired first (the job may not have run yet). Throws CONFLICT when the balance is short (nothing is
 * spent).
 */
export async function spendCredit(
  tx: DbOrTx,
  movement: CreditMovement,
): Promise<{ balance: number; transaction: CreditTransactionRow | null }> {
  assertAmount(movement.amount);
  if (movement.amount === 0) return { balance: await balanceOf(tx, movement.customerId), transaction: null };
  const locked = await lockCustomerCredit(tx, movement.customerId);
  if (locked === null) throw new DomainError('CUSTOMER_NOT_FOUND', 'We could not find that account');
  const lots = await lockWallet(tx, movement.customerId, locked, movement.at);
  const due = expiredLots(lots, movement.at);
  const { balance } = await expireLots(tx, movement.customerId, locked, due, movement.at);
  if (balance < movement.amount) {
    throw new DomainError(
      'CONFLICT',
      `You have ${formatPence(balance)} of store credit, not the ${formatPence(movement.amount)} this needs`,
      { balance },
    );
  }
  const after = await takeStoreCredit(tx, movement.customerId, movement.amount);
  if (after === null) throw new Error(`Customer ${movement.customerId}'s credit moved under its lock`);
  const takes = allocateSpend(
    lots.filter((lot) => !due.includes(lot)),
    movement.amount,
    movement.at,
  );
  await moveLots(
    tx,
    takes.map(({ lotId, take }) => ({ lotId, delta: -take })),
  );
  const transaction = await record(tx, movement, -movement.amount, after, null);
  await recordLotSpends(tx, transaction.id, takes);
  return { balance: after, transaction };
}

/** A customer's store credit now (pence). */
export async function creditBalance(db: DbOrTx, customerId: string): Promise<number> {
  return (await storeCreditOf(db, customerId)) ?? 0;
}

export interface Wallet {
  balance: number;
  /** The shop's clock when it was read (what has expired, how many days are left). */
  now: Date;
  /** Newest first, each with where the credit it added (or expired) came from. */
  transactions: { row: CreditTransactionRow; source: string | null }[];
  lots: LotRow[];
}

export class CreditService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * The customer's wallet: the balance, every movement of it (newest first, the latest 500) with the source
   * of the credit it added or expired, and every lot the customer has had.
   */
  async wallet(customerId: string): Promise<Wallet> {
    const customer = await findCustomerById(this.db, customerId);
    // The session outlived its customer (deleted): the client treats 401 as signed out.
    if (!customer) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue');
    const [transactions, lots] = await Promise.all([
      this.db
        .select()
        .from(storeCreditTransactions)
        .where(eq(storeCreditTransactions.customerId, customerId))
        .orderBy(desc(storeCreditTransactions.createdAt), desc(storeCreditTransactions.id))
        .limit(500),
      lotsOf(this.db, customerId),
    ]);
    const byTransaction = new Map(
      lots.flatMap((lot) => (lot.transactionId ? [[lot.transactionId, lot]] : [])),
    );
    const byId = new Map(lots.map((lot) => [lot.id, lot]));
    return {
      balance: customer.storeCredits,
      now: this.clock.now(),
      transactions: transactions.map((row) => ({
        row,
        source:
          row.reason === 'expired'
            ? (byId.get(row.reference ?? '')?.source ?? null)
            : row.amount > 0
              ? (byTransaction.get(row.id)?.source ?? creditSourceOf(row.reason))
              : null,
      })),
      lots,
    };
  }

  /**
   * A credit code becomes store credit: once per code per customer and within the code's usage limit,
   * in one transaction (the redemption, the balance and its history row together or not at all).
   */
  async redeemCreditVoucher(
    customerId: string,
    code: string,
  ): Promise<{ balance: number; transaction: CreditTransactionRow; source: CreditSource; now: Date }> {
    const now = this.clock.now();
    const today = londonDate(now);
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
        at: now,
      });
      if (!transaction) {
        // A code worth nothing adds nothing: refuse it rather than record an empty redemption.
        throw new DomainError('VOUCHER_INVALID', VOUCHER_MESSAGES.voucherInvalid);
      }
      return { balance, transaction, source: 'credit_voucher' as const, now };
    });
  }
}
