import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { assignVariant } from '../../../domain/experiments';
import { customerExperiments, experiments, experimentVariants } from '../../db/schema/after-order';
import { MENU_BANNER_EXPERIMENT, MENU_BANNER_VARIANT_B } from '../../db/seed/demo-experiments';
import { signedInCustomer, signIn } from '../../test/accounts';
import { API } from '../../test/api-expect';
import { createTestApp, PRODUCTION, type TestApp, type Visitor } from '../../test/harness';
import { planCustomer } from '../../test/plans';

// Experiments through the API (issue 23 part 6, decision 30): GET /experiments, POST
// /customer_google_experiments, and the marketing banner the demo experiment changes. The seeded
// experiment splits 50/50 between a (the banner's own words) and b; the visitor ids below are chosen by
// their bucket, so each test knows which variant a browser is in.

const COOKIE = 'sfoglia_ab';
const CONTROL_TEXT = 'New here? Fresh pasta kits from £6.50 a dish, ready in 15 minutes.';
const HALVES = [
  { id: 'a', weight: 50 },
  { id: 'b', weight: 50 },
];

/** A visitor id (22 characters, like the server's) whose bucket in `experiment` is `variant`. */
function visitorIn(variant: string, experiment = MENU_BANNER_EXPERIMENT, split = HALVES, skip = 0): string {
  let found = 0;
  for (let n = 0; ; n += 1) {
    const id = `test-visitor-${String(n).padStart(9, '0')}`;
    if (assignVariant(split, id, experiment)?.id === variant && found++ === skip) return id;
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function browser(experimentId?: string): Visitor {
  const visitor = t.visitor();
  if (experimentId) visitor.setCookie(COOKIE, experimentId);
  return visitor;
}

type Assignments = {
  data: {
    id: string;
    attributes: { variant_id: string; recorded: boolean; payload: Record<string, unknown> };
  }[];
  meta: { ab_flag: string; customer_type: string };
};

const variantOf = (body: Assignments, experiment = MENU_BANNER_EXPERIMENT) =>
  body.data.find((d) => d.id === experiment)?.attributes.variant_id;

async function bannerOne(visitor: Visitor) {
  const response = await visitor.get(`${API}/marketing_banners`);
  expect(response.status).toBe(200);
  const banner = (
    response.body as {
      data: { attributes: { position: number; text: string; mobile_text: string | null } }[];
    }
  ).data.find((b) => b.attributes.position === 1)!;
  return { response, text: banner.attributes.text, mobileText: banner.attributes.mobile_text };
}

async function recorded(customerId: string) {
  return t.database.db
    .select({ experimentId: customerExperiments.experimentId, variantId: customerExperiments.variantId })
    .from(customerExperiments)
    .where(eq(customerExperiments.customerId, customerId));
}

describe('GET /experiments', () => {
  test('a browser with no id is given one (HttpOnly, SameSite=Lax, a year) and keeps its variant on every call', async () => {
    const visitor = browser();
    const first = await visitor.get<Assignments>(`${API}/experiments`);
    expect(first.status).toBe(200);
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/^sfoglia_ab=[\w-]{22}; /);
    expect(cookie.split('; ').slice(1).sort()).toEqual([
      'HttpOnly',
      'Max-Age=31536000',
      'Path=/',
      'SameSite=Lax',
    ]);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const variant = variantOf(first.body);
    expect(['a', 'b']).toContain(variant);
    for (let i = 0; i < 5; i += 1) {
      const again = await visitor.get<Assignments>(`${API}/experiments`);
      expect(again.headers['set-cookie']).toBeUndefined();
      expect(variantOf(again.body)).toBe(variant);
      expect(again.body.meta.ab_flag).toBe(`${MENU_BANNER_EXPERIMENT}:${variant}`);
    }
  });

  test('in production it is __Host-sfoglia_ab and Secure, and only that name is honoured', async () => {
    const production = await createTestApp(PRODUCTION);
    try {
      const first = await production.visitor().get<Assignments>(`${API}/experiments`);
      const [nameValue, ...attributes] = String(first.headers['set-cookie']).split('; ');
      expect(nameValue).toMatch(/^__Host-sfoglia_ab=[\w-]{22}$/);
      expect(attributes.sort()).toEqual(['HttpOnly', 'Max-Age=31536000', 'Path=/', 'SameSite=Lax', 'Secure']);
      const inB = visitorIn('b');
      const honoured = await production.app.inject({
        method: 'GET',
        url: `${API}/experiments`,
        headers: { cookie: `__Host-sfoglia_ab=${inB}` },
      });
      expect(honoured.headers['set-cookie']).toBeUndefined();
      expect(variantOf(honoured.json())).toBe('b');
      const wrongName = await production.app.inject({
        method: 'GET',
        url: `${API}/experiments`,
        headers: { cookie: `sfoglia_ab=${inB}` },
      });
      expect(String(wrongName.headers['set-cookie'])).toMatch(/^__Host-sfoglia_ab=/);
    } finally {
      await production.close();
    }
  });

  test('each browser’s bucket decides: a in one, b with its words in the other; a visitor is new', async () => {
    const inA = await browser(visitorIn('a')).get<Assignments>(`${API}/experiments`);
    const inB = await browser(visitorIn('b')).get<Assignments>(`${API}/experiments`);
    expect(inA.headers['set-cookie']).toBeUndefined();
    expect(variantOf(inA.body)).toBe('a');
    expect(inA.body.data[0]!.attributes).toMatchObject({ payload: {}, recorded: false });
    expect(variantOf(inB.body)).toBe('b');
    expect(inB.body.data[0]!.attributes.payload).toMatchObject({ text: MENU_BANNER_VARIANT_B.text });
    expect(inB.body.meta).toEqual({ ab_flag: 'menu-banner-copy:b', customer_type: 'new' });
  });

  test('a signed-in customer’s recorded variant wins over the browser’s bucket', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    visitor.setCookie(COOKIE, visitorIn('b'));
    await t.database.db
      .insert(customerExperiments)
      .values({ customerId: customer.id, experimentId: MENU_BANNER_EXPERIMENT, variantId: 'a' });
    const response = await visitor.get<Assignments>(`${API}/experiments`);
    expect(response.body.data[0]!.attributes).toMatchObject({ variant_id: 'a', recorded: true });
    expect(response.body.meta.ab_flag).toBe('menu-banner-copy:a');
    // Another customer in the same bucket is not touched by it.
    const other = await signedInCustomer(t);
    other.visitor.setCookie(COOKIE, visitorIn('b'));
    expect(variantOf((await other.visitor.get<Assignments>(`${API}/experiments`)).body)).toBe('b');
  });
});

