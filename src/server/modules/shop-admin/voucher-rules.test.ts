import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { VoucherAdminBody } from '../../../contracts/back-office-shop';
import { voucherActive, voucherProblems } from './voucher-rules';

const base: VoucherAdminBody = {
  code: 'SPRING20',
  type: 'DiscountVoucher',
  valueType: 'percentage',
  value: 20,
  description: '',
  startDate: '2026-11-01',
  endDate: '2026-12-31',
  singleOrder: false,
  minimumSpendPerOrder: null,
  productVariantIds: [],
  addonVariantId: null,
  usageLimit: null,
  oncePerCustomer: false,
  newCustomersOnly: false,
};

describe('voucherProblems', () => {
  test('a good code has none', () => {
    expect(voucherProblems(base)).toEqual([]);
  });

  test('a percentage is accepted exactly from 1 to 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (value) => {
        const problems = voucherProblems({ ...base, valueType: 'percentage', value });
        expect(problems.length === 0).toBe(value >= 1 && value <= 100);
      }),
    );
  });

  test('an amount off is accepted exactly from £0.00', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), (value) => {
        const problems = voucherProblems({ ...base, valueType: 'fixed_amount', value });
        expect(problems.length === 0).toBe(value >= 0);
      }),
    );
  });

  test('no end date, or one before the start, is refused', () => {
    expect(voucherProblems({ ...base, endDate: null }).map((p) => p.field)).toEqual(['endDate']);
    expect(voucherProblems({ ...base, endDate: '2026-10-31' }).map((p) => p.field)).toEqual(['endDate']);
    expect(voucherProblems({ ...base, startDate: null })).toEqual([]);
  });

  test('a limit never below the uses so far', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 100 }), (limit, used) => {
        const problems = voucherProblems({ ...base, usageLimit: limit }, used);
        expect(problems.length === 0).toBe(limit >= used);
      }),
    );
  });

  test('a free-item code names its dish; a credit code is an amount of at least 1p', () => {
    expect(voucherProblems({ ...base, type: 'AddonVoucher' }).map((p) => p.field)).toEqual([
      'addonVariantId',
    ]);
    expect(voucherProblems({ ...base, type: 'AddonVoucher', addonVariantId: '10421' })).toEqual([]);
    expect(voucherProblems({ ...base, type: 'CreditVoucher' }).map((p) => p.field)).toEqual(['valueType']);
    expect(
      voucherProblems({ ...base, type: 'CreditVoucher', valueType: 'fixed_amount', value: 0 }).map(
        (p) => p.field,
      ),
    ).toEqual(['value']);
  });
});

describe('voucherActive', () => {
  const v = { startDate: '2026-11-01', endDate: '2026-11-30', usageLimit: 3, timesRedeemed: 0 };
  test('in date, inclusive, and not used up', () => {
    expect(voucherActive(v, '2026-10-31')).toBe(false);
    expect(voucherActive(v, '2026-11-01')).toBe(true);
    expect(voucherActive(v, '2026-11-30')).toBe(true);
    expect(voucherActive(v, '2026-12-01')).toBe(false);
    expect(voucherActive({ ...v, timesRedeemed: 3 }, '2026-11-15')).toBe(false);
  });
});
