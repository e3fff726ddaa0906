import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { contrastRatio, type BannerAdminBody } from '../../../contracts/back-office-shop';
import { bannerProblems } from './banner-rules';

const hex = fc
  .array(fc.integer({ min: 0, max: 255 }), { minLength: 3, maxLength: 3 })
  .map((c) => `#${c.map((n) => n.toString(16).padStart(2, '0')).join('')}`);

const base: BannerAdminBody = {
  category: 'promo',
  active: true,
  position: 0,
  customerType: null,
  text: 'Order now',
  mobileText: null,
  link: '/menu',
  bgColor: '#576458',
  fgColor: '#ffffff',
  startDate: null,
  endDate: null,
};

describe('contrastRatio', () => {
  test('black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#576458', '#576458')).toBe(1);
  });
  test('symmetric and between 1 and 21', () => {
    fc.assert(
      fc.property(hex, hex, (a, b) => {
        const ratio = contrastRatio(a, b);
        expect(ratio).toBeGreaterThanOrEqual(1);
        expect(ratio).toBeLessThanOrEqual(21.0001);
        expect(contrastRatio(b, a)).toBeCloseTo(ratio, 10);
      }),
    );
  });
});

describe('bannerProblems', () => {
  test('the shop’s own banner colours pass', () => {
    expect(bannerProblems(base)).toEqual([]);
  });
  test('colours are refused exactly when their text would be hard to read', () => {
    fc.assert(
      fc.property(hex, hex, (bgColor, fgColor) => {
        const problems = bannerProblems({ ...base, bgColor, fgColor });
        expect(problems.some((p) => p.field === 'fgColor')).toBe(contrastRatio(bgColor, fgColor) < 4.5);
      }),
    );
  });
  test('links on the shop or https only', () => {
    for (const link of ['/menu', 'https://sfoglia.example/x', null, '']) {
      expect(bannerProblems({ ...base, link })).toEqual([]);
    }
    for (const link of ['http://x', '//x', 'javascript:alert(1)', 'menu']) {
      expect(bannerProblems({ ...base, link }).map((p) => p.field)).toEqual(['link']);
    }
  });
});
