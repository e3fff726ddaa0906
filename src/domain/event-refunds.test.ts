import { describe, expect, test } from 'vitest';
import { refundOfParts, refundPartsLabel, splitRefund } from './event-refunds';

describe('a change’s refund in its parts', () => {
  test('a card step sends what the cards can take back there and the rest as credit', () => {
    expect(splitRefund({ amount: 5000, as: 'card' }, 4000)).toEqual({ card: 4000, credit: 1000 });
    expect(splitRefund({ amount: 5000, as: 'card' }, 9000)).toEqual({ card: 5000, credit: 0 });
    expect(splitRefund({ amount: 5000, as: 'card' }, 0)).toEqual({ card: 0, credit: 5000 });
    expect(splitRefund({ amount: 5000, as: 'credit' }, 9000)).toEqual({ card: 0, credit: 5000 });
    expect(splitRefund({ amount: 0, as: 'none' }, 9000)).toEqual({ card: 0, credit: 0 });
  });

  test('both parts are said', () => {
    expect(refundPartsLabel({ card: 4000, credit: 1000 })).toBe(
      '£40.00 back to your card and £10.00 as store credit',
    );
    expect(refundPartsLabel({ card: 4000, credit: 0 })).toBe('£40.00 back to your card');
    expect(refundPartsLabel({ card: 0, credit: 1000 })).toBe('£10.00 as store credit');
    expect(refundPartsLabel({ card: 0, credit: 0 })).toBe('Nothing back');
    expect(refundOfParts({ card: 4000, credit: 1000 })).toEqual({
      amount: 5000,
      as: 'card',
      label: '£40.00 back to your card and £10.00 as store credit',
    });
    expect(refundOfParts({ card: 0, credit: 1000 })).toMatchObject({ amount: 1000, as: 'credit' });
  });
});