describe('POST /customer_google_experiments', () => {
  const post = (visitor: Visitor, body: unknown) => visitor.post(`${API}/customer_google_experiments`, body);

  test('records the variant the browser was shown, once: the same again is 200, another keeps the first', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    visitor.setCookie(COOKIE, visitorIn('b'));
    const first = await post(visitor, { experimentId: MENU_BANNER_EXPERIMENT, variantId: 'b' });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      id: MENU_BANNER_EXPERIMENT,
      type: 'experiment_assignments',
      attributes: { variant_id: 'b', recorded: true },
    });
    const again = await post(visitor, { experimentId: MENU_BANNER_EXPERIMENT, variantId: 'b' });
    expect(again.status).toBe(200);
    // Another device, in the other bucket, asking for a: the first recorded variant stays and is answered.
    const elsewhere = browser(visitorIn('a'));
    await signIn(elsewhere, customer.email);
    const other = await post(elsewhere, { experimentId: MENU_BANNER_EXPERIMENT, variantId: 'a' });
    expect(other.status).toBe(200);
    expect(other.body.data.attributes.variant_id).toBe('b');
    expect(variantOf((await elsewhere.get<Assignments>(`${API}/experiments`)).body)).toBe('b');
    expect(await recorded(customer.id)).toEqual([{ experimentId: MENU_BANNER_EXPERIMENT, variantId: 'b' }]);
  });

  test('a variant the browser was not shown is refused (409) and nothing is recorded', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    visitor.setCookie(COOKIE, visitorIn('b'));
    const response = await post(visitor, { experimentId: MENU_BANNER_EXPERIMENT, variantId: 'a' });
    expect(response.status).toBe(409);
    expect(response.body.errors[0]).toMatchObject({ code: 'CONFLICT' });
    expect(await recorded(customer.id)).toEqual([]);
  });

  test('unknown experiments and variants are 404 EXPERIMENT_NOT_FOUND; malformed bodies 400; signed out 401', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    visitor.setCookie(COOKIE, visitorIn('a'));
    for (const body of [
      { experimentId: 'no-such-experiment', variantId: 'a' },
      { experimentId: MENU_BANNER_EXPERIMENT, variantId: 'z' },
    ]) {
      const response = await post(visitor, body);
      expect(response.status, JSON.stringify(body)).toBe(404);
      expect(response.body.errors[0].code).toBe('EXPERIMENT_NOT_FOUND');
    }
    for (const body of [
      {},
      { experimentId: MENU_BANNER_EXPERIMENT },
      { experimentId: 'Menu Banner', variantId: 'a' },
      { experimentId: MENU_BANNER_EXPERIMENT, variantId: '' },
      { experimentId: MENU_BANNER_EXPERIMENT, variantId: 7 },
      { experimentId: 'x'.repeat(81), variantId: 'a' },
    ]) {
      const response = await post(visitor, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.errors[0].code).toBe('VALIDATION_FAILED');
    }
    const notJson = await visitor.request('POST', `${API}/customer_google_experiments`, {
      raw: '{"experiment',
    });
    expect(notJson.status).toBe(400);
    const signedOut = await post(browser(visitorIn('a')), {
      experimentId: MENU_BANNER_EXPERIMENT,
      variantId: 'a',
    });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.errors[0].code).toBe('UNAUTHENTICATED');
    expect(await recorded(customer.id)).toEqual([]);
  });

  test('two calls at once (two tabs signing in) record once: one 201, one 200', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    visitor.setCookie(COOKIE, visitorIn('a', MENU_BANNER_EXPERIMENT, HALVES, 1));
    const body = { experimentId: MENU_BANNER_EXPERIMENT, variantId: 'a' };
    const statuses = (await Promise.all([post(visitor, body), post(visitor, body), post(visitor, body)]))
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual([200, 200, 201]);
    expect(await recorded(customer.id)).toHaveLength(1);
  });
});

