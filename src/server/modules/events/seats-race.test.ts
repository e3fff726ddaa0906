import { afterAll, beforeAll, expect, test } from 'vitest';
import { API, expectError } from '../../test/api-expect';
import { clearRateLimits, signedInCustomer } from '../../test/accounts';
import { CARDS, saveCard, shopper } from '../../test/checkout';
import { book, bookingBody, bookingsIn, holdsIn, newSlot, payWith, seatsLeftIn } from '../../test/events';
import { createTestApp, type TestApp } from '../../test/harness';

// A slot is never sold past its capacity, however many people book its last seats at once (issue 22 part 2;
// decision 29): fifty customers each booking one seat of the last four take turns on the slot's row. Decided by
// counting outcomes, never by timing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('50 customers racing for the last 4 seats: 4 held, 46 told it is full, no 500; unpaid, the seats come back', async () => {
  await clearRateLimits(t);
  // 8 of 12 seats sold and paid: 4 left.
  const first = await shopper(t);
  const card = await saveCard(t, first, CARDS.visa);
  const slot = await newSlot(t, { capacity: 12 });
  const paid = await payWith(first.visitor, await book(first.visitor, slot, { adults: 8 }), card);
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  expect(await seatsLeftIn(first.visitor, slot)).toBe(4);

  const racers = [];
  for (let i = 0; i < 50; i++) {
    if (i % 10 === 0) await clearRateLimits(t);
    racers.push((await signedInCustomer(t)).visitor);
  }
  const results = await Promise.all(
    racers.map((visitor) => visitor.post(`${API}/orders/events`, bookingBody(slot, { adults: 1 }))),
  );
  const statuses = results.map((result) => result.status);
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
  expect(statuses.filter((status) => status === 201)).toHaveLength(4);
  const refused = results.filter((result) => result.status !== 201);
  expect(refused).toHaveLength(46);
  for (const result of refused) expectError(result, 400, 'EVENT_SLOT_FULL');

  expect(await seatsLeftIn(first.visitor, slot)).toBe(0);
  const holds = await holdsIn(t, slot);
  expect(holds.filter((hold) => hold.state === 'held')).toHaveLength(4);
  const bookings = await bookingsIn(t, slot);
  expect(bookings.filter((booking) => booking.state === 'confirmed').map((b) => b.adults)).toEqual([8]);
  expect(bookings.filter((booking) => booking.state === 'pending')).toHaveLength(4);

  // Nobody pays: once the holds run out the four seats are free again, and the next customer gets them.
  t.clock.advance(16 * 60_000);
  expect(await seatsLeftIn(first.visitor, slot)).toBe(4);
  await clearRateLimits(t);
  const next = (await signedInCustomer(t)).visitor;
  const booked = await next.post(`${API}/orders/events`, bookingBody(slot, { adults: 4 }));
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  expect(await seatsLeftIn(first.visitor, slot)).toBe(0);
});
