import { desc, eq, sql } from 'drizzle-orm';
import { londonDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { mayAddCredit } from '../../../domain/email-confirmation';
import { formatPence } from '../../../domain/money';
import { normaliseVoucherCode, VOUCHER_MESSAGES } from '../../../domain/vouchers';
import {
  allocateReturn,
  allocateSpend,
  compareSpendOrder,
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
import {
  insertLot,
  lockLots,
  lockLotsOf,
  lotsOf,
  moveLots,
  recordLotSpends,
  spendsOf,
  type LotRow,
} from './wallet.repo';

// Store credit (spec §3 Customer storeCredits; §7 Customers credit_voucher, store_credit_transactions), one
// wallet (issue 23 part 4, decision 30). The balance only moves by these functions, each with its row in
// store_credit_transactions. Credit added is a lot with its source and expiry; a spend takes from the lots
// oldest-expiring first and records which; credit coming back from a payment returns to the lots it was
// taken from. customers.store_credits is always the sum of the lots' remaining. Locks: the customer's row
// first (the balance UPDATE, so two movements of one customer's credit queue), then their lots in id order.

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

/**
 * Credit that comes back to the lots a spend took it from: its reason → the reason of that spend (with the
 * same reference). A payment's credit returns when the payment fails or is refunded (payments' movePayments).
 */
const RETURNS: Readonly<Record<string, string>> = { payment_failed: 'order_payment' };

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`A credit amount is a whole number of pence, not ${amount}`);
  }
}

async function record(
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

async function balanceOf(tx: DbOrTx, customerId: string): Promise<number> {
  const balance = await storeCreditOf(tx, customerId);
  if (balance === null) throw new DomainError('CUSTOMER_NOT_FOUND', 'We could not find that account');
  return balance;
}

const earliest = (dates: readonly (Date | null)[]): Date | null =>
  dates.reduce<Date | null>((a, b) => (b && (!a || b.getTime() < a.getTime()) ? b : a), null);

/**
 * Adds credit; returns the new balance and the movement (null for 0). New credit is a lot with its source and
 * expiry; credit coming back (RETURNS) goes back into the lots its spend took it from, newest-expiring
 * first, and what they cannot take (a lot since expired, a spend from before lots) is a lot that never
 * expires.
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
    return {
      balance,
      transaction: await returnToLots(tx, movement, spendReason, movement.reference, balance),
    };
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
  });
  return { balance, transaction };
}

async function returnToLots(
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
    });
  }
  return transaction;
}

/**
 * The customer's lots with credit left, locked, covering their whole balance: credit the lots do not hold
 * (a balance written before lots existed, or by hand) becomes a lot that never expires.
 */
async function lockWallet(tx: DbOrTx, customerId: string, balance: number): Promise<LotRow[]> {
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
        createdAt: sql`clock_timestamp()`,
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
  const lots = await lockWallet(tx, movement.customerId, locked);
  const due = expiredLots(lots, movement.at);
  const { balance } = await expireLots(tx, movement.customerId, locked, due);
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
