import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { staffAudit } from '../../db/schema/staff';
import { clearRateLimits } from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import { createTestApp, type TestApp, type Visitor } from '../../test/harness';
import { browsersByRole, signedInStaff, type RoleName, type SignedInStaff } from '../../test/staff';
import { WEEKS } from '../../test/test-clock';

// The back office's dishes, pictures and weekly menus (issue 25 part 2): who may call what, a dish's allergens
// declared explicitly and its prices from £0.00, every change audited, and each change on the storefront, the
// week's menu and the takeaway menu at once. The shop's clock is Wed 18 November 2026, 10:00: next week
// (23 Nov) closes on Friday 20 November at 12:00; this week (16 Nov) is closed.

let t: TestApp;
let owner: SignedInStaff;
let manager: SignedInStaff;
let browsers: Record<RoleName, Visitor>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInStaff(t, 'owner', 'Olive');
  manager = await signedInStaff(t, 'manager', 'Marco');
  browsers = await browsersByRole(t);
});
beforeEach(() => clearRateLimits(t));
afterAll(() => t.close());

const WEEK_LATER = '2026-12-28';
let sku = 0;
const newSku = () => `BO-TEST-${++sku}-${Math.random().toString(36).slice(2, 6)}`;

function dish(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Pumpkin Cappellacci',
    description: 'Pumpkin, amaretti and sage butter.\n\nServes one.',
    product_type: 'Pasta Kit',
    tags: ['vegetarian', 'special'],
    allergens: [101, 104, 106],
    contains_no_allergens: false,
    hidden: false,
    variants: [{ title: 'Regular', sku: newSku(), price_pence: 1299, stock: 40 }],
    ...overrides,
  };
}

async function storefrontPrices(handle: string): Promise<Map<string, string>> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/storefront/graphql',
    headers: {
      'content-type': 'application/json',
      'x-shopify-storefront-access-token': t.config.storefront.token as string,
    },
    payload: JSON.stringify({
      query: `query ($handle: String!) { collection(handle: $handle) { products(first: 100) { nodes { title variants(first: 5) { nodes { sku price { amount } } } } } } }`,
      variables: { handle },
    }),
  });
  const body = response.json();
  const prices = new Map<string, string>();
  for (const product of body.data.collection?.products.nodes ?? []) {
    for (const variant of product.variants.nodes) prices.set(variant.sku, variant.price.amount);
  }
  return prices;
}

async function titlesOnStorefront(handle: string): Promise<string[]> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/storefront/graphql',
    headers: {
      'content-type': 'application/json',
      'x-shopify-storefront-access-token': t.config.storefront.token as string,
    },
    payload: JSON.stringify({
      query: `query ($handle: String!) { collection(handle: $handle) { products(first: 100) { nodes { title } } } }`,
      variables: { handle },
    }),
  });
  return (response.json().data.collection?.products.nodes ?? []).map((node: { title: string }) => node.title);
}

async function jpeg(width = 1600, height = 1000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();
}

function upload(visitor: Visitor, dishId: string, bytes: Buffer, contentType = 'image/jpeg') {
  return t.app.inject({
    method: 'POST',
    url: `${API}/back_office/dishes/${dishId}/picture`,
    headers: { 'content-type': contentType, 'x-branch': t.config.branch, cookie: visitor.cookieHeader() },
    payload: bytes,
  });
}

async function auditOf(subjectId: string) {
  return t.database.db.select().from(staffAudit).where(eq(staffAudit.subjectId, subjectId));
}

