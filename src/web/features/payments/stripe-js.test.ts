import { describe, expect, test } from 'vitest';
import { cardErrorMessage } from './stripe-js';

// What a customer reads when Stripe refuses a card: the reason and what to do, never a code.

describe('cardErrorMessage', () => {
  test('a decline says to try another card or PayPal', () => {
    expect(
      cardErrorMessage({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' }),
    ).toBe('Your card was declined. Please try another card, or choose PayPal.');
    expect(
      cardErrorMessage({ type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' }),
    ).toMatch(/^Your card has insufficient funds\. Please try another card/);
  });

  test('a failed bank check, a wrong field and a lost connection each say what to do', () => {
    expect(cardErrorMessage({ type: 'card_error', code: 'setup_intent_authentication_failure' })).toBe(
      'Your bank couldn’t confirm it was you. Please try again, or use another card.',
    );
    expect(cardErrorMessage({ type: 'card_error', code: 'incorrect_cvc' })).toMatch(/security code is wrong/);
    expect(cardErrorMessage({ type: 'card_error', code: 'expired_card' })).toMatch(/expired/);
    expect(cardErrorMessage({ type: 'api_connection_error' })).toMatch(/Check your connection/);
    expect(cardErrorMessage({ type: 'api_error', code: 'something_new' })).toMatch(/Please try again/);
  });
});