describe('the same person, the same variant', () => {
  test('a visitor in b signs up, records b, and sees b on another device after signing in there', async () => {
    const visitor = browser(visitorIn('b'));
    expect(variantOf((await visitor.get<Assignments>(`${API}/experiments`)).body)).toBe('b');
    const email = `experiments-${Date.now()}@example.com`;
    const signedUp = await visitor.post(`${API}/customers`, {
      firstName: 'Bea',
      lastName: 'Bucket',
      email,
      password: 'gnocchi on a tuesday',
    });
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(201);
    // Signed in now, nothing recorded yet: the browser's bucket still decides (the web app then records it).
    const after = await visitor.get<Assignments>(`${API}/experiments`);
    expect(after.body.data[0]!.attributes).toMatchObject({ variant_id: 'b', recorded: false });
    expect(
      (
        await visitor.post(`${API}/customer_google_experiments`, {
          experimentId: MENU_BANNER_EXPERIMENT,
          variantId: 'b',
        })
      ).status,
    ).toBe(201);
    const phone = browser(visitorIn('a'));
    expect(variantOf((await phone.get<Assignments>(`${API}/experiments`)).body)).toBe('a');
    await signIn(phone, email, 'gnocchi on a tuesday');
    const onPhone = await phone.get<Assignments>(`${API}/experiments`);
    expect(onPhone.body.data[0]!.attributes).toMatchObject({ variant_id: 'b', recorded: true });
    expect((await bannerOne(phone)).text).toBe(MENU_BANNER_VARIANT_B.text);
  });
});

describe('the banner the demo experiment changes', () => {
  test('its words follow the browser’s variant; other banners, and a browser with no id, keep theirs', async () => {
    const a = await bannerOne(browser(visitorIn('a')));
    const b = await bannerOne(browser(visitorIn('b')));
    const none = await bannerOne(browser());
    expect(a.text).toBe(CONTROL_TEXT);
    expect(a.mobileText).toBe('Fresh pasta kits, ready in 15 minutes');
    expect(b.text).toBe(MENU_BANNER_VARIANT_B.text);
    expect(b.mobileText).toBe(MENU_BANNER_VARIANT_B.mobileText);
    // No id, no experiment: the banner's own words, and no cookie set by a banner call.
    expect(none.text).toBe(CONTROL_TEXT);
    expect(none.response.headers['set-cookie']).toBeUndefined();
    // The rest of the list is the same for both.
    const rest = (response: typeof a.response) =>
      (response.body as { data: { attributes: { position: number } }[] }).data.filter(
        (banner) => banner.attributes.position !== 1,
      );
    expect(rest(b.response)).toEqual(rest(a.response));
    // Never shared by a cache between browsers.
    expect(b.response.headers['cache-control']).toBe('private, no-cache');
    expect(b.response.headers.vary).toMatch(/cookie/i);
  });

  test('a signed-in customer’s recorded variant decides the words, even from a browser with no id', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    await t.database.db
      .insert(customerExperiments)
      .values({ customerId: customer.id, experimentId: MENU_BANNER_EXPERIMENT, variantId: 'b' });
    expect((await bannerOne(visitor)).text).toBe(MENU_BANNER_VARIANT_B.text);
  });
});

