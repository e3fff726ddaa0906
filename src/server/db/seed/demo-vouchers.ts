import { sql } from 'drizzle-orm';
import { addDays, londonDate } from '../../../domain/calendar';
import type { DbOrTx } from '../client';
import { vouchers } from '../schema/vouchers';
import { DISHES } from './dishes';

// The demo's voucher codes (issue 4; spec §9 names OOS-20 and 10EXTRA), one of each kind the rules know.
// Inserted once: a code that exists is left as it is (its redemptions stay counted), but for its description,
// which follows the words here (the customer reads it beside the code).

const variantOf = (n: number, double: boolean) => 10_000 + n * 10 + (double ? 2 : 1);
const TIRAMISU = DISHES.find((dish) => dish.handle === 'tiramisu')!;
const SIDES = DISHES.filter((dish) => dish.kind === 'Side');

export const DEMO_VOUCHER_CODES = [
  '10EXTRA',
  'OOS-20',
  'ONCE-ONLY',
  'FREE-TIRAMISU',
  'SUMMER-10',
  'SIDES-25',
  'WELCOME-15',
  'CREDIT-5',
] as const;

export async function seedVouchers(db: DbOrTx, now: Date): Promise<void> {
  // Ended the day before the first seed, so it stays expired.
  const yesterday = addDays(londonDate(now), -1);
  await db
    .insert(vouchers)
    .values([
      {
        code: '10EXTRA',
        type: 'DiscountVoucher',
        valueType: 'fixed_amount',
        value: 1000,
        description: '£10 off the earliest delivery in your basket, when its dishes come to £30 or more',
        singleOrder: true,
        minimumSpendPerOrder: 3000,
      },
      {
        code: 'OOS-20',
        type: 'DiscountVoucher',
        valueType: 'percentage',
        value: 20,
        description: '20% off every box',
      },
      {
        code: 'ONCE-ONLY',
        type: 'DiscountVoucher',
        valueType: 'fixed_amount',
        value: 500,
        description: '£5 off, for the first person to use it',
        usageLimit: 1,
      },
      {
        code: 'FREE-TIRAMISU',
        type: 'AddonVoucher',
        valueType: 'fixed_amount',
        value: 0,
        description: `A free ${TIRAMISU.title} with the earliest delivery in your basket`,
        singleOrder: true,
        addonVariantId: variantOf(TIRAMISU.n, false),
      },
      {
        code: 'SUMMER-10',
        type: 'DiscountVoucher',
        valueType: 'fixed_amount',
        value: 1000,
        description: '£10 off (this offer has ended)',
        endDate: yesterday,
      },
      {
        code: 'SIDES-25',
        type: 'DiscountVoucher',
        valueType: 'percentage',
        value: 25,
        description: '25% off sides',
        productVariantIds: SIDES.map((dish) => variantOf(dish.n, false)),
      },
      {
        code: 'WELCOME-15',
        type: 'DiscountVoucher',
        valueType: 'fixed_amount',
        value: 1500,
        description: '£15 off the earliest delivery of your first order, when its dishes come to £40 or more',
        singleOrder: true,
        minimumSpendPerOrder: 4000,
        oncePerCustomer: true,
        newCustomersOnly: true,
      },
      {
        code: 'CREDIT-5',
        type: 'CreditVoucher',
        valueType: 'fixed_amount',
        value: 500,
        description: '£5 of store credit',
      },
    ])
    .onConflictDoUpdate({ target: vouchers.code, set: { description: sql`excluded.description` } });
}
