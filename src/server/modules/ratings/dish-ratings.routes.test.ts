import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { productRatings } from '../../db/schema/after-order';
import { emailsTo, linksIn, signedInCustomer } from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import { createTestApp, type TestApp } from '../../test/harness';
import { planCustomer, type PlanCustomer } from '../../test/plans';
import { TEST_NOW, WEEKS } from '../../test/test-clock';
import { askAfterOrders } from './asks';

// A recipe-kit box's dishes (issue 23 part 1; decision 30): POST /product_ratings for a dish the customer
// received (once delivered; again within 7 days replaces it, then RATING_CLOSED), the line item's
// productRating, each dish's summary on GET /weekly_menus/{id}/review_summary over all its ratings, the NPS
// question on the order, the support inbox told of a low one, and the box's email two days after it came.

let t: TestApp;
let c: PlanCustomer;
let lines: { id: string; title: string }[];
const at = (iso: string) => t.clock.set(new Date(iso));
const hours = (n: number) => t.clock.advance(n * 3_600_000);

beforeAll(async () => {
  t = await createTestApp();
  c = await planCustomer(t);
  const order = await c.visitor.get(`${API}/orders/${c.firstOrderId}`);
  lines = order.body.included
    .filter((r: any) => r.type === 'line_items')
    .map((r: any) => ({ id: r.id, title: r.attributes.title }));
});
afterAll(() => t.close());

const rateDish = (lineItemId: string, rating: unknown, comment?: string) =>
  c.visitor.post(`${API}/product_ratings`, { line_item_id: lineItemId, rating, comment });

