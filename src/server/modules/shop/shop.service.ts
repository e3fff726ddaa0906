import { formatPence, pence, type Pence } from '../../../domain/money';
import { DEFAULT_LATE_DELIVERY_CREDIT } from '../../../domain/takeaway';
import { acceptanceRule, DEFAULT_ACCEPT_MINUTES } from '../../../domain/takeaway-promises';
import { TAB_DEFAULTS, TIP_PERCENTS } from '../../../domain/tabs';
import {
  DEFAULT_REFUND_SCALE,
  EVENT_HOLD_MINUTES,
  refundRuleText,
  type RefundScale,
  type RefundStep,
} from '../../../domain/events';
import {
  DEFAULT_DELIVERY_FEE,
  DEFAULT_MINIMUM_SPEND,
  DEFAULT_MINIMUM_SPEND_PER_ORDER,
  DEFAULT_ONE_OFF_FEE,
  type BasketRules,
} from '../../../domain/basket';
import {
  CUTOFF_HOUR,
  CUTOFF_WEEKDAY,
  firstOrderableWeek,
  isWeekOrderable,
  menuWeekStarts,
  oneOffMenuWeek,
  orderCutoff,
  weekOrderDeadline,
  weekLabel,
} from '../../../domain/menu-weeks';
import { SHOP_TIME_ZONE } from '../../../domain/calendar';
import {
  loyaltyTermsFrom,
  loyaltyTermsText,
  referralHeadline,
  referralTermsFrom,
  referralTermsText,
  type LoyaltyTerms,
  type ReferralTerms,
} from '../../../domain/referrals';
import type { SettingsWithRewards } from '../../../contracts/rewards';
import type { DbOrTx } from '../../db/client';
import { inRequestTransaction } from '../../db/request-transaction';
import { readBundles } from '../menu';
import { readDeliveryFeeConfig, readSettings } from './shop.repo';

export const DEFAULT_FREE_DELIVERY_THRESHOLD = pence(4000);
/** Spec §5: a card is charged only when the amount is 30p or more. */
export const DEFAULT_MINIMUM_CARD_CHARGE = pence(30);

function asPence(value: unknown, fallback: Pence): Pence {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? pence(value) : fallback;
}

/** Spec §7 preview_one_off_fee: an operator's one-off fee (pence, up to £1,000); anything else is £2.99. */
function asOneOffFee(value: unknown): Pence {
  const fee = asPence(value, DEFAULT_ONE_OFF_FEE);
  return fee <= 100_000 ? fee : DEFAULT_ONE_OFF_FEE;
}

export interface ShopRules extends BasketRules {
  minimumCardCharge: Pence;
  /** Store credit for a takeaway delivered after its promised window (issue 13 part 5). */
  lateDeliveryCredit: Pence;
  /** Minutes a kitchen has to accept a paid takeaway before it is turned down and refunded (issue 19). */
  takeawayAcceptMinutes: number;
  /** A tab's clock and limits (decision 28). */
  tabs: { autoCloseHours: number; maxHours: number; limitMax: Pence };
  /** Events' refund scale and booking close (decision 29). */
  events: RefundScale;
  /** Referrals and plan loyalty (decision 30): settings `referral_terms` and `loyalty_terms`. */
  referrals: ReferralTerms;
  loyalty: LoyaltyTerms;
}

/**
 * The refund scale an operator set (`event_refund_scale`: steps of whole days 0–365 and percents 0–100, to the
 * card or as credit, at most 5; `event_booking_closes_hours`: 0–72), or the default for anything else.
 */
