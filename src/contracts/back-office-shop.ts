import * as z from 'zod/mini';
import { isoDateSchema } from './common';
import { resource } from './envelope';

// The back office's running of the shop (issue 25 part 3): voucher codes, the shop's settings, the marketing
// banners and the restaurants. Owners and managers only (the `shop` capability, domain/staff-roles.ts).

export const VOUCHER_TYPES = ['DiscountVoucher', 'AddonVoucher', 'CreditVoucher'] as const;
export const VOUCHER_VALUE_TYPES = ['fixed_amount', 'percentage'] as const;

const variantId = z.string().check(z.regex(/^\d{1,15}$/, 'must be a product variant’s number'));

/**
 * POST /back_office/vouchers and PUT /back_office/vouchers/{id}: the whole voucher as the editor has it.
 * Numbers out of range (a percentage over 100, an amount below zero) and a missing end date pass the schema
 * and are refused by the rules with their own message (shop-admin/voucher-rules.ts).
 */
export const voucherAdminBody = z.strictObject({
  code: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  type: z.enum(VOUCHER_TYPES),
  valueType: z.enum(VOUCHER_VALUE_TYPES),
  /** Pence for an amount off and a credit code; whole percent for a percentage. */
  value: z.int().check(z.minimum(-10_000_000), z.maximum(10_000_000)),
  description: z.string().check(z.maxLength(300)),
  startDate: z.nullable(isoDateSchema),
  endDate: z.nullable(isoDateSchema),
  singleOrder: z.boolean(),
  minimumSpendPerOrder: z.nullable(z.int().check(z.minimum(-10_000_000), z.maximum(10_000_000))),
  productVariantIds: z.array(variantId).check(z.maxLength(50)),
  addonVariantId: z.nullable(variantId),
  usageLimit: z.nullable(z.int().check(z.minimum(-1_000_000), z.maximum(10_000_000))),
  oncePerCustomer: z.boolean(),
  newCustomersOnly: z.boolean(),
});
export type VoucherAdminBody = z.infer<typeof voucherAdminBody>;

export const voucherAdminParams = z.strictObject({ id: z.string().check(z.minLength(1), z.maxLength(60)) });

export const voucherAdminQuery = z.strictObject({
  /** Any part of the code. */
  search: z.optional(z.string().check(z.maxLength(40))),
});
export type VoucherAdminQuery = z.infer<typeof voucherAdminQuery>;

export const voucherAdminAttributes = z.object({
  code: z.string(),
  type: z.enum(VOUCHER_TYPES),
  valueType: z.enum(VOUCHER_VALUE_TYPES),
  value: z.number(),
  description: z.string(),
  startDate: z.nullable(z.string()),
  endDate: z.nullable(z.string()),
  singleOrder: z.boolean(),
  minimumSpendPerOrder: z.nullable(z.number()),
  productVariantIds: z.array(z.string()),
  addonVariantId: z.nullable(z.string()),
  usageLimit: z.nullable(z.number()),
  timesRedeemed: z.number(),
  oncePerCustomer: z.boolean(),
  newCustomersOnly: z.boolean(),
  /** In date today (London) and not used up. */
  active: z.boolean(),
  createdAt: z.string(),
});
export type VoucherAdminView = z.infer<typeof voucherAdminAttributes> & { id: string };

export const voucherAdminDocument = z.object({ data: resource('vouchers', voucherAdminAttributes) });
export const voucherAdminListDocument = z.object({
  data: z.array(resource('vouchers', voucherAdminAttributes)),
});
export const voucherAdminModel = z.extend(voucherAdminAttributes, { id: z.string() });

/**
 * The shop's settings the back office changes (GET /settings serves them): amounts in pence, times in whole
 * minutes or hours. Ranges are checked by the rules with their own message (shop-admin/settings-rules.ts).
 */
const wideInt = z.int().check(z.gte(-100_000_000), z.lte(100_000_000));
export const shopSettingsFields = {
  minimumSpend: wideInt,
  minimumSpendPerOrder: wideInt,
  defaultDeliveryFee: wideInt,
  freeDeliveryThreshold: wideInt,
  oneOffFee: wideInt,
  minimumCardCharge: wideInt,
  lateDeliveryCredit: wideInt,
  takeawayAcceptMinutes: wideInt,
  tabAutoCloseHours: wideInt,
  tabMaxHours: wideInt,
  tabLimitMax: wideInt,
  eventBookingClosesHours: wideInt,
};
export const shopSettingsBody = z.strictObject(shopSettingsFields);
export type ShopSettingsBody = z.infer<typeof shopSettingsBody>;
export const shopSettingsAttributes = z.object(shopSettingsFields);
export type ShopSettingsView = ShopSettingsBody;
export const shopSettingsDocument = z.object({ data: resource('shop_settings', shopSettingsAttributes) });
export const shopSettingsModel = z.extend(shopSettingsAttributes, { id: z.string() });