describe('who may call what', () => {
  let dishId: string;
  beforeAll(async () => {
    const created = await owner.visitor.post(`${API}/back_office/dishes`, dish({ title: 'Role table dish' }));
    dishId = created.body.data.id;
  });
  const CALLS: { call: string; send: (v: Visitor) => Promise<{ status: number }> }[] = [
    { call: 'GET /back_office/dishes', send: (v) => v.get(`${API}/back_office/dishes`) },
    { call: 'GET /back_office/dishes/{id}', send: (v) => v.get(`${API}/back_office/dishes/${dishId}`) },
    { call: 'POST /back_office/dishes', send: (v) => v.post(`${API}/back_office/dishes`, dish()) },
    {
      call: 'PUT /back_office/dishes/{id}',
      send: async (v) => {
        const current = await owner.visitor.get(`${API}/back_office/dishes/${dishId}`);
        const variants = current.body.data.attributes.variants.map((variant: Record<string, unknown>) => ({
          id: variant.id,
          title: variant.title,
          sku: variant.sku,
          price_pence: variant.price_pence,
          stock: variant.stock,
        }));
        return v.put(`${API}/back_office/dishes/${dishId}`, dish({ title: 'Role table dish', variants }));
      },
    },
    {
      call: 'POST /back_office/dishes/{id}/picture',
      send: async (v) => upload(v, dishId, await jpeg(300, 200)).then((r) => ({ status: r.statusCode })),
    },
    { call: 'GET /back_office/menu_weeks', send: (v) => v.get(`${API}/back_office/menu_weeks`) },
    {
      call: 'PUT /back_office/menu_weeks/{week}/dishes/{id}',
      send: (v) => v.put(`${API}/back_office/menu_weeks/${WEEK_LATER}/dishes/${dishId}`),
    },
    {
      call: 'GET /back_office/restaurants/{id}/takeaway_items',
      send: (v) => v.get(`${API}/back_office/restaurants/soho/takeaway_items`),
    },
    {
      call: 'PUT /back_office/restaurants/{id}/takeaway_items/{itemId}',
      send: async (v) => {
        const items = await owner.visitor.get(`${API}/back_office/restaurants/soho/takeaway_items`);
        const item = items.body.data.at(-1);
        return v.put(`${API}/back_office/restaurants/soho/takeaway_items/${item.id}`, { sold_out: false });
      },
    },
    {
      call: 'DELETE /back_office/menu_weeks/{week}/dishes/{id}',
      send: (v) => v.delete(`${API}/back_office/menu_weeks/${WEEK_LATER}/dishes/${dishId}`),
    },
  ];
  for (const { call, send } of CALLS) {
    test(`${call}: owner and manager only`, async () => {
      for (const [role, visitor] of Object.entries(browsers) as [RoleName, Visitor][]) {
        const response = await send(visitor);
        const expected = ['owner', 'manager'].includes(role)
          ? [200, 201]
          : role === 'visitor'
            ? [401]
            : [403];
        expect(expected, `${role}: ${JSON.stringify((response as { body?: unknown }).body)}`).toContain(
          response.status,
        );
      }
    });
  }

  test('publishing a week: owner and manager only (the others change nothing)', async () => {
    const week = '2026-12-21';
    await owner.visitor.put(`${API}/back_office/menu_weeks/${week}/dishes/${dishId}`);
    for (const role of ['support', 'events_host', 'kitchen', 'customer', 'visitor'] as const) {
      const response = await browsers[role].post(`${API}/back_office/menu_weeks/${week}/publish`);
      expect(response.status).toBe(role === 'visitor' ? 401 : 403);
    }
    const weeks = await owner.visitor.get(`${API}/back_office/menu_weeks`);
    expect(weeks.body.data.find((w: { id: string }) => w.id === week).attributes.published).toBe(false);
    expect((await browsers.manager.post(`${API}/back_office/menu_weeks/${week}/publish`)).status).toBe(200);
  });
});

