import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { marketingBannerModel, type MarketingBanner } from '../../../contracts/shop';
import { bannersFor, customerTypeOf } from './marketing.queries';

function banner(id: string, overrides: Partial<MarketingBanner> = {}): MarketingBanner {
  return {
    id,
    category: 'menu',
    active: true,
    position: 0,
    customerType: null,
    text: `Banner ${id}`,
    mobileText: null,
    link: null,
    bgColor: '#576458',
    fgColor: '#ffffff',
    ...overrides,
  };
}

describe('bannersFor', () => {
  const banners = [
    banner('later-everyone', { position: 3 }),
    banner('inactive', { position: 0, active: false }),
    banner('new-only', { position: 2, customerType: 'new' }),
    banner('existing-only', { position: 1, customerType: 'existing' }),
    banner('first-everyone', { position: 0 }),
  ];

  test('a new customer sees active banners for everyone and for new customers, by position', () => {
    expect(bannersFor(banners, 'new').map((b) => b.id)).toEqual([
      'first-everyone',
      'new-only',
      'later-everyone',
    ]);
  });

  test('an existing customer sees active banners for everyone and for existing customers, by position', () => {
    expect(bannersFor(banners, 'existing').map((b) => b.id)).toEqual([
      'first-everyone',
      'existing-only',
      'later-everyone',
    ]);
  });

  test('inactive banners are never shown; none in, none out', () => {
    expect(bannersFor([banner('off', { active: false })], 'new')).toEqual([]);
    expect(bannersFor([], 'existing')).toEqual([]);
  });

  test('the input is not reordered', () => {
    const input = [banner('b', { position: 2 }), banner('a', { position: 1 })];
    bannersFor(input, 'new');
    expect(input.map((b) => b.id)).toEqual(['b', 'a']);
  });

  test('the fixture is a valid banner model', () => {
    expect(marketingBannerModel.parse(banners[0])).toEqual(banners[0]);
  });

  const bannersArb = fc
    .array(
      fc.record({
        active: fc.boolean(),
        position: fc.integer({ min: -5, max: 20 }),
        customerType: fc.constantFrom(null, 'new' as const, 'existing' as const),
      }),
      { maxLength: 15 },
    )
    .map((rows) => rows.map((row, i) => banner(`b${i}`, row)));

  test('property: exactly the active banners for this customer, sorted by position, ties in input order', () => {
    fc.assert(
      fc.property(bannersArb, fc.constantFrom('new' as const, 'existing' as const), (input, customerType) => {
        const shown = bannersFor(input, customerType);
        const eligible = input.filter((b) => b.active && (b.customerType ?? customerType) === customerType);
        expect([...shown].map((b) => b.id).sort()).toEqual(eligible.map((b) => b.id).sort());
        shown.forEach((b, i) => {
          if (i === 0) return;
          const previous = shown[i - 1]!;
          expect(previous.position).toBeLessThanOrEqual(b.position);
          if (previous.position === b.position)
            expect(input.indexOf(previous)).toBeLessThan(input.indexOf(b));
        });
      }),
    );
  });
});

describe('new or existing (spec §3 Marketing banner customerType)', () => {
  const flags = { hasShopifyOrders: false, hasSubscriptionOrders: false, hasTakeawayOrders: false };
  test('a visitor and a customer with no paid order are new; any paid order makes an existing customer', () => {
    expect(customerTypeOf(null)).toBe('new');
    expect(customerTypeOf(flags)).toBe('new');
    expect(customerTypeOf({ ...flags, hasShopifyOrders: true })).toBe('existing');
    expect(customerTypeOf({ ...flags, hasSubscriptionOrders: true })).toBe('existing');
    expect(customerTypeOf({ ...flags, hasTakeawayOrders: true })).toBe('existing');
  });
});
