import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  usageProblem,
  VOUCHER_MESSAGES,
  type VoucherCustomerFacts,
  type VoucherTerms,
} from '../../../domain/vouchers';
import type { VoucherTermsView } from '../../../contracts/vouchers';
import type { VoucherOnBasket } from '../../../contracts/baskets';
import type { Db, DbOrTx } from '../../db/client';
import { preparedJoining } from '../../db/request-transaction';
import { variantDishes } from '../menu';
import { baskets } from '../../db/schema/baskets';
import { basketVouchers, voucherRedemptions, vouchers } from '../../db/schema/vouchers';
import { checkouts } from '../../db/schema/checkout';

export type VoucherRow = typeof vouchers.$inferSelect;

export async function findVoucherByCode(db: DbOrTx, code: string): Promise<VoucherRow | null> {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.code, code)).limit(1);
  return row ?? null;
}

export async function findVoucherById(db: DbOrTx, id: string): Promise<VoucherRow | null> {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.id, id)).limit(1);
  return row ?? null;
}

/**
 * A voucher's code as a column of another area's statement (a subquery on `voucherId`, e.g. an order's
 * voucher): null when there is none.
 */
export function voucherCodeOf(voucherId: SQL | AnyPgColumn): SQL<string | null> {
  return sql<string | null>`(select ${vouchers.code} from ${vouchers} where ${vouchers.id} = ${voucherId})`;
}

/** The codes of these vouchers, by id: one statement. */
export async function voucherCodes(db: DbOrTx, voucherIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(voucherIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: vouchers.id, code: vouchers.code })
    .from(vouchers)
    .where(inArray(vouchers.id, ids));
  return new Map(rows.map((row) => [row.id, row.code]));
}

/** The domain's terms of a basket voucher (a CreditVoucher is never one: it becomes credit instead). */
export function toTerms(row: VoucherRow): VoucherTerms | null {
  if (row.type === 'CreditVoucher') return null;
  return {
    code: row.code,
    type: row.type,
    valueType: row.valueType,
    value: row.value,
    startDate: row.startDate,
    endDate: row.endDate,
    singleOrder: row.singleOrder,
    minimumSpendPerOrder: row.minimumSpendPerOrder,
    productVariantIds: row.productVariantIds,
    addonVariantId: row.addonVariantId,
  };
}

/** The public terms, as the API shows them: never how often the code has been used. */
export function toTermsView(row: VoucherRow): VoucherTermsView {
  return {
    code: row.code,
    type: row.type,
    valueType: row.valueType,
    value: row.value,
    description: row.description,
    startDate: row.startDate,
    endDate: row.endDate,
    singleOrder: row.singleOrder,
    minimumSpendPerOrder: row.minimumSpendPerOrder,
    productVariantIds: row.productVariantIds.map(String),
    addonVariantId: row.addonVariantId === null ? null : String(row.addonVariantId),
  };
}

function appliedQuery(db: DbOrTx, where: SQL) {
  const addon = variantDishes(db);
  return db
    .select({
      basketId: basketVouchers.basketId,
      basketCustomerId: baskets.customerId,
      voucher: vouchers,
      // Once-per-customer and new-customer facts for the basket's customer (none for a visitor's basket).
      redeemedBefore: sql<boolean>`exists (select 1 from ${voucherRedemptions} where ${voucherRedemptions.voucherId} = ${vouchers.id} and ${voucherRedemptions.customerId} = ${baskets.customerId})`,
      hasPaidOrder: sql<boolean>`exists (select 1 from ${checkouts} where ${checkouts.customerId} = ${baskets.customerId} and ${checkouts.state} = 'paid')`,
      addonId: addon.variantId,
      addonExtId: addon.variantExtId,
      addonVariantTitle: addon.variantTitle,
      addonSku: addon.sku,
      addonPrice: addon.pricePence,
      addonIsDouble: addon.isDouble,
      addonAvailable: addon.quantityAvailable,
      addonProductId: addon.productId,
      addonProductExtId: addon.productExtId,
      addonTitle: addon.title,
      addonTags: addon.tags,
      addonImageUrl: addon.imageUrl,
    })
    .from(basketVouchers)
    .innerJoin(vouchers, eq(vouchers.id, basketVouchers.voucherId))
    .innerJoin(baskets, eq(baskets.id, basketVouchers.basketId))
    .leftJoin(addon, eq(addon.variantId, vouchers.addonVariantId))
    .where(where);
}
type AppliedRow = Awaited<ReturnType<typeof appliedQuery>>[number];

