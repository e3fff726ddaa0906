import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { IsoDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { dishesForWeek } from '../../db/seed/demo-seed';
import { variantGid, variantId } from '../../test/api-expect';
import { createTestApp, type TestApp } from '../../test/harness';
import { TEST_NOW, WEEKS } from '../../test/test-clock';
import { assertDeliverable, type DeliverableCheck } from './delivery.service';

// The guard the checkout calls when it makes orders: the same rules as POST /delivery_dates and /constraints.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SIDE = 37;
const SOLD_OUT = 12;
const menuOf = (week: string) => new Set(dishesForWeek(week as IsoDate).map((dish) => dish.n));
const NEXT_WEEK_ONLY = [...menuOf(WEEKS.next)].find(
  (n) => n !== SOLD_OUT && n < 37 && !menuOf(WEEKS.later).has(n),
)!;

const good: DeliverableCheck = {
  postcode: 'SW1A 2AA',
  deliveryDate: '2026-11-25',
  productVariantIds: [Number(variantId(SIDE)), variantGid(NEXT_WEEK_ONLY)],
  now: TEST_NOW,
};

async function refusal(check: Partial<DeliverableCheck>): Promise<DomainError> {
  const error = await assertDeliverable(t.database.db, { ...good, ...check }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('assertDeliverable', () => {
  test('a postcode we deliver to, a date that can be chosen and dishes on that week’s menu: no complaint', async () => {
    await expect(assertDeliverable(t.database.db, good)).resolves.toBeUndefined();
    await expect(
      assertDeliverable(t.database.db, {
        ...good,
        postcode: 'sw1a2aa',
        productVariantIds: [],
        mealWeek: WEEKS.next,
      }),
    ).resolves.toBeUndefined();
    // Inside the checkout's transaction too.
    await t.database.db.transaction(async (tx) => {
      await assertDeliverable(tx, good);
    });
  });

  test('POSTCODE_INVALID for something that is not a postcode', async () => {
    for (const postcode of ['', 'nope', 'SW1A']) {
      const error = await refusal({ postcode });
      expect(error.code).toBe('POSTCODE_INVALID');
      expect(error.message).toBe('Enter a full UK postcode, like SW1A 2AA');
    }
  });

  test('OUTSIDE_DELIVERY_AREA for a postcode we do not deliver to', async () => {
    const error = await refusal({ postcode: 'eh11ga' });
    expect(error.code).toBe('OUTSIDE_DELIVERY_AREA');
    expect(error.message).toBe("We don't deliver to EH1 yet");
  });

  test('DELIVERY_DATE_UNAVAILABLE, saying why, for a date the rules do not allow', async () => {
    const cases: [Partial<DeliverableCheck>, string, string][] = [
      [{ deliveryDate: '2026-11-29' }, 'SUNDAY', "We don't deliver on Sundays"],
      [
        { deliveryDate: '2026-11-20' },
        'TOO_SOON',
        "It's too late to order for Fri 20 Nov: orders for 16 – 21 Nov closed Friday 13 November at 12 noon",
      ],
      [
        { deliveryDate: '2026-11-17' },
        'TOO_SOON',
        "It's too late to order for Tue 17 Nov: orders for 16 – 21 Nov closed Friday 13 November at 12 noon",
      ],
      [
        { deliveryDate: '2026-11-18', kind: 'one-off' },
        'TOO_SOON',
        "It's too late to order for Wed 18 Nov: orders for that day closed Tuesday 17 November at 5pm",
      ],
      [{ deliveryDate: '2026-12-10' }, 'TOO_FAR', 'Choose a delivery date up to 21 days ahead'],
      [
        { postcode: 'E17 3FY', deliveryDate: '2026-11-23' },
        'NOT_A_COURIER_DAY',
        'Our courier delivers to this postcode on Tuesdays, Wednesdays, Thursdays, Fridays and Saturdays only',
      ],
      [
        { deliveryDate: '2026-11-25', mealWeek: WEEKS.later },
        'OTHER_WEEK',
        'Choose a delivery date in the week of 30 Nov – 5 Dec',
      ],
      [
        { deliveryDate: '2026-12-25', now: new Date('2026-12-12T10:00:00Z'), productVariantIds: [] },
        'CLOSED',
        "We don't deliver on Christmas Day",
      ],
      [
        { productVariantIds: [variantId(SIDE), variantId(SOLD_OUT)] },
        'out_of_stock',
        'Sorry, Wild Boar Ragù Pici has sold out for 23 – 28 Nov',
      ],
      [
        { deliveryDate: '2026-12-02' },
        'not_on_menu',
        `${dishesForWeek(WEEKS.next as IsoDate).find((d) => d.n === NEXT_WEEK_ONLY)!.title} is not on the menu for 30 Nov – 5 Dec`,
      ],
    ];
    for (const [check, reason, message] of cases) {
      const error = await refusal(check);
      expect(error.code, JSON.stringify(check)).toBe(
        reason === 'out_of_stock' ? 'OUT_OF_STOCK' : 'DELIVERY_DATE_UNAVAILABLE',
      );
      expect(error.message).toBe(message);
      expect(error.details).toEqual({ deliveryDate: check.deliveryDate ?? good.deliveryDate, reason });
    }
  });

  test('a date that is not a date is DELIVERY_DATE_UNAVAILABLE', async () => {
    for (const deliveryDate of ['', 'tomorrow', '2026-02-30']) {
      const error = await refusal({ deliveryDate });
      expect(error.code).toBe('DELIVERY_DATE_UNAVAILABLE');
      expect(error.message).toBe('Choose a delivery date');
    }
  });

  test('the Friday 12:00 cutoff: 11:59 is in time for next Monday, 12:00 is not', async () => {
    const monday = { deliveryDate: '2026-11-23', productVariantIds: [] };
    await expect(
      assertDeliverable(t.database.db, { ...good, ...monday, now: new Date('2026-11-20T11:59:59Z') }),
    ).resolves.toBeUndefined();
    const error = await refusal({ ...monday, now: new Date('2026-11-20T12:00:00Z') });
    expect(error.details).toMatchObject({ reason: 'TOO_SOON' });
  });

  test('a dish that does not exist is PRODUCT_VARIANT_NOT_FOUND', async () => {
    const error = await refusal({ productVariantIds: [999_999] });
    expect(error.code).toBe('PRODUCT_VARIANT_NOT_FOUND');
  });
});
