import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { API } from '../../test/api-expect';
import { clearRateLimits } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { shopper } from '../../test/checkout';
import { planCustomer } from '../../test/plans';

// GET /marketing_offers (spec §7 Other; issue 12: offers know a new customer from an existing one): the
// offers for a visitor or a customer with no paid order (new), or for one who has had an order (existing),
// each saying whether the customer can still use its code.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => clearRateLimits(t));
afterAll(() => t.close());

const titles = (body: any) => body.data.map((offer: any) => offer.attributes.code);

describe('GET /marketing_offers', () => {
  test('a visitor and a customer with no paid order get the new customers’ offers', async () => {
    const visitor = await t.visitor().get(`${API}/marketing_offers`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.meta).toEqual({ customer_type: 'new' });
    expect(titles(visitor.body)).toEqual(['WELCOME-15', 'FREE-TIRAMISU']);
    expect(visitor.body.data[0].attributes).toMatchObject({
      title: '£15 off your first box',
      voucher_type: 'DiscountVoucher',
      customer_type: 'new',
      usable: true,
      problem: null,
    });
    const s = await shopper(t);
    const fresh = await s.visitor.get(`${API}/marketing_offers`);
    expect(titles(fresh.body)).toEqual(['WELCOME-15', 'FREE-TIRAMISU']);
  });

  test('a customer whose plan’s box is paid gets the existing customers’ offers; a used code says so', async () => {
    const c = await planCustomer(t);
    const offers = await c.visitor.get(`${API}/marketing_offers`);
    expect(offers.body.meta).toEqual({ customer_type: 'existing' });
    expect(titles(offers.body)).toEqual(['OOS-20', 'FREE-TIRAMISU', 'CREDIT-5']);
    const redeemed = await c.visitor.post(`${API}/customers/credit_voucher`, { code: 'CREDIT-5' });
    expect([200, 201], JSON.stringify(redeemed.body)).toContain(redeemed.status);
    const after = await c.visitor.get(`${API}/marketing_offers`);
    const credit = after.body.data.find((offer: any) => offer.attributes.code === 'CREDIT-5');
    expect(credit.attributes).toMatchObject({ usable: false });
    expect(credit.attributes.problem).toBe('You have already added this code to your account');
  });
});
