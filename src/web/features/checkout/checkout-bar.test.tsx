import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, test } from 'vitest';
import { REACT_ROUTER } from '../../shared/react-router-screens';
import { setScreenRouter } from '../../shared/router';
import { acceptedMarks, CheckoutBar } from './checkout-bar';

setScreenRouter(REACT_ROUTER);

// The checkout bar's "We accept" logos (spec §2; decision 20): Google Pay and Apple Pay only once the card
// step has found the wallet available in this browser, and never when configuration hides them.

describe('checkout bar', () => {
  test('renders no wallet logo before any wallet is known (the sandbox never has one)', () => {
    const Stub = createRoutesStub([
      { path: '/', Component: () => <CheckoutBar backTo="/menu" backLabel="Menu" /> },
    ]);
    const html = renderToStaticMarkup(<Stub initialEntries={['/']} />);
    expect(html).toContain('aria-label="Visa"');
    expect(html).toContain('aria-label="PayPal"');
    expect(html).not.toContain('Google Pay');
    expect(html).not.toContain('Apple Pay');
  });

  test('an available wallet is shown unless configuration hides it', () => {
    expect(acceptedMarks([], [])).toEqual(['visa', 'mastercard', 'amex', 'paypal']);
    expect(acceptedMarks(['google_pay'], [])).toContain('google_pay');
    expect(acceptedMarks(['google_pay', 'apple_pay'], ['google_pay'])).toEqual([
      'visa',
      'mastercard',
      'amex',
      'paypal',
      'apple_pay',
    ]);
  });
});