describe('audiences and splits', () => {
  const BETA = 'beta-checkout-copy';
  beforeAll(async () => {
    await t.database.db
      .insert(experiments)
      .values({ id: BETA, name: 'Beta checkout copy', audience: 'beta' });
    await t.database.db.insert(experimentVariants).values([
      { experimentId: BETA, id: 'a', name: 'Control', weight: 1, position: 0 },
      { experimentId: BETA, id: 'b', name: 'New', weight: 1, position: 1, payload: { ctaText: 'Pay now' } },
    ]);
  });

  test('a beta-group experiment is hidden from visitors and customers outside the group, 404 to record', async () => {
    const id = visitorIn('a', BETA, HALVES);
    const visitor = browser(id);
    expect((await visitor.get<Assignments>(`${API}/experiments`)).body.data.map((d) => d.id)).toEqual([
      MENU_BANNER_EXPERIMENT,
    ]);
    const { visitor: outside } = await signedInCustomer(t);
    outside.setCookie(COOKIE, id);
    expect(variantOf((await outside.get<Assignments>(`${API}/experiments`)).body, BETA)).toBeUndefined();
    const refused = await outside.post(`${API}/customer_google_experiments`, {
      experimentId: BETA,
      variantId: 'a',
    });
    expect(refused.status).toBe(404);
    expect(refused.body.errors[0].code).toBe('EXPERIMENT_NOT_FOUND');

    const { customer, visitor: inside } = await signedInCustomer(t, { beta: true });
    inside.setCookie(COOKIE, id);
    const seen = await inside.get<Assignments>(`${API}/experiments`);
    expect(variantOf(seen.body, BETA)).toBe('a');
    expect(seen.body.meta.ab_flag).toMatch(/^beta-checkout-copy:a,menu-banner-copy:[ab]$/);
    expect(
      (await inside.post(`${API}/customer_google_experiments`, { experimentId: BETA, variantId: 'a' }))
        .status,
    ).toBe(201);
    expect(await recorded(customer.id)).toEqual([{ experimentId: BETA, variantId: 'a' }]);
  });

  test('a variant weighing nothing takes nobody; an experiment that is stopped is not running', async () => {
    const { visitor } = await signedInCustomer(t, { beta: true });
    visitor.setCookie(COOKIE, visitorIn('b', BETA, HALVES));
    expect(variantOf((await visitor.get<Assignments>(`${API}/experiments`)).body, BETA)).toBe('b');
    await t.database.db
      .update(experimentVariants)
      .set({ weight: 0 })
      .where(and(eq(experimentVariants.experimentId, BETA), eq(experimentVariants.id, 'b')));
    expect(variantOf((await visitor.get<Assignments>(`${API}/experiments`)).body, BETA)).toBe('a');
    await t.database.db.update(experiments).set({ active: false }).where(eq(experiments.id, BETA));
    expect(variantOf((await visitor.get<Assignments>(`${API}/experiments`)).body, BETA)).toBeUndefined();
    const stopped = await visitor.post(`${API}/customer_google_experiments`, {
      experimentId: BETA,
      variantId: 'a',
    });
    expect(stopped.status).toBe(404);
  });
});

describe('new or existing, in the meta', () => {
  test('a customer with no paid order is new; once a plan’s box is paid, existing', async () => {
    const { visitor } = await signedInCustomer(t);
    expect((await visitor.get<Assignments>(`${API}/experiments`)).body.meta.customer_type).toBe('new');
    const c = await planCustomer(t);
    expect((await c.visitor.get<Assignments>(`${API}/experiments`)).body.meta.customer_type).toBe('existing');
  });
});
