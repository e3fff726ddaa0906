import { describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { afterOrderAsks, orderRatings } from '../../db/schema/after-order';
import { outbox } from '../../db/schema/email';
import { emailsTo, linksIn, PASSWORD, signedInCustomer, signIn, uniqueEmail } from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import type { Visitor } from '../../test/harness';
import {
  paidTakeaway,
  receivedTakeaway as receivedBy,
  takeawayShopper,
  useTakeawayShop,
} from '../../test/takeaway';
import { addStaff } from '../kitchen';
import { askAfterOrders } from './asks';

// Rating a takeaway (issue 23 part 1; decision 30): POST /ratings once the order was collected or delivered,
// by its customer or with the after-order email's key; PUT /ratings/{id} for 7 days; ALREADY_RATED,
// NOT_RECEIVED, RATING_CLOSED; someone else's order is not found; a low rating reaches the restaurant's staff
// once and shows on their kitchen screen; the one email after the order, with its star links.

const shop = useTakeawayShop();
const hours = (n: number) => shop.t.clock.advance(n * 3_600_000);

const act = (orderId: string, action: string, body: unknown = {}) =>
  shop.chef.post(`${API}/kitchen/tickets/${orderId}/${action}`, body);

/** A takeaway of this file's shop, collected (pickup) or delivered. */
const receivedTakeaway = (fulfilment: 'pickup' | 'delivery' = 'pickup') =>
  receivedBy(shop.t, shop.chef, fulfilment);

const rate = (visitor: Visitor, body: Record<string, unknown>) => visitor.post(`${API}/ratings`, body);

async function ratingRows(orderId: string) {
  return shop.t.database.db.select().from(orderRatings).where(eq(orderRatings.orderId, orderId));
}

describe('rating a takeaway', () => {
  test('its customer rates it once it is collected; a second rating is ALREADY_RATED with its id', async () => {
    const s = await takeawayShopper(shop.t, { fulfillment_type: 'pickup' });
    const orderId = await paidTakeaway(shop.t, s);

    // Not yet had: refused, with what to do.
    expectError(
      await rate(s.visitor, { order_id: orderId, rating: 5 }),
      409,
      'NOT_RECEIVED',
      /once it has been delivered or collected/,
    );
    expect((await s.visitor.get(`${API}/ratings/order/${orderId}`)).body.data.attributes).toMatchObject({
      open: false,
      closed_reason: 'not_received',
      rating: null,
    });
    expect((await act(orderId, 'accept', { prep_minutes: 10 })).status).toBe(200);
    expect((await act(orderId, 'ready')).status).toBe(200);
    expect((await act(orderId, 'collected')).status).toBe(200);

    const page = await s.visitor.get(`${API}/ratings/order/${orderId}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body.data.attributes).toMatchObject({
      restaurant_name: 'Sfoglia Soho',
      fulfillment_type: 'pickup',
      open: true,
      closed_reason: null,
      rating: null,
      first_name: 'Ada',
    });
    expect(page.body.data.attributes.lines[0]).toMatchObject({
      quantity: 1,
      detail: 'Grande (bigger portion)',
    });

    const rated = await rate(s.visitor, { order_id: orderId, rating: 5, comment: '  Perfect ragù.  ' });
    expect(rated.status, JSON.stringify(rated.body)).toBe(201);
    expect(rated.body.data).toMatchObject({
      type: 'ratings',
      attributes: { order_id: orderId, rating: 5, comment: 'Perfect ragù.' },
    });
    const id = rated.body.data.id as string;
    expect(new Date(rated.body.data.attributes.editable_until).getTime()).toBe(
      shop.t.clock.now().getTime() + 7 * 24 * 3_600_000,
    );

    const again = expectError(await rate(s.visitor, { order_id: orderId, rating: 3 }), 409, 'ALREADY_RATED');
    expect(again[0]!.meta).toEqual({ rating_id: id });
    expect((await ratingRows(orderId)).map((row) => row.stars)).toEqual([5]);
    expect((await s.visitor.get(`${API}/ratings/order/${orderId}`)).body.data.attributes).toMatchObject({
      open: false,
      changeable: true,
      rating: { id, rating: 5, comment: 'Perfect ragù.' },
    });
  });

  test('0 or 6 stars, a fraction, an oversized comment: 400 with a clear message, nothing kept', async () => {
    const { s, orderId } = await receivedTakeaway();
    for (const rating of [0, 6, 4.5, '5']) {
      const errors = expectError(
        await rate(s.visitor, { order_id: orderId, rating }),
        400,
        'VALIDATION_FAILED',
      );
      expect(errors[0]!.detail).toMatch(/Choose from 1 to 5 stars|rating/);
    }
    expectError(
      await rate(s.visitor, { order_id: orderId, rating: 4, comment: 'x'.repeat(1001) }),
      400,
      'VALIDATION_FAILED',
      'comment must be at most 1000 characters',
    );
    expectError(await rate(s.visitor, { rating: 4 }), 400, 'VALIDATION_FAILED');
    expect(await ratingRows(orderId)).toEqual([]);
  });

  test('someone else’s order is not found, signed in or out, with no key or a wrong one', async () => {
    const { orderId } = await receivedTakeaway();
    const other = await signedInCustomer(shop.t);
    expectError(await rate(other.visitor, { order_id: orderId, rating: 1 }), 404, 'ORDER_NOT_FOUND');
    expectError(await other.visitor.get(`${API}/ratings/order/${orderId}`), 404, 'ORDER_NOT_FOUND');
    const stranger = shop.t.visitor();
    expectError(await rate(stranger, { order_id: orderId, rating: 1 }), 404, 'ORDER_NOT_FOUND');
    expectError(
      await rate(stranger, { order_id: orderId, rating: 1, key: 'a'.repeat(32) }),
      404,
      'ORDER_NOT_FOUND',
    );
    expectError(
      await stranger.get(`${API}/ratings/order/${orderId}?key=${'b'.repeat(32)}`),
      404,
      'ORDER_NOT_FOUND',
    );
    expectError(
      await other.visitor.post(`${API}/orders/${orderId}/feedback`, { nps_rating: 0 }),
      404,
      'ORDER_NOT_FOUND',
    );
    expect(await ratingRows(orderId)).toEqual([]);
  });

  test('changed with PUT for 7 days after it was given, then RATING_CLOSED', async () => {
    const { s, orderId } = await receivedTakeaway();
    const id = (await rate(s.visitor, { order_id: orderId, rating: 4, comment: 'Good' })).body.data.id;
    hours(24);
    const changed = await s.visitor.put(`${API}/ratings/${id}`, { rating: 5 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.attributes).toMatchObject({ rating: 5, comment: 'Good' });
    expect(
      (await s.visitor.put(`${API}/ratings/${id}`, { rating: 5, comment: '' })).body.data.attributes.comment,
    ).toBe('');
    expectError(await s.visitor.put(`${API}/ratings/${id}`, { rating: 0 }), 400, 'VALIDATION_FAILED');

    // Another customer's rating is not found.
    const other = await signedInCustomer(shop.t);
    expectError(await other.visitor.put(`${API}/ratings/${id}`, { rating: 1 }), 404, 'RATING_NOT_FOUND');
    expectError(
      await s.visitor.put(`${API}/ratings/00000000-0000-4000-8000-000000000000`, { rating: 1 }),
      404,
      'RATING_NOT_FOUND',
    );

    hours(6 * 24 + 1);
    expectError(
      await s.visitor.put(`${API}/ratings/${id}`, { rating: 1 }),
      409,
      'RATING_CLOSED',
      /ratings can be changed for 7 days after they are given/,
    );
    expect((await ratingRows(orderId)).map((row) => row.stars)).toEqual([5]);
  });

  test('a takeaway is rated as a whole: its dishes are not rated one by one', async () => {
    const { s, orderId } = await receivedTakeaway();
    const order = await s.visitor.get(`${API}/orders/${orderId}`);
    const line = order.body.included.find((r: any) => r.type === 'line_items');
    expectError(
      await s.visitor.post(`${API}/product_ratings`, { line_item_id: line.id, rating: 5 }),
      400,
      'ORDER_INVALID',
      /rate the order instead/,
    );
  });

  test('an order had more than 60 days ago is no longer rated', async () => {
    const { s, orderId } = await receivedTakeaway();
    hours(61 * 24);
    expectError(await rate(s.visitor, { order_id: orderId, rating: 5 }), 409, 'RATING_CLOSED', /60 days/);
    expect((await s.visitor.get(`${API}/ratings/order/${orderId}`)).body.data.attributes).toMatchObject({
      open: false,
      closed_reason: 'too_late',
    });
  });

  test('two first ratings sent at once: one is kept, the other is ALREADY_RATED', async () => {
    const { s, orderId } = await receivedTakeaway();
    const answers = await Promise.all([
      rate(s.visitor, { order_id: orderId, rating: 5 }),
      rate(s.visitor, { order_id: orderId, rating: 2 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await ratingRows(orderId)).toHaveLength(1);
  });
});

describe('a low rating reaches the restaurant', () => {
  test('its kitchen staff are emailed once, and see it on their screen; others may not look', async () => {
    const { s, orderId } = await receivedTakeaway('delivery');
    const chefEmail = uniqueEmail('soho-chef');
    await addStaff(shop.t.database.db, { email: chefEmail, restaurantId: 'soho', password: PASSWORD });

    const rated = await rate(s.visitor, { order_id: orderId, rating: 2, comment: 'Cold when it came' });
    expect(rated.status).toBe(201);
    const [row] = await ratingRows(orderId);
    expect(row!.restaurantId).toBe('soho');
    expect(row!.staffAlertedAt).not.toBeNull();
    const told = await emailsTo(shop.t, chefEmail, 'rating_alert');
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toMatch(/^Sfoglia Soho: order #\d+ was rated 2 of 5$/);
    expect(told[0]!.text).toContain('They wrote: “Cold when it came”');
    expect(linksIn(told[0]!)[0]!.pathname).toBe('/kitchen');

    // Lower still: not told twice.
    await s.visitor.put(`${API}/ratings/${rated.body.data.id}`, { rating: 1 });
    expect(await emailsTo(shop.t, chefEmail, 'rating_alert')).toHaveLength(1);

    const board = await shop.chef.get(`${API}/kitchen/restaurants/soho/ratings`);
    expect(board.status, JSON.stringify(board.body)).toBe(200);
    const mine = board.body.data.find((r: any) => r.attributes.order_id === orderId);
    expect(mine.attributes).toMatchObject({
      rating: 1,
      low: true,
      comment: 'Cold when it came',
      first_name: 'Ada',
    });
    expect(board.body.meta).toMatchObject({ restaurant_id: 'soho', count: expect.any(Number) });
    expect(board.body.meta.text).toMatch(/^\d\.\d from \d+ ratings?$/);

    expectError(await s.visitor.get(`${API}/kitchen/restaurants/soho/ratings`), 403, 'FORBIDDEN');
    expectError(
      await shop.t.visitor().get(`${API}/kitchen/restaurants/soho/ratings`),
      401,
      'UNAUTHENTICATED',
    );
    const boroughChef = shop.t.visitor();
    const boroughEmail = uniqueEmail('borough-chef');
    await addStaff(shop.t.database.db, { email: boroughEmail, restaurantId: 'borough', password: PASSWORD });
    await signIn(boroughChef, boroughEmail);
    expectError(
      await boroughChef.get(`${API}/kitchen/restaurants/soho/ratings`),
      404,
      'RESTAURANT_NOT_FOUND',
    );
    expect(await emailsTo(shop.t, boroughEmail, 'rating_alert')).toHaveLength(0);
  });

  test('a good rating, or one changed up, tells no one', async () => {
    const { s, orderId } = await receivedTakeaway();
    const chefEmail = uniqueEmail('soho-chef');
    await addStaff(shop.t.database.db, { email: chefEmail, restaurantId: 'soho', password: PASSWORD });
    await rate(s.visitor, { order_id: orderId, rating: 4 });
    expect(await emailsTo(shop.t, chefEmail, 'rating_alert')).toHaveLength(0);
    expect((await ratingRows(orderId))[0]!.staffAlertedAt).toBeNull();
  });
});

describe('the email after the order', () => {
  test('one email, with five star links that rate that order signed out', async () => {
    const { s, orderId } = await receivedTakeaway('delivery');
    expect(
      await askAfterOrders(shop.t.database.db, shop.t.clock, shop.t.config.publicUrl),
    ).toBeGreaterThanOrEqual(1);
    // Once: a second pass, and two at once, send nothing more.
    await Promise.all([
      askAfterOrders(shop.t.database.db, shop.t.clock, shop.t.config.publicUrl),
      askAfterOrders(shop.t.database.db, shop.t.clock, shop.t.config.publicUrl),
    ]);
    const asks = await emailsTo(shop.t, s.email, 'after_order_ask');
    expect(asks).toHaveLength(1);
    expect(asks[0]!.subject).toBe('How was your order from Sfoglia Soho?');
    const links = linksIn(asks[0]!).filter((url) => url.pathname === '/rate-my-takeaway');
    expect(links.map((url) => url.searchParams.get('rating'))).toEqual(['5', '4', '3', '2', '1']);
    const key = links[0]!.searchParams.get('key')!;
    expect(links[0]!.searchParams.get('order')).toBe(orderId);
    const [ask] = await shop.t.database.db
      .select()
      .from(afterOrderAsks)
      .where(eq(afterOrderAsks.orderId, orderId));
    expect(ask!.ratingKey).toBe(key);

    // Signed out with the key: the page's order, then the rating, then a change.
    const guest = shop.t.visitor();
    const page = await guest.get(`${API}/ratings/order/${orderId}?key=${key}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data.attributes).toMatchObject({ open: true, restaurant_name: 'Sfoglia Soho' });
    const rated = await rate(guest, { order_id: orderId, rating: 4, key, comment: 'Lovely' });
    expect(rated.status, JSON.stringify(rated.body)).toBe(201);
    expect(
      (await guest.put(`${API}/ratings/${rated.body.data.id}`, { rating: 5, key })).body.data.attributes,
    ).toMatchObject({ rating: 5, comment: 'Lovely' });
    expectError(
      await guest.put(`${API}/ratings/${rated.body.data.id}`, { rating: 5 }),
      404,
      'RATING_NOT_FOUND',
    );
    const feedback = await guest.post(`${API}/orders/${orderId}/feedback`, {
      key,
      nps_rating: 9,
      reason: 'taste',
    });
    expect(feedback.status, JSON.stringify(feedback.body)).toBe(201);

    // The key is this order's only.
    const other = await receivedTakeaway();
    expectError(await rate(guest, { order_id: other.orderId, rating: 5, key }), 404, 'ORDER_NOT_FOUND');
    // Its customer signed in needs no key.
    expect((await s.visitor.get(`${API}/ratings/order/${orderId}`)).body.data.attributes.rating.rating).toBe(
      5,
    );
  });

  test('an order rated before its email is due is marked asked without an email', async () => {
    const { s, orderId } = await receivedTakeaway();
    await rate(s.visitor, { order_id: orderId, rating: 5 });
    await askAfterOrders(shop.t.database.db, shop.t.clock, shop.t.config.publicUrl);
    expect(await emailsTo(shop.t, s.email, 'after_order_ask')).toHaveLength(0);
    const asked = await shop.t.database.db
      .select()
      .from(afterOrderAsks)
      .where(eq(afterOrderAsks.orderId, orderId));
    expect(asked).toHaveLength(1);
  });

  test('an order delivered more than a week before is never asked', async () => {
    const { s } = await receivedTakeaway();
    hours(8 * 24);
    await askAfterOrders(shop.t.database.db, shop.t.clock, shop.t.config.publicUrl);
    const sent = await shop.t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, s.email), eq(outbox.template, 'after_order_ask')));
    expect(sent).toHaveLength(0);
  });
});

