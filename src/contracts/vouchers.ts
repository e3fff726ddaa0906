import * as z from 'zod/mini';
import { isoDateSchema, penceSchema, uuidSchema } from './common';
import { resource } from './envelope';

// Vouchers and store credit codes (spec §3 Voucher, §4 Voucher state, §7 Baskets vouchers, Vouchers,
// Customers credit_voucher).

export const VOUCHER_TYPES = ['DiscountVoucher', 'AddonVoucher', 'CreditVoucher'] as const;
export const VOUCHER_VALUE_TYPES = ['fixed_amount', 'percentage'] as const;

/** What a person types: trimmed and upper-cased before it is looked up (spec §5). */
export const voucherCodeSchema = z.string().check(z.trim(), z.toUpperCase(), z.minLength(1), z.maxLength(64));

/** A voucher's public terms: never how often it has been used. */
export const voucherTermsAttributes = z.object({
  code: z.string(),
  type: z.enum(VOUCHER_TYPES),
  valueType: z.enum(VOUCHER_VALUE_TYPES),
  /** Pence for fixed_amount and CreditVoucher; whole percent for percentage. */
  value: z.int(),
  description: z.string(),
  startDate: z.nullable(isoDateSchema),
  endDate: z.nullable(isoDateSchema),
  singleOrder: z.boolean(),
  minimumSpendPerOrder: z.nullable(penceSchema),
  /** Our variant ids, as on basket items. */
  productVariantIds: z.array(z.string()),
  addonVariantId: z.nullable(z.string()),
});
export type VoucherTermsView = z.infer<typeof voucherTermsAttributes>;

/** Spec §4: a valid flag plus a message; `{ valid: false, message: '' }` once removed. */
export const voucherStateSchema = z.object({ valid: z.boolean(), message: z.string() });

/** The voucher on a basket: its terms, its state and what it takes off. */
export const basketVoucherAttributes = z.extend(voucherTermsAttributes, {
  state: voucherStateSchema,
  discount: penceSchema,
});
export const basketVoucherSchema = z.extend(basketVoucherAttributes, { id: z.string() });
export type BasketVoucher = z.infer<typeof basketVoucherSchema>;

export const voucherResource = resource('vouchers', voucherTermsAttributes);
export const voucherDocument = z.object({ data: voucherResource });

export const basketVoucherResource = resource('vouchers', basketVoucherAttributes);
export const basketVoucherDocument = z.object({ data: basketVoucherResource });
/** At most one voucher per basket; `meta.state` is the reset state when there is none. */
export const basketVoucherListDocument = z.object({
  data: z.array(basketVoucherResource),
  meta: z.object({ state: voucherStateSchema }),
});

export const applyVoucherBody = z.strictObject({ code: voucherCodeSchema });
export type ApplyVoucherBody = z.infer<typeof applyVoucherBody>;

export const basketVoucherParams = z.strictObject({ id: uuidSchema, voucherId: uuidSchema });
/** A voucher's id or its code. */
export const voucherParams = z.strictObject({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

export const creditVoucherBody = z.strictObject({ code: voucherCodeSchema });
export type CreditVoucherBody = z.infer<typeof creditVoucherBody>;