function eventRules(values: Partial<Record<string, unknown>>): RefundScale {
  const raw = values.event_refund_scale;
  const valid = (step: unknown): step is RefundStep => {
    const s = step as Partial<RefundStep> | null;
    return (
      typeof s === 'object' &&
      s !== null &&
      Number.isInteger(s.daysBefore) &&
      s.daysBefore! >= 0 &&
      s.daysBefore! <= 365 &&
      Number.isInteger(s.percent) &&
      s.percent! >= 0 &&
      s.percent! <= 100 &&
      (s.as === 'card' || s.as === 'credit')
    );
  };
  const steps =
    Array.isArray(raw) && raw.length <= 5 && raw.every(valid)
      ? [...raw].sort((a, b) => b.daysBefore - a.daysBefore)
      : DEFAULT_REFUND_SCALE.steps;
  const hours = values.event_booking_closes_hours;
  return {
    steps,
    bookingClosesHours:
      typeof hours === 'number' && Number.isInteger(hours) && hours >= 0 && hours <= 72
        ? hours
        : DEFAULT_REFUND_SCALE.bookingClosesHours,
  };
}

/** Whole hours from 1 to 48, or the default. */
function asHours(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 48 ? value : fallback;
}

/** A tab's clock and limits: the maximum is never below the default, and the limit at most £10,000. */
function tabRules(values: Partial<Record<string, unknown>>): ShopRules['tabs'] {
  const maxHours = asHours(values.tab_max_hours, TAB_DEFAULTS.maxHours);
  const limitMax = asPence(values.tab_limit_max, TAB_DEFAULTS.limitMax);
  return {
    autoCloseHours: Math.min(asHours(values.tab_auto_close_hours, TAB_DEFAULTS.autoCloseHours), maxHours),
    maxHours,
    limitMax: limitMax > 0 && limitMax <= 1_000_000 ? limitMax : TAB_DEFAULTS.limitMax,
  };
}

/** A whole number of minutes from 1 to 60, or the default. */
function asMinutes(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 60 ? value : fallback;
}

/** The basket rules an operator has set, with the spec's defaults for anything unset. */
export async function loadShopRules(db: DbOrTx): Promise<ShopRules> {
  const [values, fees] = await Promise.all([readSettings(db), readDeliveryFeeConfig(db)]);
  return {
    minimumSpend: asPence(values.minimum_spend, DEFAULT_MINIMUM_SPEND),
    minimumSpendPerOrder: asPence(values.minimum_spend_per_order, DEFAULT_MINIMUM_SPEND_PER_ORDER),
    defaultDeliveryFee: {
      price: asPence(values.default_delivery_fee, DEFAULT_DELIVERY_FEE),
      threshold: asPence(values.free_delivery_threshold, DEFAULT_FREE_DELIVERY_THRESHOLD),
    },
    deliveryFees: fees.map((fee) => ({
      weekDay: fee.weekDay,
      threshold: pence(fee.thresholdPence),
      price: pence(fee.pricePence),
    })),
    oneOffFee: asOneOffFee(values.one_off_fee),
    minimumCardCharge: asPence(values.minimum_card_charge, DEFAULT_MINIMUM_CARD_CHARGE),
    lateDeliveryCredit: asPence(values.late_delivery_credit, pence(DEFAULT_LATE_DELIVERY_CREDIT)),
    takeawayAcceptMinutes: asMinutes(values.takeaway_accept_minutes, DEFAULT_ACCEPT_MINUTES),
    tabs: tabRules(values),
    events: eventRules(values),
    referrals: referralTermsFrom(values.referral_terms),
    loyalty: loyaltyTermsFrom(values.loyalty_terms),
  };
}

/**
 * Rules change rarely and are read on every basket call; a few seconds of caching saves two queries per
 * call on the embedded database's single connection.
 */
