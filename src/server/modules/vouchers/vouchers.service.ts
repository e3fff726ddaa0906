import { and, eq, ne, sql } from 'drizzle-orm';
import type { VoucherTermsView } from '../../../contracts/vouchers';
import type { VoucherOnBasket } from '../../../contracts/baskets';
import { DomainError } from '../../../domain/errors';
import {
  dateProblem,
  normaliseVoucherCode,
  VOUCHER_MESSAGES,
  type VoucherTerms,
} from '../../../domain/vouchers';
import type { Db, DbOrTx } from '../../db/client';
import { basketVouchers, voucherRedemptions, vouchers } from '../../db/schema/vouchers';
import { checkouts } from '../../db/schema/checkout';
import {
  findVoucherByCode,
  findVoucherById,
  loadAppliedVouchers,
  toTerms,
  toTermsView,
  type VoucherRow,
} from './vouchers.repo';

// Vouchers (spec §3 Voucher, §7 Vouchers): a code's terms, the voucher on a basket as pricing needs it, and
// its redemption when a checkout makes its orders (released again if the checkout is given up).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class VouchersService {
  constructor(private readonly db: Db) {}

  /** A voucher's public terms, by its id or its code. */
  async terms(idOrCode: string): Promise<{ id: string; terms: VoucherTermsView }> {
    const row = UUID.test(idOrCode)
      ? await findVoucherById(this.db, idOrCode)
      : await findVoucherByCode(this.db, normaliseVoucherCode(idOrCode));
    if (!row) throw new DomainError('VOUCHER_NOT_FOUND', VOUCHER_MESSAGES.invalidCode);
    return { id: row.id, terms: toTermsView(row) };
  }
}

/** The voucher on a basket, as the checkout prices it; null when there is none. */
export async function voucherForBasket(
  db: DbOrTx,
  basketId: string,
): Promise<(VoucherTerms & { id: string }) | null> {
  const [row] = await db
    .select({ voucher: vouchers })
    .from(basketVouchers)
    .innerJoin(vouchers, eq(vouchers.id, basketVouchers.voucherId))
    .where(eq(basketVouchers.basketId, basketId))
    .limit(1);
  const terms = row ? toTerms(row.voucher) : null;
  return terms ? { id: row!.voucher.id, ...terms } : null;
}

/** Puts the voucher on the basket (replacing any other code there): the caller holds the basket's lock. */
export async function putVoucherOnBasket(tx: DbOrTx, basketId: string, voucherId: string): Promise<void> {
  await tx
    .insert(basketVouchers)
    .values({ basketId, voucherId })
    .onConflictDoUpdate({
      target: basketVouchers.basketId,
      set: { voucherId, createdAt: sql`now()` },
    });
}

/** Takes the voucher off the basket; false when it was not there. */
export async function takeVoucherOffBasket(
  tx: DbOrTx,
  basketId: string,
  voucherId: string,
): Promise<boolean> {
  const removed = await tx
    .delete(basketVouchers)
    .where(and(eq(basketVouchers.basketId, basketId), eq(basketVouchers.voucherId, voucherId)))
    .returning({ voucherId: basketVouchers.voucherId });
  return removed.length > 0;
}

/**
 * The voucher on a basket with what pricing it needs beyond its terms: an AddonVoucher's free product
 * (title, SKU, price, ids; null when sold out) and the usage problem for the basket's customer. Pass it to
 * the domain's `applyVoucher` (or the contracts' `priceBasketItems`) to get the free lines and the state.
 */
export async function voucherOnBasket(db: DbOrTx, basketId: string): Promise<VoucherOnBasket | null> {
  return (await loadAppliedVouchers(db, [basketId])).get(basketId) ?? null;
}