async function summary(week: string = WEEKS.next) {
  const response = await t.visitor().get(`${API}/weekly_menus/${week}/review_summary`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { data: { id: string; attributes: any }[]; meta: { week: string } };
}

describe('rating the dishes of a box', () => {
  test('only once it is delivered; each dish once, changed within 7 days; the menu’s summary follows', async () => {
    // Paid, not yet come (its day is Wednesday 25 November).
    expectError(
      await rateDish(lines[0]!.id, 5),
      409,
      'NOT_RECEIVED',
      /You can rate this box once it has been delivered/,
    );
    const before = await summary();
    expect(before.meta.week).toBe(WEEKS.next);
    expect(before.data.length).toBeGreaterThan(4);

    at('2026-11-25T19:00:00Z');
    await t.app.services.fulfilment.progress();

    const first = await rateDish(lines[0]!.id, 5, 'Silky, rich, lovely');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({
      type: 'product_ratings',
      attributes: {
        line_item_id: lines[0]!.id,
        order_id: c.firstOrderId,
        rating: 5,
        comment: 'Silky, rich, lovely',
      },
    });
    const productId = first.body.data.attributes.product_id as string;
    expect(productId).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);
    const dish = (s: Awaited<ReturnType<typeof summary>>) =>
      s.data.find((d) => d.id === productId)!.attributes;
    const was = dish(before);
    const after = dish(await summary());
    expect(after.count).toBe(was.count + 1);
    expect(after.text).toMatch(/^\d\.\d from \d+ ratings?$/);

    // Again within 7 days: it replaces the first (200), and the count stays.
    hours(48);
    const again = await rateDish(lines[0]!.id, 4);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.body.data.attributes).toMatchObject({ rating: 4, comment: '' });
    expect(dish(await summary()).count).toBe(was.count + 1);
    expect(
      await t.database.db.select().from(productRatings).where(eq(productRatings.lineItemId, lines[0]!.id)),
    ).toHaveLength(1);

    // The order's line carries it (spec §3 productRating).
    const order = await c.visitor.get(`${API}/orders/${c.firstOrderId}`);
    const line = order.body.included.find((r: any) => r.id === lines[0]!.id);
    expect(line.attributes.product_rating).toMatchObject({ rating: 4, changeable: true });
    expect(order.body.included.find((r: any) => r.id === lines[1]!.id).attributes.product_rating).toBeNull();
    expect(order.body.data.relationships.order_feedback).toEqual({ data: null });

    hours(6 * 24);
    expectError(await rateDish(lines[0]!.id, 3), 409, 'RATING_CLOSED', /can be changed for 7 days/);
    const closed = await c.visitor.get(`${API}/orders/${c.firstOrderId}`);
    expect(
      closed.body.included.find((r: any) => r.id === lines[0]!.id).attributes.product_rating,
    ).toMatchObject({
      rating: 4,
      changeable: false,
    });
  });

  test('bad stars or comments are 400; another customer’s dish or none is 404; nothing changes', async () => {
    const line = lines[1]!;
    expectError(await rateDish(line.id, 0), 400, 'VALIDATION_FAILED', 'rating must be at least 1');
    expectError(await rateDish(line.id, 6), 400, 'VALIDATION_FAILED', 'rating must be at most 5');
    expectError(await rateDish(line.id, 3, 'x'.repeat(1001)), 400, 'VALIDATION_FAILED');
    expectError(await c.visitor.post(`${API}/product_ratings`, { rating: 3 }), 400, 'VALIDATION_FAILED');
    const other = await signedInCustomer(t);
    expectError(
      await other.visitor.post(`${API}/product_ratings`, { line_item_id: line.id, rating: 1 }),
      404,
      'NOT_FOUND',
      'We could not find that dish on your orders',
    );
    expectError(
      await c.visitor.post(`${API}/product_ratings`, {
        line_item_id: '00000000-0000-4000-8000-000000000000',
        rating: 1,
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await t.visitor().post(`${API}/product_ratings`, { line_item_id: line.id, rating: 1 }),
      401,
      'UNAUTHENTICATED',
    );
    expect(
      await t.database.db.select().from(productRatings).where(eq(productRatings.lineItemId, line.id)),
    ).toEqual([]);
  });

  test('a low dish rating reaches the support inbox, once it becomes low', async () => {
    const line = lines[1]!;
    const inbox = t.config.email.support;
    const before = (await emailsTo(t, inbox, 'rating_alert')).length;
    expect((await rateDish(line.id, 2, 'Too salty')).status).toBe(201);
    const told = await emailsTo(t, inbox, 'rating_alert');
    expect(told).toHaveLength(before + 1);
    expect(told.at(-1)!.subject).toMatch(
      new RegExp(`^Low rating: ${line.title} in order #\\d+ \\(2 of 5\\)$`),
    );
    expect(told.at(-1)!.text).toContain('They wrote: “Too salty”');
    expect(told.at(-1)!.text).toContain(c.email);
    // Lower still: not told twice.
    expect((await rateDish(line.id, 1, 'Too salty')).status).toBe(200);
    expect(await emailsTo(t, inbox, 'rating_alert')).toHaveLength(before + 1);
  });
});

describe('the week’s summaries', () => {
  test('a week without a menu is 404; a week not given as its Monday is 400', async () => {
    expectError(await t.visitor().get(`${API}/weekly_menus/2031-01-06/review_summary`), 404, 'NOT_FOUND');
    expectError(
      await t.visitor().get(`${API}/weekly_menus/next-week/review_summary`),
      400,
      'VALIDATION_FAILED',
    );
    const response = await t.visitor().get(`${API}/weekly_menus/${WEEKS.next}/review_summary`);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const unrated = response.body.data.find((d: any) => d.attributes.count === 0);
    expect(unrated.attributes).toMatchObject({ average: null, text: 'No ratings yet' });
  });
});

describe('the box’s feedback and its email', () => {
  test('the email goes two days after the box came, once, to the order page', async () => {
    // Delivered on 25 November: nothing at 47 hours, the email at 48 (an earlier test moved the clock on).
    at('2026-11-27T10:00:00Z');
    await askAfterOrders(t.database.db, t.clock, t.config.publicUrl);
    expect(await emailsTo(t, c.email, 'after_order_ask')).toHaveLength(0);
    at('2026-11-27T20:00:00Z');
    await askAfterOrders(t.database.db, t.clock, t.config.publicUrl);
    await askAfterOrders(t.database.db, t.clock, t.config.publicUrl);
    const asks = await emailsTo(t, c.email, 'after_order_ask');
    expect(asks).toHaveLength(1);
    expect(asks[0]!.subject).toMatch(/^How were the dishes in your Sfoglia box #\d+\?$/);
    const link = linksIn(asks[0]!).find((url) => url.pathname === `/order/${c.firstOrderId}`)!;
    expect(link.hash).toBe('#rate');
  });

  test('the NPS answer once; the order carries it; the whole box can be rated too', async () => {
    const give = (body: unknown) => c.visitor.post(`${API}/orders/${c.firstOrderId}/feedback`, body);
    const given = await give({ nps_rating: 9, reason: 'taste', notes: '' });
    expect(given.status, JSON.stringify(given.body)).toBe(201);
    expectError(await give({ nps_rating: 3 }), 409, 'FEEDBACK_ALREADY_GIVEN');
    const list = await c.visitor.get(`${API}/orders?filter[delivery_date]=past`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const order = list.body.data.find((o: any) => o.id === c.firstOrderId);
    expect(order.relationships.order_feedback.data).toEqual({ id: c.firstOrderId, type: 'order_feedbacks' });
    expect(list.body.included.find((r: any) => r.type === 'order_feedbacks')).toMatchObject({
      id: c.firstOrderId,
      attributes: { nps_rating: 9, reason: 'taste' },
    });

    const rated = await c.visitor.post(`${API}/ratings`, { order_id: c.firstOrderId, rating: 5 });
    expect(rated.status, JSON.stringify(rated.body)).toBe(201);
  });
});

describe('development only: a box delivered now, the after-order emails now', () => {
  test('the embedded warehouse delivers a paid box at once, moved on as the fulfilment job does', async () => {
    expect(t.config.email.mailbox).toBe(true);
    t.clock.set(TEST_NOW);
    const other = await planCustomer(t);
    const delivered = await t.app.inject({
      method: 'POST',
      url: `/dev/fulfilment/orders/${other.firstOrderId}/deliver`,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().data.state).toBe('delivered');
    expect((await emailsTo(t, other.email, 'order_delivered')).length).toBe(1);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/dev/fulfilment/orders/00000000-0000-4000-8000-000000000000/deliver',
    });
    expect(unknown.statusCode).toBe(404);
    const asked = await t.app.inject({ method: 'POST', url: '/dev/after-order-asks' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().data.sent).toEqual(expect.any(Number));
  });
});