function toApplied(row: AppliedRow): VoucherOnBasket | null {
  const terms = toTerms(row.voucher);
  if (!terms) return null;
  const customer: VoucherCustomerFacts | null = row.basketCustomerId
    ? { customerId: row.basketCustomerId, redeemedBefore: row.redeemedBefore, hasPaidOrder: row.hasPaidOrder }
    : null;
  const addonInStock = row.addonId !== null && row.addonProductId !== null && (row.addonAvailable ?? 0) > 0;
  return {
    id: row.voucher.id,
    terms,
    view: toTermsView(row.voucher),
    usageProblem: usageProblem(row.voucher, customer),
    addon: addonInStock
      ? {
          title: row.addonTitle!,
          variantTitle: row.addonVariantTitle!,
          sku: row.addonSku!,
          price: row.addonPrice!,
          imageUrl: row.addonImageUrl,
          isDouble: row.addonIsDouble!,
          tags: row.addonTags!,
          productVariantId: String(row.addonId),
          productVariantExtId: row.addonExtId!,
          productId: String(row.addonProductId),
          productExtId: row.addonProductExtId!,
          quantityAvailable: row.addonAvailable!,
        }
      : null,
  };
}

/** The vouchers on these baskets, by basket id, with what the basket needs to price them: one query. */
export async function loadAppliedVouchers(
  db: DbOrTx,
  basketIds: readonly string[],
): Promise<Map<string, VoucherOnBasket>> {
  if (basketIds.length === 0) return new Map();
  const rows = await appliedQuery(db, inArray(basketVouchers.basketId, [...basketIds]));
  return appliedByBasket(rows);
}

function appliedByBasket(rows: AppliedRow[]): Map<string, VoucherOnBasket> {
  const out = new Map<string, VoucherOnBasket>();
  for (const row of rows) {
    const applied = toApplied(row);
    if (applied) out.set(row.basketId, applied);
  }
  return out;
}

/**
 * Whether the basket `basketId` (a column or value of another area's statement) has a voucher on it: adding to
 * a basket asks in its one statement, and reads the voucher only when there is one.
 */
export function basketHasVoucher(basketId: AnyPgColumn | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${basketVouchers} where ${basketVouchers.basketId} = ${basketId})`;
}

/** The voucher on one basket, as a prepared statement: read with every basket view. */
export function prepareAppliedVoucher(db: Db) {
  const prepared = preparedJoining(db, (db) =>
    appliedQuery(db, eq(basketVouchers.basketId, sql.placeholder('basketId'))).prepare(
      'basket_applied_voucher',
    ),
  );
  return async (basketId: string): Promise<VoucherOnBasket | null> => {
    const rows = await prepared().execute({ basketId });
    return appliedByBasket(rows).get(basketId) ?? null;
  };
}

/**
 * Why a customer may not use a code now (another's personal code, its limit, once per customer, new customers
 * only); null if they may.
 */
export async function customerUsageProblem(
  db: DbOrTx,
  voucher: VoucherRow,
  customerId: string,
): Promise<string | null> {
  const [facts] = await db
    .select({
      redeemedBefore: sql<boolean>`exists (select 1 from ${voucherRedemptions} where ${voucherRedemptions.voucherId} = ${voucher.id} and ${voucherRedemptions.customerId} = ${customerId})`,
      hasPaidOrder: sql<boolean>`exists (select 1 from ${checkouts} where ${checkouts.customerId} = ${customerId} and ${checkouts.state} = 'paid')`,
    })
    .from(sql`(select 1) as one`);
  // A credit code adds credit once per customer, whatever its row says (credit.service redeems it so).
  const credit = voucher.type === 'CreditVoucher';
  const problem = usageProblem(
    { ...voucher, oncePerCustomer: voucher.oncePerCustomer || credit },
    {
      customerId,
      redeemedBefore: facts?.redeemedBefore ?? false,
      hasPaidOrder: facts?.hasPaidOrder ?? false,
    },
  );
  return credit && problem === VOUCHER_MESSAGES.usedByCustomer
    ? VOUCHER_MESSAGES.creditAlreadyAdded
    : problem;
}
