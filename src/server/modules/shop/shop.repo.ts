import { asc, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deliveryFeeConfig, settings } from '../../db/schema/shop';

export const SETTING_KEYS = [
  'minimum_spend',
  'minimum_spend_per_order',
  'default_delivery_fee',
  'free_delivery_threshold',
  'minimum_card_charge',
  'late_delivery_credit',
  'one_off_fee',
  'takeaway_accept_minutes',
  'tab_auto_close_hours',
  'tab_max_hours',
  'tab_limit_max',
  'event_refund_scale',
  'event_booking_closes_hours',
  'referral_terms',
  'loyalty_terms',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export async function readSettings(db: DbOrTx): Promise<Partial<Record<SettingKey, unknown>>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...SETTING_KEYS]));
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

export function readDeliveryFeeConfig(db: DbOrTx) {
  return db.select().from(deliveryFeeConfig).orderBy(asc(deliveryFeeConfig.weekDay));
}

/** Writes one setting (made or replaced), stamping when. */
export async function putSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}
