import * as z from 'zod/mini';
import { resource } from './envelope';
import { isoDateSchema, penceSchema } from './common';

// Shop-wide reads: settings, delivery fees, bundles (spec §7 Delivery and constraints, Other).

export const menuWeekSchema = z.object({
  weekStart: isoDateSchema,
  label: z.string(),
  /** Whether a plan can still order the week: before cutoffAt (the Friday 12:00 before it). */
  orderable: z.boolean(),
  cutoffAt: z.string(),
  /** Whether a one-off box can still order it: before oneOffCutoffAt, the last next-day deadline of its days. */
  oneOffOrderable: z.boolean(),
  oneOffCutoffAt: z.string(),
});

export const settingsAttributes = z.object({
  currency: z.literal('GBP'),
  timeZone: z.string(),
  /** The server's clock, so the web app agrees with it on cutoffs (it may be pinned in a demo). */
  now: z.string(),
  minimumSpend: penceSchema,
  minimumSpendPerOrder: penceSchema,
  defaultDeliveryFee: penceSchema,
  freeDeliveryThreshold: penceSchema,
  /** A one-off box's fee for each delivery, on top of the delivery fee (decision 11). */
  oneOffFee: penceSchema,
  minimumCardCharge: penceSchema,
  cutoffWeekday: z.int(),
  cutoffHour: z.int(),
  menuWeeks: z.array(menuWeekSchema),
  firstOrderableWeek: isoDateSchema,
  oneOffMenuWeek: isoDateSchema,
  /** Credit given, with no claim needed, for a takeaway delivered after its promised window (issue 13). */
  lateDeliveryCredit: z.object({ amount: penceSchema, rule: z.string() }),
  /** Minutes a restaurant has to accept a paid takeaway before it is cancelled and refunded (issue 19). */
  takeawayAcceptance: z.object({ minutes: z.int(), rule: z.string() }),
  /**
   * Dine-in (decision 28): the tip percentages offered (after "No tip"), when a forgotten tab closes by
   * itself unless its holder chooses (hours after opening, and the most it may stay open), the highest limit
   * a tab may hold and the limits offered first.
   */
  dineIn: z.object({
    tipPercents: z.array(z.number()),
    tabAutoCloseHours: z.int(),
    tabMaxHours: z.int(),
    tabLimitMax: penceSchema,
    tabLimitChoices: z.array(penceSchema),
  }),
  /**
   * Events (decision 29): the refund scale (each step: a change at least `daysBefore` London days before
   * gives back `percent` of what it takes off, to the card or as credit; changes close at the last step),
   * when bookings close before the start, how long seats are held while paying, and the rule in words.
   */
  events: z.object({
    refundScale: z.array(z.object({ daysBefore: z.int(), percent: z.int(), as: z.enum(['card', 'credit']) })),
    bookingClosesHours: z.int(),
    holdMinutes: z.int(),
    refundRule: z.string(),
  }),
});
export const settingsDocument = z.object({ data: resource('settings', settingsAttributes) });
export const settingsModel = z.extend(settingsAttributes, { id: z.string() });
export type Settings = z.infer<typeof settingsModel>;

export const deliveryFeeConfigAttributes = z.object({
  weekDay: z.int().check(z.gte(0), z.lte(6)),
  threshold: penceSchema,
  price: penceSchema,
});
export const deliveryFeeConfigDocument = z.object({
  data: z.array(resource('delivery_fee_config_items', deliveryFeeConfigAttributes)),
});

export const bundleAttributes = z.object({
  productId: z.string(),
  productExtId: z.string(),
  title: z.string(),
  position: z.int(),
});
export const bundlesDocument = z.object({ data: z.array(resource('bundles', bundleAttributes)) });
export const bundleModel = z.extend(bundleAttributes, { id: z.string() });
export type Bundle = z.infer<typeof bundleModel>;

const hexColour = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/));

export const marketingBannerAttributes = z.object({
  category: z.string(),
  active: z.boolean(),
  position: z.int(),
  customerType: z.nullable(z.enum(['new', 'existing'])),
  text: z.string(),
  mobileText: z.nullable(z.string()),
  link: z.nullable(z.string()),
  bgColor: hexColour,
  fgColor: hexColour,
});
export const marketingBannersDocument = z.object({
  data: z.array(resource('marketing_banners', marketingBannerAttributes)),
});
export const marketingBannerModel = z.extend(marketingBannerAttributes, { id: z.string() });
export type MarketingBanner = z.infer<typeof marketingBannerModel>;

export const healthDocument = z.object({ status: z.enum(['ok', 'unavailable']) });

/** What the server tells the browser at load, in `window.__SFOGLIA__` (an allow-list of config). */
export const publicConfigSchema = z.object({
  branch: z.string(),
  storefrontToken: z.string(),
  storefrontUrl: z.string(),
  brandSiteUrl: z.string(),
  stagingBanner: z.nullable(z.string()),
  /** Where the browser goes after signing out (the brand site's, or our /signed-out). */
  logoutUrl: z.string(),
  /** Wallet logos the checkout bar leaves out (spec §2: Google Pay and Apple Pay logos can be hidden). */
  hiddenWalletLogos: z.array(z.enum(['google_pay', 'apple_pay'])),
  /** local: our own sign-in pages for each provider; live: Google, Facebook and Apple themselves. */
  social: z.object({
    mode: z.enum(['local', 'live']),
    googleClientId: z.string(),
    facebookAppId: z.string(),
    appleClientId: z.string(),
  }),
  /**
   * sandbox: the embedded processor's own card form; live: Stripe's fields, from Stripe.js at `stripeJsUrl`
   * with the publishable key (both null in the sandbox).
   */
  payments: z.object({
    mode: z.enum(['sandbox', 'live']),
    stripePublishableKey: z.nullable(z.string()),
    stripeJsUrl: z.nullable(z.string()),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
