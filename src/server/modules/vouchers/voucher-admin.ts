import { and, desc, eq, ilike, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { vouchers } from '../../db/schema/vouchers';

// Voucher codes as the back office keeps them (issue 25 part 3): the shop's own codes (never a customer's
// personal one), made and changed whole. The rules a code must meet are the back office's (shop-admin).

export type VoucherRecord = typeof vouchers.$inferSelect;
export type VoucherValues = Omit<
  typeof vouchers.$inferInsert,
  'id' | 'timesRedeemed' | 'customerId' | 'createdAt'
>;

/** The shop's codes, newest first; `search` is any part of the code. */
export function listShopVouchers(db: DbOrTx, search?: string): Promise<VoucherRecord[]> {
  const term = search
    ?.trim()
    .toUpperCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .select()
    .from(vouchers)
    .where(and(isNull(vouchers.customerId), term ? ilike(vouchers.code, `%${term}%`) : undefined))
    .orderBy(desc(vouchers.createdAt), vouchers.code)
    .limit(500);
}

/** One of the shop's codes (a personal code is not the back office's to change): null when none. */
export async function findShopVoucher(db: DbOrTx, id: string): Promise<VoucherRecord | null> {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.id, id), isNull(vouchers.customerId)))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function insertShopVoucher(db: DbOrTx, values: VoucherValues): Promise<VoucherRecord> {
  const [row] = await db.insert(vouchers).values(values).returning();
  return row!;
}

export async function updateShopVoucher(
  db: DbOrTx,
  id: string,
  values: Partial<VoucherValues>,
): Promise<VoucherRecord> {
  const [row] = await db.update(vouchers).set(values).where(eq(vouchers.id, id)).returning();
  return row!;
}
