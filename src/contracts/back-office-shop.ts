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

/** The smallest contrast between a banner's text and its background (WCAG 2 AA for normal text). */
export const BANNER_MIN_CONTRAST = 4.5;

function luminance(hex: string): number {
  const channel = (at: number) => {
    const c = parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The WCAG contrast ratio of two #rrggbb colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** POST /back_office/banners and PUT /back_office/banners/{id}: the whole banner as the editor has it. */
export const bannerAdminBody = z.strictObject({
  category: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  active: z.boolean(),
  position: z.int().check(z.minimum(-100_000), z.maximum(100_000)),
  /** new, existing, or null for everyone. */
  customerType: z.nullable(z.enum(['new', 'existing'])),
  text: z.string().check(z.trim(), z.maxLength(300)),
  mobileText: z.nullable(z.string().check(z.trim(), z.maxLength(300))),
  link: z.nullable(z.string().check(z.trim(), z.maxLength(500))),
  bgColor: z.string().check(z.maxLength(20)),
  fgColor: z.string().check(z.maxLength(20)),
  /** London dates, both inclusive; null: from now on, or with no end. */
  startDate: z.nullable(isoDateSchema),
  endDate: z.nullable(isoDateSchema),
});
export type BannerAdminBody = z.infer<typeof bannerAdminBody>;

export const bannerAdminParams = z.strictObject({ id: z.string().check(z.minLength(1), z.maxLength(40)) });

export const bannerAdminAttributes = z.object({
  category: z.string(),
  active: z.boolean(),
  position: z.number(),
  customerType: z.nullable(z.enum(['new', 'existing'])),
  text: z.string(),
  mobileText: z.nullable(z.string()),
  link: z.nullable(z.string()),
  bgColor: z.string(),
  fgColor: z.string(),
  startDate: z.nullable(z.string()),
  endDate: z.nullable(z.string()),
  /** Shown today: active and inside its dates. */
  showing: z.boolean(),
});
export type BannerAdminView = z.infer<typeof bannerAdminAttributes> & { id: string };
export const bannerAdminDocument = z.object({ data: resource('banners', bannerAdminAttributes) });
export const bannerAdminListDocument = z.object({
  data: z.array(resource('banners', bannerAdminAttributes)),
});
export const bannerAdminModel = z.extend(bannerAdminAttributes, { id: z.string() });

const openingWindow = z.strictObject({
  opens: z.string().check(z.maxLength(5)),
  closes: z.string().check(z.maxLength(5)),
});

/**
 * PUT /back_office/restaurants/{id}: how a restaurant runs. Opening hours are seven days, Sunday first, each
 * a list of windows "HH:MM" on the quarter hour; amounts in pence. Ranges are checked by the rules with their
 * own message (shop-admin/restaurant-rules.ts).
 */
export const restaurantAdminBody = z.strictObject({
  openingHours: z.array(z.array(openingWindow).check(z.maxLength(6))).check(z.maxLength(7)),
  prepMinutes: wideInt,
  deliveryRadiusMiles: z.number().check(z.gte(-1000), z.lte(1000)),
  deliveryFee: wideInt,
  freeDeliveryFrom: z.nullable(wideInt),
  minimumSpend: wideInt,
  slotCapacity: wideInt,
  offersDelivery: z.boolean(),
  offersPickup: z.boolean(),
  offersEatIn: z.boolean(),
  offersCatering: z.boolean(),
  cateringMinimumSpend: wideInt,
  cateringLeadHours: wideInt,
  tableCount: wideInt,
  hasTableNumbers: z.boolean(),
  tableNumberPrompt: z.nullable(z.string().check(z.trim(), z.maxLength(200))),
  openTabCheckouts: z.boolean(),
});
export type RestaurantAdminBody = z.infer<typeof restaurantAdminBody>;
export const restaurantAdminParams = z.strictObject({
  restaurantId: z.string().check(z.minLength(1), z.maxLength(60)),
});
export const restaurantAdminAttributes = z.extend(
  z.object({
    name: z.string(),
    site: z.string(),
    openingHours: z.array(z.array(z.object({ opens: z.string(), closes: z.string() }))),
  }),
  {
    prepMinutes: z.number(),
    deliveryRadiusMiles: z.number(),
    deliveryFee: z.number(),
    freeDeliveryFrom: z.nullable(z.number()),
    minimumSpend: z.number(),
    slotCapacity: z.number(),
    offersDelivery: z.boolean(),
    offersPickup: z.boolean(),
    offersEatIn: z.boolean(),
    offersCatering: z.boolean(),
    cateringMinimumSpend: z.number(),
    cateringLeadHours: z.number(),
    tableCount: z.number(),
    hasTableNumbers: z.boolean(),
    tableNumberPrompt: z.nullable(z.string()),
    openTabCheckouts: z.boolean(),
  },
);
export type RestaurantAdminView = z.infer<typeof restaurantAdminAttributes> & { id: string };
export const restaurantAdminDocument = z.object({ data: resource('restaurants', restaurantAdminAttributes) });
export const restaurantAdminListDocument = z.object({
  data: z.array(resource('restaurants', restaurantAdminAttributes)),
});
export const restaurantAdminModel = z.extend(restaurantAdminAttributes, { id: z.string() });
