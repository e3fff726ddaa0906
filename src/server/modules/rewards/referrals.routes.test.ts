import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { REFERRAL_MESSAGES } from '../../../domain/referrals';
import { referrals } from '../../db/schema/after-order';
import { vouchers } from '../../db/schema/vouchers';
import { API, expectError } from '../../test/api-expect';
import { clearRateLimits, emailsTo, signedInCustomer, uniqueEmail } from '../../test/accounts';
import { createTestApp, type TestApp, type Visitor } from '../../test/harness';
import {
  addressOf,
  friendFromLink,
  oneOffOrder,
  payWithNewCard,
  REFERRAL_COOKIE,
  referralCookieHeader,
  referrer,
} from '../../test/referrals';

// Referral links (issue 23 part 3, decision 30): GET /referrals/{token} as a friend opens it (public; the
// browser keeps the token for sign-up), POST /referrals/{token} for a signed-in newcomer, and sign-up taking
// the welcome: a personal, single-use code for a first order. Whoever may not take it is told why.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => clearRateLimits(t));
afterAll(() => t.close());

/** Signs a browser in with Google through the local provider's page, as the web app does. */
async function googleSignIn(
  visitor: Visitor,
  person: { email: string; first_name: string; last_name: string },
) {
  const { google } = t.config.socialSignIn;
  const url = `/dev/oauth/google/authorize?${new URLSearchParams({
    client_id: google.clientId,
    redirect_uri: '/social-login',
    response_type: 'id_token',
    scope: 'openid email profile',
    nonce: 'n-0S6_WzA2Mj',
    state: 'st-google',
  }).toString()}`;
  const submitted = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams({ ...person, action: 'continue' }).toString(),
  });
  expect(submitted.statusCode, submitted.body).toBe(302);
  const answer = new URLSearchParams(
    new URL(String(submitted.headers.location), t.config.publicUrl).hash.slice(1),
  );
  return visitor.post(`${API}/sessions/google`, { access_token: answer.get('id_token') });
}

const referralOf = async (friendId: string) =>
  (await t.database.db.select().from(referrals).where(eq(referrals.friendId, friendId)))[0] ?? null;