describe('dishes', () => {
  test('a new dish, then changed: each change audited with before and after', async () => {
    const created = await manager.visitor.post(`${API}/back_office/dishes`, dish());
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data.attributes).toMatchObject({
      title: 'Pumpkin Cappellacci',
      description: 'Pumpkin, amaretti and sage butter. Serves one.',
      product_type: 'Pasta Kit',
      tags: ['vegetarian', 'special'],
      allergens: [101, 104, 106],
      contains_no_allergens: false,
      hidden: false,
      picture: null,
      weeks: [],
    });
    const variant = created.body.data.attributes.variants[0];
    const changed = await manager.visitor.put(
      `${API}/back_office/dishes/${id}`,
      dish({
        title: 'Pumpkin Cappellacci, brown butter',
        allergens: [],
        contains_no_allergens: true,
        hidden: true,
        variants: [
          { id: variant.id, title: 'Regular', sku: variant.sku, price_pence: 1399, stock: 12 },
          { title: 'Double Portion (Serves 2)', sku: newSku(), price_pence: 2399, stock: 6 },
        ],
      }),
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data.attributes).toMatchObject({
      title: 'Pumpkin Cappellacci, brown butter',
      allergens: [],
      contains_no_allergens: true,
      hidden: true,
    });
    expect(changed.body.data.attributes.variants.map((v: { price_pence: number }) => v.price_pence)).toEqual([
      1399, 2399,
    ]);
    const audit = await auditOf(id);
    expect(audit.map((entry) => entry.action).sort()).toEqual(['dish.create', 'dish.update']);
    const update = audit.find((entry) => entry.action === 'dish.update')!;
    expect(update.actorEmail).toBe(manager.email);
    expect(update.before).toMatchObject({ hidden: false, allergens: [101, 104, 106] });
    expect(update.after).toMatchObject({ hidden: true, containsNoAllergens: true });
  });

  test('a dish without an allergen declaration is refused and nothing is made', async () => {
    const before = (await owner.visitor.get(`${API}/back_office/dishes`)).body.data.length;
    const response = await owner.visitor.post(
      `${API}/back_office/dishes`,
      dish({ allergens: [], contains_no_allergens: false }),
    );
    expectError(response, 400, 'DISH_ALLERGENS_UNDECLARED');
    expect(response.body.errors[0].detail).toMatch(/Contains none of the 14/);
    const both = await owner.visitor.post(
      `${API}/back_office/dishes`,
      dish({ allergens: [106], contains_no_allergens: true }),
    );
    expectError(both, 400, 'DISH_ALLERGENS_UNDECLARED');
    expect((await owner.visitor.get(`${API}/back_office/dishes`)).body.data.length).toBe(before);
  });

  test('a price below zero is refused with what to do, and the dish keeps its price', async () => {
    const created = await owner.visitor.post(`${API}/back_office/dishes`, dish({ title: 'Negative test' }));
    const id = created.body.data.id;
    const variant = created.body.data.attributes.variants[0];
    const response = await owner.visitor.put(
      `${API}/back_office/dishes/${id}`,
      dish({ variants: [{ id: variant.id, title: 'Regular', sku: variant.sku, price_pence: -1, stock: 1 }] }),
    );
    expectError(response, 400, 'PRICE_BELOW_ZERO');
    expect(response.body.errors[0].detail).toMatch(/can’t be below £0\.00/);
    const after = await owner.visitor.get(`${API}/back_office/dishes/${id}`);
    expect(after.body.data.attributes.variants[0].price_pence).toBe(1299);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['dish.create']);
  });

  test('unknown fields, a SKU another dish has and an unknown dish are refused', async () => {
    const unknown = await owner.visitor.post(`${API}/back_office/dishes`, { ...dish(), colour: 'orange' });
    expect(unknown.status).toBe(400);
    const first = await owner.visitor.post(`${API}/back_office/dishes`, dish({ title: 'First' }));
    const taken = first.body.data.attributes.variants[0].sku;
    const second = await owner.visitor.post(
      `${API}/back_office/dishes`,
      dish({ variants: [{ title: 'Regular', sku: taken, price_pence: 100, stock: 1 }] }),
    );
    expectError(second, 409, 'SKU_TAKEN');
    expectError(await owner.visitor.get(`${API}/back_office/dishes/99999999`), 404, 'DISH_NOT_FOUND');
    expectError(await owner.visitor.get(`${API}/back_office/dishes/pumpkin`), 404, 'DISH_NOT_FOUND');
    expectError(await owner.visitor.put(`${API}/back_office/dishes/99999999`, dish()), 404, 'DISH_NOT_FOUND');
  });

  test('search by title and the hidden filter', async () => {
    await owner.visitor.post(
      `${API}/back_office/dishes`,
      dish({ title: 'Zucca Secret Special', hidden: true }),
    );
    const found = await owner.visitor.get(`${API}/back_office/dishes?search=zucca%20secret`);
    expect(found.body.data.map((d: { attributes: { title: string } }) => d.attributes.title)).toEqual([
      'Zucca Secret Special',
    ]);
    const hidden = await owner.visitor.get(`${API}/back_office/dishes?hidden=only`);
    expect(hidden.body.data.every((d: { attributes: { hidden: boolean } }) => d.attributes.hidden)).toBe(
      true,
    );
    expect(hidden.body.data.length).toBeGreaterThan(0);
    const shown = await owner.visitor.get(`${API}/back_office/dishes?hidden=exclude`);
    expect(shown.body.data.some((d: { attributes: { hidden: boolean } }) => d.attributes.hidden)).toBe(false);
  });
});