describe('feedback after a takeaway', () => {
  test('NPS 0–10 once, with a reason and notes; bad answers are 400 and change nothing', async () => {
    const s = await takeawayShopper(shop.t, { fulfillment_type: 'pickup' });
    const orderId = await paidTakeaway(shop.t, s);
    const give = (body: unknown) => s.visitor.post(`${API}/orders/${orderId}/feedback`, body);
    expectError(await give({ nps_rating: 8 }), 409, 'NOT_RECEIVED');
    await act(orderId, 'accept', { prep_minutes: 10 });
    await act(orderId, 'ready');
    await act(orderId, 'collected');
    expectError(await give({ nps_rating: 11 }), 400, 'VALIDATION_FAILED', 'nps_rating must be at most 10');
    expectError(await give({ nps_rating: -1 }), 400, 'VALIDATION_FAILED', 'nps_rating must be at least 0');
    expectError(await give({ nps_rating: 7, reason: 'vibes' }), 400, 'VALIDATION_FAILED');
    expectError(
      await give({ nps_rating: 7, notes: 'x'.repeat(2001) }),
      400,
      'VALIDATION_FAILED',
      'notes must be at most 2000 characters',
    );
    const given = await give({ nps_rating: 6, reason: 'delivery', notes: ' Slow at the counter ' });
    expect(given.status, JSON.stringify(given.body)).toBe(201);
    expect(given.body.data).toMatchObject({
      id: orderId,
      type: 'order_feedbacks',
      attributes: { nps_rating: 6, reason: 'delivery', notes: 'Slow at the counter' },
    });
    expectError(await give({ nps_rating: 10 }), 409, 'FEEDBACK_ALREADY_GIVEN', /We ask once an order/);

    // The order carries it (spec §3 Order orderFeedback).
    const order = await s.visitor.get(`${API}/orders/${orderId}`);
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect(order.body.data.relationships.order_feedback).toEqual({
      data: { id: orderId, type: 'order_feedbacks' },
    });
    expect(order.body.included.find((r: any) => r.type === 'order_feedbacks').attributes).toMatchObject({
      nps_rating: 6,
    });
  });
});