/** Whether the customer has paid for a checkout other than this one. */
async function hasPaidBefore(tx: DbOrTx, customerId: string, checkoutId: string | null): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql`1` })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.customerId, customerId),
        eq(checkouts.state, 'paid'),
        checkoutId ? ne(checkouts.id, checkoutId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

async function redeemedBy(tx: DbOrTx, voucherId: string, customerId: string): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql`1` })
    .from(voucherRedemptions)
    .where(and(eq(voucherRedemptions.voucherId, voucherId), eq(voucherRedemptions.customerId, customerId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Counts one use of a code, atomically: the conditional increment takes the voucher's row lock, so of any
 * number of checkouts racing for a single-use code exactly one gets it; the once-per-customer and
 * new-customer checks run after that lock, so they see every redemption committed before; a personal code
 * is refused to anyone but its owner. Throws
 * VOUCHER_INVALID (the caller's transaction then rolls back). Used by the checkout and by credit codes.
 */
export async function takeRedemption(
  tx: DbOrTx,
  voucher: VoucherRow,
  {
    customerId,
    checkoutId,
    amount,
    today,
  }: { customerId: string; checkoutId: string | null; amount: number; today: string },
  {
    oncePerCustomer = voucher.oncePerCustomer,
    usedByCustomer = VOUCHER_MESSAGES.usedByCustomer,
  }: { oncePerCustomer?: boolean; usedByCustomer?: string } = {},
): Promise<void> {
  // A personal code (decision 30) is its owner's alone, whatever else holds.
  if (voucher.customerId && voucher.customerId !== customerId) {
    throw new DomainError('VOUCHER_INVALID', VOUCHER_MESSAGES.anotherAccount);
  }
  const outOfDate = dateProblem(voucher, today);
  if (outOfDate) throw new DomainError('VOUCHER_INVALID', outOfDate);
  const [counted] = await tx
    .update(vouchers)
    .set({ timesRedeemed: sql`${vouchers.timesRedeemed} + 1` })
    .where(
      and(
        eq(vouchers.id, voucher.id),
        sql`(${vouchers.usageLimit} is null or ${vouchers.timesRedeemed} < ${vouchers.usageLimit})`,
      ),
    )
    .returning({ id: vouchers.id });
  if (!counted) throw new DomainError('VOUCHER_INVALID', VOUCHER_MESSAGES.limitReached);
  if (oncePerCustomer && (await redeemedBy(tx, voucher.id, customerId))) {
    throw new DomainError('VOUCHER_INVALID', usedByCustomer);
  }
  if (voucher.newCustomersOnly && (await hasPaidBefore(tx, customerId, checkoutId))) {
    throw new DomainError('VOUCHER_INVALID', VOUCHER_MESSAGES.newCustomersOnly);
  }
  await tx.insert(voucherRedemptions).values({ voucherId: voucher.id, customerId, checkoutId, amount });
}

/**
 * Redeems a basket voucher for a checkout, inside the checkout's transaction: the usage limit, once per
 * customer, new customers only and the dates are checked again here (a visitor's basket was not checked
 * for the customer ones). Redeeming again for the same checkout does nothing. Throws VOUCHER_INVALID
 * ("This code has already been used" once the limit is reached).
 */
export async function redeemVoucher(
  tx: DbOrTx,
  {
    voucherId,
    customerId,
    checkoutId,
    amount,
    today,
  }: { voucherId: string; customerId: string; checkoutId: string; amount: number; today: string },
): Promise<void> {
  const [already] = await tx
    .select({ voucherId: voucherRedemptions.voucherId })
    .from(voucherRedemptions)
    .where(eq(voucherRedemptions.checkoutId, checkoutId))
    .limit(1);
  if (already) {
    if (already.voucherId === voucherId) return;
    throw new DomainError('CONFLICT', 'This checkout has already used another code');
  }
  const voucher = await findVoucherById(tx, voucherId);
  if (!voucher || voucher.type === 'CreditVoucher') {
    throw new DomainError('VOUCHER_INVALID', VOUCHER_MESSAGES.invalidCode);
  }
  await takeRedemption(tx, voucher, { customerId, checkoutId, amount: Math.max(0, amount), today });
}

/** The checkout was cancelled: its redemption is undone and the code can be used again. */
export async function releaseVoucher(tx: DbOrTx, checkoutId: string): Promise<boolean> {
  const released = await tx
    .delete(voucherRedemptions)
    .where(eq(voucherRedemptions.checkoutId, checkoutId))
    .returning({ voucherId: voucherRedemptions.voucherId });
  for (const { voucherId } of released) {
    await tx
      .update(vouchers)
      .set({ timesRedeemed: sql`greatest(${vouchers.timesRedeemed} - 1, 0)` })
      .where(eq(vouchers.id, voucherId));
  }
  return released.length > 0;
}
