import { describe, expect, test } from 'vitest';
import { ApiError } from '../../shared/api/client';
import { confirmingOrderOf, declineOf, describeMethod, expiryOf } from './payments.queries';

describe('payments helpers', () => {
  test('a 402 PAYMENT_DECLINED is a decline with its reason, code and hard flag', () => {
    const error = new ApiError(402, 'PAYMENT_DECLINED', 'Your card was reported stolen.', [
      {
        code: 'PAYMENT_DECLINED',
        detail: 'Your card was reported stolen.',
        meta: { declineCode: 'stolen_card', hardDecline: true },
      },
    ]);
    expect(declineOf(error)).toEqual({
      message: 'Your card was reported stolen.',
      declineCode: 'stolen_card',
      hardDecline: true,
    });
    expect(declineOf(new ApiError(409, 'ALREADY_PAID', 'This order is already paid'))).toBeNull();
    expect(declineOf(new Error('offline'))).toBeNull();
  });

  test('a card the processor no longer has is a decline of that card, never offered again', () => {
    const error = new ApiError(409, 'PAYMENT_METHOD_UNAVAILABLE', 'That card is no longer saved.', [
      {
        code: 'PAYMENT_METHOD_UNAVAILABLE',
        detail: 'That card is no longer saved.',
        meta: { declineCode: 'payment_method_unavailable', hardDecline: false },
      },
    ]);
    expect(declineOf(error)).toEqual({
      message: 'That card is no longer saved.',
      declineCode: 'payment_method_unavailable',
      hardDecline: true,
    });
  });

  test('a payment being confirmed names the order to follow; other failures do not', () => {
    const confirming = (code: 'PAYMENT_PROCESSOR_ERROR' | 'CONFLICT', meta?: Record<string, unknown>) =>
      new ApiError(code === 'CONFLICT' ? 409 : 502, code, 'We’re confirming your payment', [
        { code, detail: 'We’re confirming your payment', ...(meta ? { meta } : {}) },
      ]);
    expect(confirmingOrderOf(confirming('PAYMENT_PROCESSOR_ERROR', { orderId: 'o-1' }))).toBe('o-1');
    expect(confirmingOrderOf(confirming('CONFLICT', { orderId: 'o-2' }))).toBe('o-2');
    expect(confirmingOrderOf(confirming('PAYMENT_PROCESSOR_ERROR'))).toBeNull();
    expect(confirmingOrderOf(new ApiError(500, 'INTERNAL', 'Something went wrong'))).toBeNull();
  });

  test('methods read as a person says them', () => {
    const card = { type: 'CreditCard' as const, brand: 'visa', last4: '4242', email: null };
    expect(describeMethod(card)).toBe('Visa ending 4242');
    expect(describeMethod({ ...card, brand: null, last4: null })).toBe('Card');
    expect(describeMethod({ type: 'PaypalAccount', brand: null, last4: null, email: 'a@b.co' })).toBe(
      'PayPal (a@b.co)',
    );
    expect(expiryOf({ expMonth: 4, expYear: 2029 })).toBe('04/29');
    expect(expiryOf({ expMonth: null, expYear: null })).toBeNull();
  });
});