describe('a change reaches the storefront at once', () => {
  test('a price changed in the back office is the storefront’s price for next week in the same breath', async () => {
    const weeks = await owner.visitor.get(`${API}/back_office/menu_weeks`);
    const next = weeks.body.data.find((w: { id: string }) => w.id === WEEKS.next);
    expect(next.attributes).toMatchObject({ published: true, open: true });
    const dishId = next.attributes.dishes[0].id;
    const current = (await owner.visitor.get(`${API}/back_office/dishes/${dishId}`)).body.data.attributes;
    const [variant] = current.variants;
    // Read once so that anything kept is warm.
    expect((await storefrontPrices(WEEKS.next)).get(variant.sku)).toBe(
      (variant.price_pence / 100).toFixed(2),
    );
    const changed = await owner.visitor.put(`${API}/back_office/dishes/${dishId}`, {
      title: current.title,
      description: current.description,
      product_type: current.product_type,
      tags: current.tags,
      allergens: current.allergens,
      contains_no_allergens: current.allergens.length === 0,
      hidden: false,
      variants: current.variants.map((v: Record<string, unknown>, index: number) => ({
        id: v.id,
        title: v.title,
        sku: v.sku,
        price_pence: index === 0 ? 1777 : v.price_pence,
        stock: v.stock,
      })),
    });
    expect(changed.status).toBe(200);
    expect((await storefrontPrices(WEEKS.next)).get(variant.sku)).toBe('17.77');
  });
});

