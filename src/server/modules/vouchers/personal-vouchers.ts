import { randomInt } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { personalCode } from '../../../domain/referrals';
import type { DbOrTx } from '../../db/client';
import { voucherRedemptions, vouchers } from '../../db/schema/vouchers';

// Personal codes (decision 30): a referral's welcome code and a plan's loyalty reward belong to one customer
// (vouchers.customer_id), are used once, and are checked against their owner wherever a code is checked
// (usageProblem, takeRedemption).

export interface PersonalVoucherTerms {
  customerId: string;
  /** "WELCOME", "PLAN": the code is the prefix and six characters nobody misreads. */
  prefix: string;
  /** Pence off. */
  value: number;
  minimumSpendPerOrder: number | null;
  singleOrder: boolean;
  newCustomersOnly: boolean;
  /** The last London day it can be used. */
  endDate: string;
  description: string;
}

/** Makes a personal single-use discount code (a fresh code on the rare clash with another); its id and code. */
export async function createPersonalVoucher(
  tx: DbOrTx,
  terms: PersonalVoucherTerms,
): Promise<{ id: string; code: string }> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const code = personalCode(terms.prefix, () => randomInt(0, 1_000_000) / 1_000_000);
    const [row] = await tx
      .insert(vouchers)
      .values({
        code,
        type: 'DiscountVoucher',
        valueType: 'fixed_amount',
        value: terms.value,
        description: terms.description,
        endDate: terms.endDate,
        singleOrder: terms.singleOrder,
        minimumSpendPerOrder: terms.minimumSpendPerOrder,
        usageLimit: 1,
        oncePerCustomer: true,
        newCustomersOnly: terms.newCustomersOnly,
        customerId: terms.customerId,
      })
      .onConflictDoNothing({ target: vouchers.code })
      .returning({ id: vouchers.id, code: vouchers.code });
    if (row) return row;
  }
  throw new Error('Could not make a personal voucher code that is not taken');
}

interface PersonalVoucher {
  id: string;
  code: string;
  customerId: string | null;
  value: number;
  minimumSpendPerOrder: number | null;
  endDate: string | null;
  description: string;
  /** Used up (its one use taken by a checkout that was not given up). */
  used: boolean;
  /** When it was used (the latest redemption), if it was. */
  usedAt: Date | null;
}

/** These vouchers as their owner sees them, by id: one statement. */
export async function personalVouchersOf(
  db: DbOrTx,
  voucherIds: readonly string[],
): Promise<Map<string, PersonalVoucher>> {
  const ids = [...new Set(voucherIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: vouchers.id,
      code: vouchers.code,
      customerId: vouchers.customerId,
      value: vouchers.value,
      minimumSpendPerOrder: vouchers.minimumSpendPerOrder,
      endDate: vouchers.endDate,
      description: vouchers.description,
      usageLimit: vouchers.usageLimit,
      timesRedeemed: vouchers.timesRedeemed,
      usedAt: sql<
        string | null
      >`(select max(${voucherRedemptions.createdAt}) from ${voucherRedemptions} where ${voucherRedemptions.voucherId} = ${vouchers.id})`,
    })
    .from(vouchers)
    .where(inArray(vouchers.id, ids));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        code: row.code,
        customerId: row.customerId,
        value: row.value,
        minimumSpendPerOrder: row.minimumSpendPerOrder,
        endDate: row.endDate,
        description: row.description,
        used: row.usageLimit !== null && row.timesRedeemed >= row.usageLimit,
        usedAt: row.usedAt ? new Date(row.usedAt) : null,
      },
    ]),
  );
}
