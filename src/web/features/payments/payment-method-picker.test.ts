import { describe, expect, test } from 'vitest';
import type { PaymentMethod } from '../../../contracts/payments';
import { defaultSelection } from './payment-method-picker';

// Issue 19 item 2: the card marked Default is the one ticked to start with, on every payment step.

const card = (id: string, isDefault: boolean): PaymentMethod => ({
  id,
  type: 'CreditCard',
  paymentProcessorName: 'stripe',
  default: isDefault,
  brand: 'visa',
  last4: id.slice(-4).padStart(4, '0'),
  expMonth: 12,
  expYear: 2030,
  email: null,
  subscriptionIds: id === 'plan-card' ? ['plan-1'] : [],
  removal: null,
  createdAt: '2026-11-18T10:00:00.000Z',
});

describe('the way to pay chosen to start with', () => {
  test('the default card, even when another card pays for the plan', () => {
    expect(defaultSelection([card('plan-card', false), card('visa', true)], new Set())).toEqual({
      kind: 'saved',
      id: 'visa',
    });
  });

  test('a declined-for-good default gives way to the next usable card, then to a new card', () => {
    const methods = [card('a', true), card('b', false)];
    expect(defaultSelection(methods, new Set(['a']))).toEqual({ kind: 'saved', id: 'b' });
    expect(defaultSelection(methods, new Set(['a', 'b']))).toEqual({ kind: 'new-card' });
    expect(defaultSelection([], new Set())).toEqual({ kind: 'new-card' });
  });
});