describe('GET /referrals/{token}', () => {
  test('a visitor reads who gives what, and the browser keeps the token for 30 days (HttpOnly, Lax)', async () => {
    const sam = await referrer(t);
    const visitor = t.visitor();
    const opened = await visitor.get(`${API}/referrals/${sam.token.toLowerCase()}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({
      data: {
        id: sam.token,
        type: 'referral_links',
        attributes: {
          referrer_name: 'Sam',
          offer: 'Sam has given you £10 off your first order of £30 or more',
          headline: 'Give £10, get £10',
          terms:
            'Friends get £10 off their first order of £30 or more. You get £10 of credit when it’s paid. One reward per new household.',
          friend_discount: 1000,
          friend_minimum_spend: 3000,
          friend_code_days: 60,
          signed_in: false,
        },
      },
    });
    const cookie = referralCookieHeader(opened)!;
    expect(cookie).toMatch(new RegExp(`^${REFERRAL_COOKIE}=${sam.token};`));
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  test('an unknown link is 404 REFERRAL_NOT_FOUND with what to check, and sets nothing', async () => {
    const opened = await t.visitor().get(`${API}/referrals/NOSUCH99`);
    expectError(opened, 404, 'REFERRAL_NOT_FOUND', REFERRAL_MESSAGES.linkUnknown);
    expect(referralCookieHeader(opened)).toBeUndefined();
    expectError(await t.visitor().get(`${API}/referrals/${'A'.repeat(65)}`), 400, 'VALIDATION_FAILED');
  });

  test('a name that is not a name is not passed on: "A friend has given you…"', async () => {
    const spam = await referrer(t, { firstName: 'Win at evil.example' });
    const opened = await t.visitor().get(`${API}/referrals/${spam.token}`);
    expect(opened.body.data.attributes).toMatchObject({
      referrer_name: 'A friend',
      offer: 'A friend has given you £10 off your first order of £30 or more',
    });
  });

  test('signed in: one’s own link is refused with the reason, and nothing is recorded', async () => {
    const sam = await referrer(t);
    expectError(
      await sam.visitor.get(`${API}/referrals/${sam.token}`),
      400,
      'REFERRAL_NOT_ELIGIBLE',
      REFERRAL_MESSAGES.ownLink,
    );
    expectError(
      await sam.visitor.post(`${API}/referrals/${sam.token}`),
      400,
      'REFERRAL_NOT_ELIGIBLE',
      REFERRAL_MESSAGES.ownLink,
    );
    expect(await referralOf(sam.id)).toBeNull();
  });

  test('signed in: an existing customer (a paid order) is refused; so is the same household’s email', async () => {
    const sam = await referrer(t, { email: `sam.jones${Date.now()}@gmail.com` });
    const regular = await signedInCustomer(t);
    const address = await addressOf(regular.visitor);
    const { orderId } = await oneOffOrder(regular, address);
    await payWithNewCard(
      t,
      { ...regular, customerId: regular.customer.id, email: regular.customer.email, addressId: address },
      orderId,
    );
    expectError(
      await regular.visitor.get(`${API}/referrals/${sam.token}`),
      400,
      'REFERRAL_NOT_ELIGIBLE',
      REFERRAL_MESSAGES.existingCustomer,
    );
    const [local] = sam.email.split('@');
    const twin = await signedInCustomer(t, { email: `${local!.replace('.', '')}+pasta@googlemail.com` });
    expectError(
      await twin.visitor.post(`${API}/referrals/${sam.token}`),
      400,
      'REFERRAL_NOT_ELIGIBLE',
      REFERRAL_MESSAGES.sameEmail,
    );
    expect(await referralOf(regular.customer.id)).toBeNull();
    expect(await referralOf(twin.customer.id)).toBeNull();
  });
});

describe('POST /referrals/{token}: a signed-in newcomer takes the welcome', () => {
  test('a personal single-use code for a first order of £30 or more, for 60 days; then already joined', async () => {
    const sam = await referrer(t);
    const { customer, visitor } = await signedInCustomer(t, { firstName: 'Bea' });
    const looked = await visitor.get(`${API}/referrals/${sam.token}`);
    expect(looked.body.data.attributes.signed_in).toBe(true);
    // Signed in, the link is taken now, not left for a sign-up.
    expect(referralCookieHeader(looked)).toBeUndefined();

    const taken = await visitor.post(`${API}/referrals/${sam.token}`);
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    const welcome = taken.body.data.attributes;
    expect(welcome).toMatchObject({
      referrer_name: 'Sam',
      offer: 'Sam has given you £10 off your first order of £30 or more',
      state: 'ready',
      problem: null,
      discount: 1000,
      minimum_spend: 3000,
      end_date: '2027-01-17',
    });
    expect(welcome.code).toMatch(/^WELCOME-[A-HJKMNP-Z2-9]{6}$/);
    const [code] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, welcome.voucher_id));
    expect(code).toMatchObject({
      customerId: customer.id,
      type: 'DiscountVoucher',
      valueType: 'fixed_amount',
      value: 1000,
      minimumSpendPerOrder: 3000,
      usageLimit: 1,
      newCustomersOnly: true,
      singleOrder: true,
      endDate: '2027-01-17',
    });
    expect(await referralOf(customer.id)).toMatchObject({
      referrerId: sam.id,
      state: 'pending',
      voucherId: code!.id,
    });
    const [email] = await emailsTo(t, customer.email, 'referral_welcome');
    expect(email!.subject).toBe('Sam has given you £10 off your first order of £30 or more');
    expect(email!.text).toContain(welcome.code);

    for (const again of [
      visitor.get(`${API}/referrals/${sam.token}`),
      visitor.post(`${API}/referrals/${sam.token}`),
    ]) {
      expectError(await again, 400, 'REFERRAL_NOT_ELIGIBLE', REFERRAL_MESSAGES.alreadyReferred);
    }
    const other = await referrer(t, { firstName: 'Cleo' });
    expectError(
      await visitor.post(`${API}/referrals/${other.token}`),
      400,
      'REFERRAL_NOT_ELIGIBLE',
      REFERRAL_MESSAGES.alreadyReferred,
    );
    expect(
      await t.database.db.select().from(vouchers).where(eq(vouchers.customerId, customer.id)),
    ).toHaveLength(1);
  });

  test('two tabs at once: one welcome, the other refused', async () => {
    const sam = await referrer(t);
    const { customer, visitor } = await signedInCustomer(t);
    const answers = await Promise.all([
      visitor.post(`${API}/referrals/${sam.token}`),
      visitor.post(`${API}/referrals/${sam.token}`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(
      await t.database.db.select().from(vouchers).where(eq(vouchers.customerId, customer.id)),
    ).toHaveLength(1);
  });

  test('a visitor must sign in (401); an unknown link is 404', async () => {
    const sam = await referrer(t);
    expectError(await t.visitor().post(`${API}/referrals/${sam.token}`), 401, 'UNAUTHENTICATED');
    const { visitor } = await signedInCustomer(t);
    expectError(
      await visitor.post(`${API}/referrals/NOSUCH99`),
      404,
      'REFERRAL_NOT_FOUND',
      REFERRAL_MESSAGES.linkUnknown,
    );
  });
});

describe('signing up from a referral link', () => {
  test('by email: the welcome is made in the sign-up, emailed, and the cookie is spent', async () => {
    const sam = await referrer(t);
    const ana = await friendFromLink(t, sam.token);
    const cleared = referralCookieHeader(ana.signUp)!;
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    const referral = await referralOf(ana.customerId);
    expect(referral).toMatchObject({ referrerId: sam.id, state: 'pending', problem: null });
    const [code] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, referral!.voucherId!));
    expect(code).toMatchObject({ customerId: ana.customerId, value: 1000, usageLimit: 1 });
    const [email] = await emailsTo(t, ana.email, 'referral_welcome');
    expect(email!.text).toContain(code!.code);
    // The sign-up's own email still goes.
    expect(await emailsTo(t, ana.email, 'confirm_sign_up')).toHaveLength(1);
  });

  test('the same household’s email: the sign-up goes ahead; the refusal is recorded, with no code', async () => {
    const sam = await referrer(t, { email: `sam.jones.${Date.now()}@gmail.com` });
    const [local] = sam.email.split('@');
    const twin = await friendFromLink(t, sam.token, {
      email: `${local!.replaceAll('.', '')}+twin@gmail.com`,
    });
    expect(await referralOf(twin.customerId)).toMatchObject({
      state: 'refused',
      problem: REFERRAL_MESSAGES.sameEmail,
      voucherId: null,
    });
    expect(await emailsTo(t, twin.email, 'referral_welcome')).toHaveLength(0);
    const blocks = await twin.visitor.get(`${API}/reward_blocks`);
    expect(blocks.body.data[0].attributes.welcome).toMatchObject({
      state: 'refused',
      problem: REFERRAL_MESSAGES.sameEmail,
      code: null,
    });
    // Sam sees it too, with the reason.
    const mine = await sam.visitor.get(`${API}/reward_blocks`);
    expect(mine.body.data[0].attributes.friends[0]).toMatchObject({
      state: 'refused',
      state_label: REFERRAL_MESSAGES.sameEmail,
      problem: REFERRAL_MESSAGES.sameEmail,
    });
  });

  test('with Google for the first time: the welcome is made; a later sign-in takes nothing more', async () => {
    const sam = await referrer(t);
    const visitor = t.visitor();
    expect((await visitor.get(`${API}/referrals/${sam.token}`)).status).toBe(200);
    const email = uniqueEmail('google');
    const signedIn = await googleSignIn(visitor, { email, first_name: 'Gia', last_name: 'Verdi' });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(201);
    expect(referralCookieHeader(signedIn)).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    const referral = await referralOf(signedIn.body.data.id);
    expect(referral).toMatchObject({ referrerId: sam.id, state: 'pending' });
    expect(await emailsTo(t, email, 'referral_welcome')).toHaveLength(1);

    // The same person signing in again from a browser with another link: not a sign-up, nothing is taken.
    const other = await referrer(t, { firstName: 'Cleo' });
    const again = t.visitor();
    await again.get(`${API}/referrals/${other.token}`);
    expect((await googleSignIn(again, { email, first_name: 'Gia', last_name: 'Verdi' })).status).toBe(201);
    expect(await referralOf(signedIn.body.data.id)).toMatchObject({ referrerId: sam.id });
  });

  test('a cookie naming no one changes nothing: the sign-up goes ahead without a referral', async () => {
    const visitor = t.visitor();
    const email = uniqueEmail('nobody');
    const made = await visitor.request('POST', `${API}/customers`, {
      body: { first_name: 'Dan', last_name: 'Poe', email, password: 'gnocchi on a tuesday' },
      headers: { cookie: `${REFERRAL_COOKIE}=NOSUCH99` },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(await referralOf(made.body.data.id)).toBeNull();
  });

  test('the welcome code works for its owner only: another customer’s basket refuses it, a visitor is asked to sign in', async () => {
    const sam = await referrer(t);
    const ana = await friendFromLink(t, sam.token);
    const { code } = (
      await t.database.db.select().from(vouchers).where(eq(vouchers.customerId, ana.customerId))
    )[0]!;

    const stranger = await signedInCustomer(t);
    const strangerAddress = await addressOf(stranger.visitor);
    const { basketId } = await oneOffOrder(stranger, strangerAddress);
    expectError(
      await stranger.visitor.post(`${API}/baskets/${basketId}/vouchers`, { code }),
      400,
      'VOUCHER_INVALID',
      'This code belongs to another account',
    );
    const visitor = t.visitor();
    const basket = await visitor.post(`${API}/baskets`, {
      type: 'RecipeKitBasket',
      start_subscription: false,
    });
    await visitor.post(`${API}/baskets/${basket.body.data.id}/items`, {
      product_variant_id: 'gid://shopify/ProductVariant/10011',
      quantity: 3,
      meal_week: '2026-11-23',
    });
    expectError(
      await visitor.post(`${API}/baskets/${basket.body.data.id}/vouchers`, { code }),
      400,
      'VOUCHER_INVALID',
      'Sign in to use this code',
    );

    // Its owner: £10 off a first order of £31.50, paid.
    const address = await addressOf(ana.visitor);
    const { orderId } = await oneOffOrder(ana, address, code.toLowerCase());
    const order = await ana.visitor.get(`${API}/orders/${orderId}`);
    expect(order.body.data.attributes).toMatchObject({ discount: 1000, voucher_code: code });
    await payWithNewCard(t, { ...ana, addressId: address }, orderId);
    const welcome = (await ana.visitor.get(`${API}/reward_blocks`)).body.data[0].attributes.welcome;
    expect(welcome).toMatchObject({ state: 'used', code });
  });
});
