import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  behaviourOf,
  checkCardForm,
  checkCardNumber,
  checkCvc,
  checkExpiry,
  checkPostcode,
  declineCodeOf,
  detectBrand,
  passesLuhn,
  TEST_CARDS,
} from './card-rules';

// The card form's rules (Luhn, brand, expiry, security code) and the test numbers' behaviours. Pure.

const NOW = new Date('2026-11-18T10:00:00Z');

/** The check digit that makes `body` pass Luhn. */
function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (passesLuhn(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable');
}

const digits = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((ds) => ds.join(''));

describe('Luhn', () => {
  test('every Stripe test number passes', () => {
    for (const number of Object.keys(TEST_CARDS)) expect(passesLuhn(number), number).toBe(true);
  });

  test('exactly one check digit completes any number', () => {
    fc.assert(
      fc.property(digits(1, 18), (body) => {
        const valid = [...'0123456789'].filter((d) => passesLuhn(`${body}${d}`));
        expect(valid).toHaveLength(1);
      }),
    );
  });

  test('changing any single digit breaks it', () => {
    fc.assert(
      fc.property(digits(11, 18), fc.nat(), fc.integer({ min: 1, max: 9 }), (body, at, delta) => {
        const number = withCheckDigit(body);
        const i = at % number.length;
        const changed = `${number.slice(0, i)}${(Number(number[i]) + delta) % 10}${number.slice(i + 1)}`;
        expect(passesLuhn(changed)).toBe(false);
      }),
    );
  });

  test('non-digits never pass', () => {
    expect(passesLuhn('4242-4242-4242-4242')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });
});

describe('brand', () => {
  test.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['371449635398431', 'amex'],
    ['6011111111111117', 'discover'],
    ['3056930009020004', 'diners'],
    ['36227206271667', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['9999999999999995', 'unknown'],
  ])('%s is %s', (number, brand) => {
    expect(detectBrand(number)).toBe(brand);
  });

  test('any number starting with 4 is Visa; 51-55 is Mastercard; 34 or 37 is Amex', () => {
    fc.assert(
      fc.property(
        digits(5, 14),
        fc.integer({ min: 51, max: 55 }),
        fc.constantFrom('34', '37'),
        (rest, mc, ax) => {
          expect(detectBrand(`4${rest}`)).toBe('visa');
          expect(detectBrand(`${mc}${rest}`)).toBe('mastercard');
          expect(detectBrand(`${ax}${rest}`)).toBe('amex');
        },
      ),
    );
  });
});

describe('card number', () => {
  test('spaces and dashes are allowed, the brand is found and the digits kept', () => {
    expect(checkCardNumber(' 4242 4242-4242 4242 ')).toEqual({
      ok: true,
      digits: '4242424242424242',
      brand: 'visa',
    });
  });

  test('every valid 16-digit Visa number is accepted', () => {
    fc.assert(
      fc.property(digits(14, 14), (body) => {
        const number = withCheckDigit(`4${body}`);
        expect(checkCardNumber(number)).toMatchObject({ ok: true, brand: 'visa' });
      }),
    );
  });

  test('a Luhn-valid number of an unknown network is accepted', () => {
    expect(checkCardNumber(withCheckDigit('999999999999999'))).toMatchObject({ ok: true, brand: 'unknown' });
  });

  test('refusals say what is wrong', () => {
    expect(checkCardNumber('')).toEqual({ ok: false, message: 'Enter your card number' });
    expect(checkCardNumber('4242 abcd')).toEqual({
      ok: false,
      message: 'Enter your card number using only numbers',
    });
    expect(checkCardNumber('4242 4242')).toEqual({ ok: false, message: 'Your card number is incomplete' });
    expect(checkCardNumber('4242424242424241')).toEqual({
      ok: false,
      message: 'Your card number is not valid. Check it and try again',
    });
    expect(checkCardNumber('42424242424242424242')).toMatchObject({ ok: false });
  });

  test('a number that fails Luhn is never accepted', () => {
    fc.assert(
      fc.property(digits(12, 19), (number) => {
        fc.pre(!passesLuhn(number));
        expect(checkCardNumber(number).ok).toBe(false);
      }),
    );
  });
});

describe('expiry', () => {
  test('MM/YY and its variants', () => {
    expect(checkExpiry('04/29', NOW)).toEqual({ ok: true, month: 4, year: 2029 });
    expect(checkExpiry('04 / 29', NOW)).toEqual({ ok: true, month: 4, year: 2029 });
    expect(checkExpiry('0429', NOW)).toEqual({ ok: true, month: 4, year: 2029 });
    expect(checkExpiry('4/2029', NOW)).toEqual({ ok: true, month: 4, year: 2029 });
  });

  test('the current month is still valid; last month is in the past', () => {
    expect(checkExpiry('11/26', NOW)).toEqual({ ok: true, month: 11, year: 2026 });
    expect(checkExpiry('10/26', NOW)).toEqual({
      ok: false,
      message: 'Your card’s expiry date is in the past',
    });
  });

  test('the month turns in London, not in UTC', () => {
    // 30 Sep 2026 23:30 UTC is already 1 October in London (BST).
    expect(checkExpiry('09/26', new Date('2026-09-30T23:30:00Z'))).toMatchObject({ ok: false });
    expect(checkExpiry('09/26', new Date('2026-09-30T22:30:00Z'))).toMatchObject({ ok: true });
  });

  test('refusals', () => {
    expect(checkExpiry('', NOW)).toEqual({ ok: false, message: 'Enter your card’s expiry date' });
    expect(checkExpiry('13/29', NOW)).toEqual({
      ok: false,
      message: 'Your card’s expiry month must be 01 to 12',
    });
    expect(checkExpiry('00/29', NOW)).toMatchObject({ ok: false });
    expect(checkExpiry('April', NOW)).toEqual({
      ok: false,
      message: 'Enter the expiry date as MM/YY, like 04/29',
    });
    expect(checkExpiry('04/60', NOW)).toEqual({ ok: false, message: 'Your card’s expiry year is not valid' });
  });

  test('any month from now to 20 years ahead is accepted, any month before now refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: -240, max: 240 }), (offset) => {
        const index = 2026 * 12 + 10 + offset; // November 2026 is month index 10
        const year = Math.floor(index / 12);
        const month = (index % 12) + 1;
        const text = `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
        const result = checkExpiry(text, NOW);
        if (offset < 0) expect(result.ok).toBe(false);
        else if (year <= 2046) expect(result).toEqual({ ok: true, month, year });
      }),
    );
  });
});

describe('security code and postcode', () => {
  test('3 digits, or 4 for Amex', () => {
    expect(checkCvc('123', 'visa')).toEqual({ ok: true });
    expect(checkCvc('1234', 'amex')).toEqual({ ok: true });
    expect(checkCvc('1234', 'visa')).toMatchObject({ ok: false });
    expect(checkCvc('123', 'amex')).toEqual({
      ok: false,
      message: 'Enter the 4-digit security code from the front of your card',
    });
    expect(checkCvc('', 'visa')).toEqual({ ok: false, message: 'Enter your card’s security code' });
    expect(checkCvc('12a', 'visa')).toEqual({
      ok: false,
      message: 'Enter the security code using only numbers',
    });
  });

  test('the postcode is optional but must be a UK postcode when given', () => {
    expect(checkPostcode('')).toEqual({ ok: true });
    expect(checkPostcode('sw1a 1aa')).toEqual({ ok: true });
    expect(checkPostcode('12345')).toMatchObject({ ok: false });
  });
});

describe('the whole form and the test numbers', () => {
  test('only brand, last4, expiry and behaviour come out of a valid form', () => {
    const result = checkCardForm(
      { number: '4000 0000 0000 9995', expiry: '12/30', cvc: '123', postcode: '' },
      NOW,
    );
    expect(result).toEqual({
      ok: true,
      card: {
        brand: 'visa',
        last4: '9995',
        expMonth: 12,
        expYear: 2030,
        behaviour: 'decline:insufficient_funds',
      },
    });
    expect(JSON.stringify(result)).not.toContain('4000000000009995');
  });

  test('every field problem is reported at once', () => {
    const result = checkCardForm({ number: '4242', expiry: '01/20', cvc: '', postcode: 'nope' }, NOW);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(Object.keys(result.errors).sort()).toEqual(['cvc', 'expiry', 'number', 'postcode']);
  });

  test('test numbers map to their behaviours; other numbers succeed', () => {
    expect(behaviourOf('4242 4242 4242 4242')).toBe('succeed');
    expect(behaviourOf('4000000000009987')).toBe('decline:lost_card');
    expect(behaviourOf('4000000000009979')).toBe('decline:stolen_card');
    expect(behaviourOf('4100000000000019')).toBe('decline:fraudulent');
    expect(behaviourOf('4000000000000002')).toBe('decline:generic_decline');
    expect(behaviourOf('4000000000009961')).toBe('decline:merchant_blacklist');
    expect(behaviourOf('4000002500003155')).toBe('authenticate_on_session');
    expect(behaviourOf('4000002760003184')).toBe('authenticate_always');
    expect(behaviourOf('5555555555554444')).toBe('succeed');
    expect(declineCodeOf('decline:insufficient_funds')).toBe('insufficient_funds');
    expect(declineCodeOf('authenticate_always')).toBeNull();
  });
});