export function cachedShopRules(db: DbOrTx, ttlMs = 5_000) {
  let cached: { at: number; rules: Promise<ShopRules>; settled: boolean } | null = null;
  return {
    /**
     * The rules, from the cache or read now. Inside a transaction pass it (`tx`), or run in a request's
     * (decision 26): the rules are then read in it unless the cache holds them already. On the embedded
     * database's one connection a read outside the open transaction, or one in flight, would wait for it
     * forever.
     */
    get(tx?: DbOrTx): Promise<ShopRules> {
      const inside = tx !== undefined || inRequestTransaction();
      if (cached && Date.now() - cached.at <= ttlMs && (cached.settled || !inside)) return cached.rules;
      if (inside) return loadShopRules(tx ?? db);
      const entry = { at: Date.now(), rules: loadShopRules(db), settled: false };
      cached = entry;
      entry.rules.then(
        () => {
          entry.settled = true;
        },
        () => {
          if (cached === entry) cached = null;
        },
      );
      return entry.rules;
    },
    invalidate() {
      cached = null;
    },
  };
}
export type ShopRulesCache = ReturnType<typeof cachedShopRules>;

/** What the shop's routes read besides its rules: the delivery fee per weekday and the bundles. */
export function shopReads(db: DbOrTx) {
  return {
    deliveryFeeConfig: () => readDeliveryFeeConfig(db),
    bundles: () => readBundles(db),
  };
}

export type ShopReads = ReturnType<typeof shopReads>;

export function settingsView(rules: ShopRules, now: Date): SettingsWithRewards {
  return {
    id: 'current',
    currency: 'GBP',
    timeZone: SHOP_TIME_ZONE,
    now: now.toISOString(),
    minimumSpend: rules.minimumSpend,
    minimumSpendPerOrder: rules.minimumSpendPerOrder,
    defaultDeliveryFee: rules.defaultDeliveryFee.price,
    freeDeliveryThreshold: rules.defaultDeliveryFee.threshold,
    oneOffFee: rules.oneOffFee,
    minimumCardCharge: rules.minimumCardCharge,
    cutoffWeekday: CUTOFF_WEEKDAY,
    cutoffHour: CUTOFF_HOUR,
    menuWeeks: menuWeekStarts(now).map((weekStart) => ({
      weekStart,
      label: weekLabel(weekStart),
      orderable: isWeekOrderable(weekStart, now),
      cutoffAt: orderCutoff(weekStart).toISOString(),
      oneOffOrderable: isWeekOrderable(weekStart, now, 'one-off'),
      oneOffCutoffAt: weekOrderDeadline(weekStart, 'one-off').toISOString(),
    })),
    firstOrderableWeek: firstOrderableWeek(now),
    oneOffMenuWeek: oneOffMenuWeek(now),
    lateDeliveryCredit: {
      amount: rules.lateDeliveryCredit,
      rule: lateDeliveryRule(rules.lateDeliveryCredit),
    },
    takeawayAcceptance: {
      minutes: rules.takeawayAcceptMinutes,
      rule: acceptanceRule(rules.takeawayAcceptMinutes),
    },
    dineIn: {
      tipPercents: [...TIP_PERCENTS],
      tabAutoCloseHours: rules.tabs.autoCloseHours,
      tabMaxHours: rules.tabs.maxHours,
      tabLimitMax: rules.tabs.limitMax,
      tabLimitChoices: TAB_DEFAULTS.limitChoices.filter((limit) => limit <= rules.tabs.limitMax),
    },
    events: {
      refundScale: rules.events.steps.map((step) => ({ ...step })),
      bookingClosesHours: rules.events.bookingClosesHours,
      holdMinutes: EVENT_HOLD_MINUTES,
      refundRule: refundRuleText(rules.events),
    },
    rewards: {
      referral: {
        ...rules.referrals,
        headline: referralHeadline(rules.referrals),
        terms: referralTermsText(rules.referrals),
      },
      loyalty: { ...rules.loyalty, terms: loyaltyTermsText(rules.loyalty) },
    },
  };
}

/** The late-delivery promise in words, as /settings and the emails say it. */
export function lateDeliveryRule(amount: number): string {
  return (
    `If a takeaway delivery reaches you after the end of the time window we promised when you paid, ` +
    `we add ${formatPence(amount)} of store credit to your account automatically. No need to ask.`
  );
}