describe('pictures', () => {
  test('a JPEG is made into WebP 400, 800 and 1200 wide, served from /media, and is the dish’s picture', async () => {
    const created = await owner.visitor.post(`${API}/back_office/dishes`, dish({ title: 'Pictured' }));
    const id = created.body.data.id;
    const response = await upload(manager.visitor, id, await jpeg());
    expect(response.statusCode).toBe(201);
    const sizes = response.json().data.attributes.sizes as { width: number; height: number; url: string }[];
    expect(sizes.map((size) => [size.width, size.height])).toEqual([
      [400, 250],
      [800, 500],
      [1200, 750],
    ]);
    for (const size of sizes) {
      const file = await t.app.inject({ method: 'GET', url: size.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect((await sharp(file.rawPayload).metadata()).width).toBe(size.width);
    }
    const after = await owner.visitor.get(`${API}/back_office/dishes/${id}`);
    expect(after.body.data.attributes.picture).toEqual({ url: sizes[1]!.url, width: 800, height: 500 });
    expect((await auditOf(id)).map((entry) => entry.action)).toContain('dish.picture');
  });

  test('a small picture is never enlarged', async () => {
    const created = await owner.visitor.post(`${API}/back_office/dishes`, dish({ title: 'Small picture' }));
    const response = await upload(owner.visitor, created.body.data.id, await jpeg(500, 500));
    expect(response.json().data.attributes.sizes.map((size: { width: number }) => size.width)).toEqual([
      400, 500,
    ]);
  });

  test('what is not a picture is refused 400, whatever its content type says; a JSON body 415', async () => {
    const created = await owner.visitor.post(`${API}/back_office/dishes`, dish({ title: 'Not pictured' }));
    const id = created.body.data.id;
    const fake = await upload(owner.visitor, id, Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().errors[0]).toMatchObject({ code: 'PICTURE_NOT_AN_IMAGE' });
    const truncated = (await jpeg()).subarray(0, 600);
    expect((await upload(owner.visitor, id, truncated)).statusCode).toBe(400);
    const json = await owner.visitor.post(`${API}/back_office/dishes/${id}/picture`, { picture: 'x' });
    expect(json.status).toBe(415);
    const gif = await upload(owner.visitor, id, Buffer.from('GIF89a'), 'image/gif');
    expect(gif.statusCode).toBe(415);
    const after = await owner.visitor.get(`${API}/back_office/dishes/${id}`);
    expect(after.body.data.attributes.picture).toBeNull();
  });
});

describe('weekly menus', () => {
  test('weeks: which are published, their cutoffs, and whether they can still change', async () => {
    const weeks = (await owner.visitor.get(`${API}/back_office/menu_weeks`)).body.data;
    expect(weeks.map((w: { id: string }) => w.id).slice(0, 4)).toEqual([
      WEEKS.previous,
      WEEKS.current,
      WEEKS.next,
      WEEKS.later,
    ]);
    expect(weeks).toHaveLength(10);
    const byId = new Map(weeks.map((w: { id: string; attributes: unknown }) => [w.id, w.attributes]));
    expect(byId.get(WEEKS.current)).toMatchObject({ published: true, open: false });
    expect(byId.get(WEEKS.next)).toMatchObject({
      published: true,
      open: true,
      cutoff: '2026-11-20T12:00:00.000Z',
      label: '23 – 28 Nov',
    });
    expect(byId.get('2027-01-04')).toMatchObject({ published: false, open: true, dishes: [] });
  });

  test('a dish put into next week’s published menu is on the storefront at once; out again, it is gone', async () => {
    const created = await manager.visitor.post(
      `${API}/back_office/dishes`,
      dish({ title: 'Next week special' }),
    );
    const id = created.body.data.id;
    expect(await titlesOnStorefront(WEEKS.next)).not.toContain('Next week special');
    const put = await manager.visitor.put(`${API}/back_office/menu_weeks/${WEEKS.next}/dishes/${id}`);
    expect(put.status).toBe(200);
    expect(put.body.data.attributes.dishes.at(-1)).toEqual({ id, title: 'Next week special', hidden: false });
    expect(await titlesOnStorefront(WEEKS.next)).toContain('Next week special');
    const out = await manager.visitor.delete(`${API}/back_office/menu_weeks/${WEEKS.next}/dishes/${id}`);
    expect(out.status).toBe(200);
    expect(await titlesOnStorefront(WEEKS.next)).not.toContain('Next week special');
    expect((await auditOf(WEEKS.next)).map((entry) => entry.action)).toEqual([
      'menu_week.put',
      'menu_week.take_out',
    ]);
  });

  test('a week is drafted, then published: only then the storefront has it', async () => {
    const week = '2027-01-11';
    const created = await owner.visitor.post(`${API}/back_office/dishes`, dish({ title: 'January ragù' }));
    const id = created.body.data.id;
    expectError(
      await owner.visitor.post(`${API}/back_office/menu_weeks/${week}/publish`),
      400,
      'MENU_WEEK_EMPTY',
    );
    await owner.visitor.put(`${API}/back_office/menu_weeks/${week}/dishes/${id}`);
    expect(await titlesOnStorefront(week)).toEqual([]);
    const published = await owner.visitor.post(`${API}/back_office/menu_weeks/${week}/publish`);
    expect(published.status).toBe(200);
    expect(published.body.data.attributes).toMatchObject({
      published: true,
      dishes: [{ id, title: 'January ragù' }],
    });
    expect(await titlesOnStorefront(week)).toEqual(['January ragù']);
    const dishNow = await owner.visitor.get(`${API}/back_office/dishes/${id}`);
    expect(dishNow.body.data.attributes.weeks).toEqual([week]);
    // Publishing again changes nothing.
    expect((await owner.visitor.post(`${API}/back_office/menu_weeks/${week}/publish`)).status).toBe(200);
  });

  test('after its cutoff a week cannot change: 409 with the cutoff in the message', async () => {
    const created = await owner.visitor.post(`${API}/back_office/dishes`, dish({ title: 'Too late' }));
    const id = created.body.data.id;
    const late = await owner.visitor.put(`${API}/back_office/menu_weeks/${WEEKS.current}/dishes/${id}`);
    expectError(late, 409, 'MENU_WEEK_CLOSED');
    expect(late.body.errors[0].detail).toMatch(/Friday 13 November.*12:00/);
    expectError(
      await owner.visitor.post(`${API}/back_office/menu_weeks/${WEEKS.current}/publish`),
      409,
      'MENU_WEEK_CLOSED',
    );
    expect(await titlesOnStorefront(WEEKS.current)).not.toContain('Too late');
    // Not a Monday, or too far ahead.
    expectError(
      await owner.visitor.put(`${API}/back_office/menu_weeks/2026-11-24/dishes/${id}`),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await owner.visitor.put(`${API}/back_office/menu_weeks/2027-06-07/dishes/${id}`),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await owner.visitor.put(`${API}/back_office/menu_weeks/${WEEKS.later}/dishes/99999999`),
      404,
      'DISH_NOT_FOUND',
    );
  });
});

describe('the takeaway menu per restaurant', () => {
  const publicItem = async (restaurant: string, id: string) => {
    const menu = await browsers.customer.get(`${API}/restaurants/${restaurant}/menu?fulfillment_type=pickup`);
    return menu.body.included.find((item: { id: string }) => item.id === id)?.attributes;
  };

  test('sold out at one restaurant until tomorrow, then back: the public menu shows it at once; audited', async () => {
    const items = (await manager.visitor.get(`${API}/back_office/restaurants/soho/takeaway_items`)).body.data;
    expect(items.length).toBeGreaterThan(3);
    const item = items.find(
      (candidate: { attributes: { channel: string } }) => candidate.attributes.channel === 'takeaway',
    );
    expect(item.attributes.sold_out_until).toBeNull();
    expect((await publicItem('soho', item.id)).available).toBe(true);
    const soldOut = await manager.visitor.put(
      `${API}/back_office/restaurants/soho/takeaway_items/${item.id}`,
      {
        sold_out: true,
      },
    );
    expect(soldOut.status).toBe(200);
    // Until the start of tomorrow, London (the shop's clock is 18 November, 10:00).
    expect(soldOut.body.data.attributes.sold_out_until).toBe('2026-11-19T00:00:00.000Z');
    expect((await publicItem('soho', item.id)).available).toBe(false);
    const back = await manager.visitor.put(`${API}/back_office/restaurants/soho/takeaway_items/${item.id}`, {
      sold_out: false,
    });
    expect(back.body.data.attributes.sold_out_until).toBeNull();
    expect((await publicItem('soho', item.id)).available).toBe(true);
    expect((await auditOf(`soho/${item.id}`)).map((entry) => entry.action)).toEqual([
      'takeaway_item.update',
      'takeaway_item.update',
    ]);
  });

  test('a price changed is the takeaway menu’s price at once; below zero is refused and changes nothing', async () => {
    const items = (await owner.visitor.get(`${API}/back_office/restaurants/soho/takeaway_items`)).body.data;
    const item = items.filter(
      (candidate: { attributes: { channel: string } }) => candidate.attributes.channel === 'takeaway',
    )[1];
    expect((await publicItem('soho', item.id)).price).toBe(item.attributes.price_pence);
    const changed = await owner.visitor.put(`${API}/back_office/restaurants/soho/takeaway_items/${item.id}`, {
      price_pence: 1234,
    });
    expect(changed.body.data.attributes.price_pence).toBe(1234);
    expect((await publicItem('soho', item.id)).price).toBe(1234);
    const below = await owner.visitor.put(`${API}/back_office/restaurants/soho/takeaway_items/${item.id}`, {
      price_pence: -5,
    });
    expectError(below, 400, 'PRICE_BELOW_ZERO');
    expect((await publicItem('soho', item.id)).price).toBe(1234);
    expectError(
      await owner.visitor.put(`${API}/back_office/restaurants/soho/takeaway_items/99999`, { sold_out: true }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await owner.visitor.put(`${API}/back_office/restaurants/nowhere/takeaway_items/${item.id}`, {
        sold_out: true,
      }),
      404,
      'RESTAURANT_NOT_FOUND',
    );
    expect(
      (await owner.visitor.put(`${API}/back_office/restaurants/soho/takeaway_items/${item.id}`, { price: 1 }))
        .status,
    ).toBe(400);
  });
});
