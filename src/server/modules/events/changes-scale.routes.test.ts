import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { like } from 'drizzle-orm';
import { paymentRefunds } from '../../db/schema/payments';
import { clearRateLimits } from '../../test/accounts';
import { API } from '../../test/api-expect';
import { booker, eventSlotAt, paidBooking, type Booker } from '../../test/event-bookings';
import { createTestApp, type TestApp } from '../../test/harness';
import { TEST_NOW } from '../../test/test-clock';
import { putSetting } from '../shop';

// A refund scale below 100% (decision 29): each change gives back the step's percent of the value it takes
// off (seats and add-ons at the prices paid), never a share of what is left after earlier changes, so taking
// guests off and then cancelling gives back what cancelling at once would have. The operator's scale is set
// before this app first reads its rules: 50% to the card up to 14 days before, 50% as credit up to 3.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await putSetting(t.database.db, 'event_refund_scale', [
    { daysBefore: 14, percent: 50, as: 'card' },
    { daysBefore: 3, percent: 50, as: 'credit' },
  ]);
  clearRateLimits(t);
});
afterEach(() => t.clock.set(TEST_NOW));
afterAll(() => t.close());

const DEC_10 = '2026-12-10T19:00:00Z';

const change = (b: Booker, orderId: string, body: object) =>
  b.visitor.post(`${API}/event_bookings/${orderId}/changes`, body);

async function cardRefunds(b: Booker, orderId: string): Promise<number> {
  const number = (await b.visitor.get(`${API}/event_bookings/${orderId}`)).body.data.attributes.order_number;
  const rows = await t.database.db
    .select()
    .from(paymentRefunds)
    .where(like(paymentRefunds.reason, `Event booking #${number}:%`));
  return rows.reduce((sum, row) => sum + row.amount, 0);
}

describe('a 50% step', () => {
  test('4 × £50, 2 taken off then cancelled: £50 and £50 back, £100 in all, as cancelling at once', async () => {
    const b = await booker(t);
    const slotId = await eventSlotAt(t, DEC_10, { adultPrice: 5000 });
    const orderId = await paidBooking(t, b, slotId, { adults: 4 });

    const fewer = await change(b, orderId, { kind: 'guests', adults: 2 });
    expect(fewer.status, JSON.stringify(fewer.body)).toBe(200);
    expect(fewer.body.meta.quote.refund).toEqual({
      amount: 5000,
      as: 'card',
      label: '£50.00 back to your card',
    });
    expect(fewer.body.data.attributes.paid).toBe(15000);

    const quote = await b.visitor.post(`${API}/event_bookings/${orderId}/quote`, { kind: 'cancel' });
    expect(quote.body.data.attributes.refund).toMatchObject({ amount: 5000, as: 'card' });
    const cancelled = await change(b, orderId, { kind: 'cancel' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.meta.quote.refund).toMatchObject({ amount: 5000, as: 'card' });
    expect(await cardRefunds(b, orderId)).toBe(10000);
    expect(cancelled.body.data.attributes.paid).toBe(10000);

    const once = await booker(t);
    const whole = await paidBooking(t, once, slotId, { adults: 4 });
    expect((await change(once, whole, { kind: 'cancel' })).body.meta.quote.refund.amount).toBe(10000);
  });

  test('add-ons at the prices paid: guests with their wine pairings off, then cancelled, give back half of everything', async () => {
    const b = await booker(t);
    const slotId = await eventSlotAt(t, DEC_10, { adultPrice: 5000 });
    const orderId = await paidBooking(t, b, slotId, {
      adults: 4,
      upgrades: [
        { upgrade_id: 'class-wine-pairing', quantity: 4 },
        { upgrade_id: 'class-pasta-kit', quantity: 1 },
      ],
    });
    const paid = 4 * 5000 + 4 * 2500 + 1800;

    const fewer = await change(b, orderId, { kind: 'guests', adults: 2 });
    expect(fewer.body.meta.quote.refund).toMatchObject({ amount: (2 * 5000 + 2 * 2500) / 2, as: 'card' });
    const cancelled = await change(b, orderId, { kind: 'cancel' });
    expect(cancelled.body.meta.quote.refund).toMatchObject({
      amount: (2 * 5000 + 2 * 2500 + 1800) / 2,
      as: 'card',
    });
    expect(await cardRefunds(b, orderId)).toBe(paid / 2);
  });

  test('a cheaper date, then cancelled: half the difference, then half of the new price', async () => {
    const b = await booker(t);
    const from = await eventSlotAt(t, DEC_10, { adultPrice: 5000 });
    const cheaper = await eventSlotAt(t, '2026-12-15T19:00:00Z', { adultPrice: 3000 });
    const orderId = await paidBooking(t, b, from, { adults: 2 });
    const moved = await change(b, orderId, { kind: 'move', slot_id: cheaper });
    expect(moved.body.meta.quote.refund).toMatchObject({ amount: 2000, as: 'card' });
    t.clock.advance(60_000);
    const cancelled = await change(b, orderId, { kind: 'cancel' });
    expect(cancelled.body.meta.quote.refund).toMatchObject({ amount: 3000, as: 'card' });
    expect(await cardRefunds(b, orderId)).toBe(5000);
  });
});
