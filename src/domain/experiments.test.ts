import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  abFlag,
  assignVariant,
  bannerWordsOf,
  bucketOf,
  customerTypeOf,
  isVisitorId,
  variantForBucket,
  withBannerVariants,
  type Variant,
} from './experiments';

// Experiments (issue 23 part 6, decision 30): a visitor's variant is a stable hash of who they are and the
// experiment, spread over the variants by weight. Properties, each run from a fixed seed so a failure is the
// same failure every time.

const SEED = 20_231_123;

/** A visitor id as the server makes them: 16 random bytes, base64url (22 characters). */
const visitorId = fc
  .uint8Array({ minLength: 16, maxLength: 16 })
  .map((bytes) => Buffer.from(bytes).toString('base64url'));
const experimentId = fc.stringMatching(/^[a-z][a-z0-9-]{0,30}$/);
/** Two to five variants "a", "b"…, some of them perhaps weighing nothing. */
const variants = fc
  .array(fc.integer({ min: 0, max: 100 }), { minLength: 2, maxLength: 5 })
  .map((weights) => weights.map((weight, i) => ({ id: String.fromCharCode(97 + i), weight })));

describe('a visitor’s variant', () => {
  test('the server’s visitor ids are visitor ids', () => {
    fc.assert(
      fc.property(visitorId, (id) => {
        expect(id).toHaveLength(22);
        expect(isVisitorId(id)).toBe(true);
      }),
      { seed: SEED },
    );
    expect(isVisitorId('short')).toBe(false);
    expect(isVisitorId('has spaces in it, far too many')).toBe(false);
    expect(isVisitorId(undefined)).toBe(false);
  });

  test('the same visitor always gets the same variant (and a copy of the variants changes nothing)', () => {
    fc.assert(
      fc.property(variants, visitorId, experimentId, (list, visitor, experiment) => {
        const first = assignVariant(list, visitor, experiment);
        expect(assignVariant(list, visitor, experiment)).toBe(first);
        expect(assignVariant(structuredClone(list), visitor, experiment)?.id).toBe(first?.id);
      }),
      { seed: SEED },
    );
  });

  test('a variant weighing 0 is never chosen; with no weight at all nobody is in the experiment', () => {
    fc.assert(
      fc.property(variants, visitorId, experimentId, (list, visitor, experiment) => {
        const chosen = assignVariant(list, visitor, experiment);
        if (list.every((v) => v.weight === 0)) expect(chosen).toBeNull();
        else expect(chosen!.weight).toBeGreaterThan(0);
      }),
      { seed: SEED },
    );
    expect(assignVariant([{ id: 'a', weight: 0 }], 'abcdefghijklmnop', 'x')).toBeNull();
  });

  test('the buckets 0 … 9,999 are shared out in proportion to the weights, to within one bucket', () => {
    fc.assert(
      fc.property(variants, (list) => {
        const total = list.reduce((sum, v) => sum + v.weight, 0);
        const counts = new Map<string, number>();
        for (let bucket = 0; bucket < 10_000; bucket += 1) {
          const chosen = variantForBucket(list, bucket);
          if (chosen) counts.set(chosen.id, (counts.get(chosen.id) ?? 0) + 1);
        }
        for (const variant of list) {
          const expected = total === 0 ? 0 : (variant.weight / total) * 10_000;
          expect(Math.abs((counts.get(variant.id) ?? 0) - expected)).toBeLessThanOrEqual(1);
        }
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  test('over many random visitors each variant’s share is its weight’s, to within 1.5 points', () => {
    const visitors = fc.sample(visitorId, { numRuns: 20_000, seed: SEED });
    const splits: Variant[][] = [
      [
        { id: 'a', weight: 50 },
        { id: 'b', weight: 50 },
      ],
      [
        { id: 'a', weight: 10 },
        { id: 'b', weight: 30 },
        { id: 'c', weight: 60 },
      ],
      [
        { id: 'a', weight: 1 },
        { id: 'b', weight: 0 },
        { id: 'c', weight: 3 },
      ],
    ];
    for (const experiment of ['menu-banner-copy', 'checkout-cta', 'x']) {
      for (const split of splits) {
        const total = split.reduce((sum, v) => sum + v.weight, 0);
        const counts = new Map<string, number>();
        for (const visitor of visitors) {
          const id = assignVariant(split, visitor, experiment)!.id;
          counts.set(id, (counts.get(id) ?? 0) + 1);
        }
        for (const variant of split) {
          const share = (counts.get(variant.id) ?? 0) / visitors.length;
          expect(Math.abs(share - variant.weight / total), `${experiment} ${variant.id}`).toBeLessThan(0.015);
        }
      }
    }
  });

  test('a visitor’s buckets in two experiments are independent: being in b in one says nothing of the other', () => {
    const visitors = fc.sample(visitorId, { numRuns: 20_000, seed: SEED + 1 });
    const half = (experiment: string, visitor: string) => bucketOf(visitor, experiment) < 5_000;
    const both = visitors.filter((v) => half('menu-banner-copy', v) && half('checkout-cta', v)).length;
    expect(Math.abs(both / visitors.length - 0.25)).toBeLessThan(0.015);
  });
});

describe('the A/B flag', () => {
  const assignment = fc.record({ experimentId, variantId: fc.stringMatching(/^[a-z0-9]{1,4}$/) });

  test('is the same whatever order the assignments come in', () => {
    fc.assert(
      fc.property(
        fc
          .uniqueArray(assignment, { selector: (a) => a.experimentId, maxLength: 6 })
          .chain((list) =>
            fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length })),
          ),
        ([list, shuffled]) => {
          expect(abFlag(shuffled)).toBe(abFlag(list));
        },
      ),
      { seed: SEED },
    );
  });

  test('names each experiment and its variant, sorted; "none" for none', () => {
    expect(
      abFlag([
        { experimentId: 'menu-banner-copy', variantId: 'b' },
        { experimentId: 'checkout-cta', variantId: 'a' },
      ]),
    ).toBe('checkout-cta:a,menu-banner-copy:b');
    expect(abFlag([])).toBe('none');
  });
});

describe('banner variants', () => {
  const banners = [
    { id: '1', text: 'New here? Fresh pasta kits', mobileText: 'Fresh pasta kits', position: 1 },
    { id: '2', text: 'Order by Friday', mobileText: null, position: 2 },
  ];

  test('a variant changes the words of the banner it names, and nothing else', () => {
    const shown = withBannerVariants(banners, [
      { payload: { bannerId: 1, text: 'Pasta made fresh each morning', mobileText: 'Made this morning' } },
    ]);
    expect(shown).toEqual([
      { id: '1', text: 'Pasta made fresh each morning', mobileText: 'Made this morning', position: 1 },
      banners[1],
    ]);
    // Without mobile words of its own the banner's short text goes too: it would contradict the new one.
    expect(
      withBannerVariants(banners, [{ payload: { bannerId: '1', text: 'Other words' } }])[0]!.mobileText,
    ).toBeNull();
  });

  test('a control variant, another kind of payload, or a banner that is not there changes nothing', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constant({}),
          fc.record({ ctaText: fc.string() }),
          fc.record({ bannerId: fc.constant('99'), text: fc.string({ minLength: 1 }) }),
          fc.record({ bannerId: fc.constant('1'), text: fc.constant('  ') }),
        ),
        (payload) => {
          expect(withBannerVariants(banners, [{ payload }])).toEqual(banners);
        },
      ),
      { seed: SEED },
    );
    expect(bannerWordsOf({ bannerId: true, text: 'x' })).toBeNull();
  });
});

describe('new or existing', () => {
  test('a visitor and a customer with no paid order are new; one paid order of any kind makes them existing', () => {
    const none = { hasShopifyOrders: false, hasSubscriptionOrders: false, hasTakeawayOrders: false };
    expect(customerTypeOf(null)).toBe('new');
    expect(customerTypeOf(none)).toBe('new');
    expect(customerTypeOf({ ...none, hasShopifyOrders: true })).toBe('existing');
    expect(customerTypeOf({ ...none, hasSubscriptionOrders: true })).toBe('existing');
    expect(customerTypeOf({ ...none, hasTakeawayOrders: true })).toBe('existing');
  });
});
