import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  assertPaymentMove,
  canMovePayment,
  holdsCredit,
  PAYMENT_STATUSES,
  PAYMENT_TRANSITIONS,
  returnsCredit,
  type PaymentStatus,
} from './payments';

describe('payment moves', () => {
  test('an attempt ends succeeded, failed or refunded; nothing leaves refunded', () => {
    expect(PAYMENT_TRANSITIONS.refunded).toEqual([]);
    expect(canMovePayment('succeeded', 'failed')).toBe(false);
    expect(canMovePayment('failed', 'succeeded')).toBe(false);
    expect(canMovePayment('failed', 'refunded')).toBe(true);
    expect(() => assertPaymentMove('refunded', 'succeeded')).toThrow(
      /is refunded and cannot become succeeded/,
    );
  });

  test('credit is given back on the way to failed or refunded, and only from a status that holds it', () => {
    expect(returnsCredit('requires_action', 'failed')).toBe(true);
    expect(returnsCredit('processing', 'refunded')).toBe(true);
    expect(returnsCredit('succeeded', 'refunded')).toBe(true);
    expect(returnsCredit('failed', 'refunded')).toBe(false);
    expect(returnsCredit('processing', 'succeeded')).toBe(false);
  });

  test('over any path of allowed moves, the credit comes back once exactly when the attempt keeps no money', () => {
    const step = fc.constantFrom(...PAYMENT_STATUSES);
    fc.assert(
      fc.property(
        fc.constantFrom<PaymentStatus>('processing', 'succeeded'),
        fc.array(step),
        (start, wanted) => {
          let status = start;
          let returned = 0;
          for (const next of wanted) {
            if (!canMovePayment(status, next)) {
              expect(() => assertPaymentMove(status, next)).toThrow();
              continue;
            }
            if (returnsCredit(status, next)) returned += 1;
            status = next;
          }
          expect(returned).toBe(holdsCredit(status) ? 0 : 1);
        },
      ),
      { numRuns: 500 },
    );
  });
});
