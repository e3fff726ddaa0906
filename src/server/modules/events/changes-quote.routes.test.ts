import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { eventBookings } from '../../db/schema/events';
import { clearRateLimits } from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import { booker, eventSlotAt, paidBooking, type Booker } from '../../test/event-bookings';
import { createTestApp, type TestApp } from '../../test/harness';
import { TEST_NOW } from '../../test/test-clock';
import { creditBalance } from '../credit';

// The quote shown is the one applied (decision 29): a change sent with the quote's figures (`expect`) is
// refused with QUOTE_CHANGED, saying what it would do now, when it would give back or cost otherwise; nothing
// changes. Against the default scale: a class at 7pm on Thursday 10 December 2026 (GMT) gives card refunds
// until 7pm on 26 November, then store credit.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => clearRateLimits(t));
afterEach(() => t.clock.set(TEST_NOW));
afterAll(() => t.close());

const DEC_10 = '2026-12-10T19:00:00Z';
const at = (iso: string) => t.clock.set(new Date(iso));

const quote = async (b: Booker, orderId: string, body: object) => {
  const answer = await b.visitor.post(`${API}/event_bookings/${orderId}/quote`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.attributes;
};
const change = (b: Booker, orderId: string, body: object) =>
  b.visitor.post(`${API}/event_bookings/${orderId}/changes`, body);
const expectOf = (q: { refund: { amount: number; as: string }; to_pay: number }) => ({
  refund_amount: q.refund.amount,
  refund_as: q.refund.as,
  to_pay: q.to_pay,
});

async function threeAdults() {
  const b = await booker(t);
  const orderId = await paidBooking(t, b, await eventSlotAt(t, DEC_10), { adults: 3 });
  return { b, orderId };
}

const adultsOf = async (orderId: string) =>
  (await t.database.db.select().from(eventBookings).where(eq(eventBookings.orderId, orderId)))[0]!.adults;

describe('a change confirmed with its quote', () => {
  test('across a step boundary: refused, saying the refund is now store credit; confirmed again, made', async () => {
    const { b, orderId } = await threeAdults();
    at('2026-11-26T18:55:00Z');
    const seen = await quote(b, orderId, { kind: 'guests', adults: 2 });
    expect(seen.refund).toMatchObject({ amount: 6500, as: 'card', label: '£65.00 back to your card' });

    at('2026-11-26T19:02:00Z');
    const [refused] = expectError(
      await change(b, orderId, { kind: 'guests', adults: 2, expect: expectOf(seen) }),
      409,
      'QUOTE_CHANGED',
    );
    expect(refused!.detail).toBe(
      'The refund rules moved on at 7pm today: this now gives £65.00 as store credit. Check and confirm again.',
    );
    expect(await adultsOf(orderId)).toBe(3);
    expect(await creditBalance(t.database.db, b.customerId)).toBe(0);

    const again = await quote(b, orderId, { kind: 'guests', adults: 2 });
    const made = await change(b, orderId, { kind: 'guests', adults: 2, expect: expectOf(again) });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.meta.quote.refund).toMatchObject({ amount: 6500, as: 'credit' });
    expect(await adultsOf(orderId)).toBe(2);
  });

  test('the booking changed since the quote: refused, saying what it gives now; the same figures are made', async () => {
    const { b, orderId } = await threeAdults();
    const seen = await quote(b, orderId, { kind: 'cancel' });
    expect(seen.refund.amount).toBe(3 * 6500);
    expect((await change(b, orderId, { kind: 'guests', adults: 2 })).status).toBe(200);
    const [refused] = expectError(
      await change(b, orderId, { kind: 'cancel', expect: expectOf(seen) }),
      409,
      'QUOTE_CHANGED',
    );
    expect(refused!.detail).toBe(
      'Your booking has changed since this was worked out: this now gives £130.00 back to your card. Check and confirm again.',
    );
    const made = await change(b, orderId, {
      kind: 'cancel',
      expect: { refund_amount: 13000, refund_as: 'card', to_pay: 0 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.attributes.state).toBe('cancelled');
  });

  test('a change that costs something: refused when the price is not the one quoted; no order is made', async () => {
    const { b, orderId } = await threeAdults();
    const seen = await quote(b, orderId, { kind: 'guests', adults: 4 });
    expect(seen.to_pay).toBe(6500);
    const [refused] = expectError(
      await change(b, orderId, { kind: 'guests', adults: 4, expect: { ...expectOf(seen), to_pay: 5000 } }),
      409,
      'QUOTE_CHANGED',
    );
    expect(refused!.detail).toContain('this now costs £65.00.');
    const booking = (await b.visitor.get(`${API}/event_bookings/${orderId}`)).body.data.attributes;
    expect(booking.pending_payment).toBeNull();
    const made = await change(b, orderId, { kind: 'guests', adults: 4, expect: expectOf(seen) });
    expect(made.body.meta.pay_order_id).toEqual(expect.any(String));
    // A transfer carries the figures too (nothing either way).
    const handed = await change(b, orderId, {
      kind: 'transfer',
      name: 'Sam',
      email: 'sam@example.com',
      expect: { refund_amount: 0, refund_as: 'none', to_pay: 0 },
    });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
  });
});
