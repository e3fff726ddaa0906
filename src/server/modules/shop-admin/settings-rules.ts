import type { ShopSettingsBody } from '../../../contracts/back-office-shop';
import { formatPence } from '../../../domain/money';

// The shop's settings as the back office may set them (issue 25 part 3): each within the range the shop's
// rules accept (shop/shop.service.ts reads anything else as its default), so what is saved is what applies.

export interface SettingProblem {
  field: keyof ShopSettingsBody;
  message: string;
}

interface Range {
  min: number;
  max: number;
  label: string;
  money: boolean;
}

export const SETTING_RANGES: Record<keyof ShopSettingsBody, Range> = {
  minimumSpend: { min: 0, max: 100_000, label: 'The minimum spend', money: true },
  minimumSpendPerOrder: { min: 0, max: 100_000, label: 'The minimum spend per delivery', money: true },
  defaultDeliveryFee: { min: 0, max: 10_000, label: 'The delivery fee', money: true },
  freeDeliveryThreshold: { min: 0, max: 100_000, label: 'Free delivery from', money: true },
  oneOffFee: { min: 0, max: 100_000, label: 'The one-off order fee', money: true },
  minimumCardCharge: { min: 30, max: 1_000, label: 'The smallest card charge', money: true },
  lateDeliveryCredit: { min: 0, max: 10_000, label: 'The late delivery credit', money: true },
  takeawayAcceptMinutes: { min: 1, max: 60, label: 'The minutes to accept a takeaway', money: false },
  tabAutoCloseHours: { min: 1, max: 48, label: 'The hours before a tab closes itself', money: false },
  tabMaxHours: { min: 1, max: 48, label: 'The longest a tab stays open', money: false },
  tabLimitMax: { min: 1, max: 1_000_000, label: 'The highest tab limit', money: true },
  eventBookingClosesHours: {
    min: 0,
    max: 72,
    label: 'The hours before an event that booking closes',
    money: false,
  },
};

export function settingsProblems(body: ShopSettingsBody): SettingProblem[] {
  const problems: SettingProblem[] = [];
  for (const [field, range] of Object.entries(SETTING_RANGES) as [keyof ShopSettingsBody, Range][]) {
    const value = body[field];
    if (value < range.min || value > range.max) {
      const show = (n: number) => (range.money ? formatPence(n) : String(n));
      problems.push({ field, message: `${range.label} is from ${show(range.min)} to ${show(range.max)}.` });
    }
  }
  if (problems.length === 0 && body.tabAutoCloseHours > body.tabMaxHours) {
    problems.push({
      field: 'tabAutoCloseHours',
      message: 'A tab closes itself no later than the longest a tab stays open.',
    });
  }
  return problems;
}

/** Each setting's key in the settings table. */
export const SETTING_KEYS: Record<keyof ShopSettingsBody, string> = {
  minimumSpend: 'minimum_spend',
  minimumSpendPerOrder: 'minimum_spend_per_order',
  defaultDeliveryFee: 'default_delivery_fee',
  freeDeliveryThreshold: 'free_delivery_threshold',
  oneOffFee: 'one_off_fee',
  minimumCardCharge: 'minimum_card_charge',
  lateDeliveryCredit: 'late_delivery_credit',
  takeawayAcceptMinutes: 'takeaway_accept_minutes',
  tabAutoCloseHours: 'tab_auto_close_hours',
  tabMaxHours: 'tab_max_hours',
  tabLimitMax: 'tab_limit_max',
  eventBookingClosesHours: 'event_booking_closes_hours',
};
