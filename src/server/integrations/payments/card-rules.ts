import { isUkPostcode } from '../../../domain/address';
import type { DeclineCode } from './port';

// What the sandbox card form checks before a card is saved (the checks Stripe's card fields make), and how
// each of Stripe's public test numbers behaves when charged. Pure: `now` is passed in. A card number is
// only ever held in memory here; what is kept is brand, last4, expiry and the behaviour code.

export type CardBrand =
  'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

/** What charging a saved card does. */
export type CardBehaviour =
  | 'succeed'
  /** 3-D Secure on every on-session charge; off-session charges of a saved card succeed (4000002500003155). */
  | 'authenticate_on_session'
  /** 3-D Secure on every charge: off-session charges fail with authentication_required (4000002760003184). */
  | 'authenticate_always'
  /** Saving it works; every charge is declined (Stripe's 4000000000000341). */
  | 'decline_after_attach'
  | `decline:${DeclineCode}`;

/**
 * Stripe's public test numbers and what they do here. 4000000000009961 is our own choice for
 * merchant_blacklist (Stripe publishes none); it passes the Luhn check. Any other valid number succeeds.
 */
export const TEST_CARDS: Readonly<Record<string, CardBehaviour>> = {
  '4242424242424242': 'succeed',
  '4000000000009995': 'decline:insufficient_funds',
  '4000000000009987': 'decline:lost_card',
  '4000000000009979': 'decline:stolen_card',
  '4100000000000019': 'decline:fraudulent',
  '4000000000000002': 'decline:generic_decline',
  '4000000000009961': 'decline:merchant_blacklist',
  '4000000000000069': 'decline:expired_card',
  '4000000000000127': 'decline:incorrect_cvc',
  '4000002500003155': 'authenticate_on_session',
  '4000002760003184': 'authenticate_always',
  '4000000000000341': 'decline_after_attach',
};

export function behaviourOf(number: string): CardBehaviour {
  return TEST_CARDS[digitsOnly(number)] ?? 'succeed';
}

const BEHAVIOURS = new Set<string>(Object.values(TEST_CARDS));

export function isCardBehaviour(value: string): value is CardBehaviour {
  return value === 'succeed' || BEHAVIOURS.has(value);
}

/** The decline code a behaviour produces when charged, or null when the charge goes through (or needs 3DS). */
export function declineCodeOf(behaviour: CardBehaviour): DeclineCode | null {
  if (behaviour === 'decline_after_attach') return 'generic_decline';
  return behaviour.startsWith('decline:') ? (behaviour.slice('decline:'.length) as DeclineCode) : null;
}

function digitsOnly(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

interface BrandRule {
  brand: Exclude<CardBrand, 'unknown'>;
  prefix: (digits: string) => boolean;
  lengths: readonly number[];
  cvcLength: number;
}

const startsWithin = (digits: string, size: number, from: number, to: number) => {
  const head = Number(digits.slice(0, size));
  return digits.length >= size && head >= from && head <= to;
};

/** In the order they are tried: the narrower prefixes first. */
const BRANDS: readonly BrandRule[] = [
  { brand: 'amex', prefix: (d) => /^3[47]/.test(d), lengths: [15], cvcLength: 4 },
  {
    brand: 'diners',
    prefix: (d) => startsWithin(d, 3, 300, 305) || /^(3095|36|38|39)/.test(d),
    lengths: [14, 15, 16, 17, 18, 19],
    cvcLength: 3,
  },
  { brand: 'jcb', prefix: (d) => startsWithin(d, 4, 3528, 3589), lengths: [16, 17, 18, 19], cvcLength: 3 },
  {
    brand: 'mastercard',
    prefix: (d) => startsWithin(d, 2, 51, 55) || startsWithin(d, 4, 2221, 2720),
    lengths: [16],
    cvcLength: 3,
  },
  {
    brand: 'discover',
    prefix: (d) => /^(6011|65)/.test(d) || startsWithin(d, 3, 644, 649),
    lengths: [16, 17, 18, 19],
    cvcLength: 3,
  },
  { brand: 'unionpay', prefix: (d) => /^62/.test(d), lengths: [16, 17, 18, 19], cvcLength: 3 },
  { brand: 'visa', prefix: (d) => /^4/.test(d), lengths: [13, 16, 19], cvcLength: 3 },
];

const UNKNOWN_LENGTHS = [12, 13, 14, 15, 16, 17, 18, 19];

/** The card network a number belongs to, from its first digits (enough digits to tell, or 'unknown'). */
export function detectBrand(number: string): CardBrand {
  const digits = digitsOnly(number);
  return BRANDS.find((rule) => rule.prefix(digits))?.brand ?? 'unknown';
}

export function cvcLengthOf(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

/** Brand names as a person reads them. */
export const BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};

export type NumberCheck = { ok: true; digits: string; brand: CardBrand } | { ok: false; message: string };

export const CARD_NUMBER_MISSING = 'Enter your card number';

export function checkCardNumber(input: string): NumberCheck {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, message: CARD_NUMBER_MISSING };
  const digits = digitsOnly(trimmed);
  if (!/^\d+$/.test(digits)) {
    return { ok: false, message: 'Enter your card number using only numbers' };
  }
  const brand = detectBrand(digits);
  const lengths = BRANDS.find((rule) => rule.brand === brand)?.lengths ?? UNKNOWN_LENGTHS;
  const longest = lengths[lengths.length - 1]!;
  if (digits.length < longest && !lengths.includes(digits.length)) {
    return { ok: false, message: 'Your card number is incomplete' };
  }
  if (digits.length > longest || !passesLuhn(digits)) {
    return { ok: false, message: 'Your card number is not valid. Check it and try again' };
  }
  return { ok: true, digits, brand };
}

export type ExpiryCheck = { ok: true; month: number; year: number } | { ok: false; message: string };

/** Cards are valid until the end of their expiry month. */
const MAX_YEARS_AHEAD = 20;

/** The year and month (1-12) in London, where the shop is. */
export function londonYearMonth(now: Date): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(now);
  const pick = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: pick('year'), month: pick('month') };
}

/** MM/YY (also MM / YY, MMYY and MM/YYYY). */
export function checkExpiry(input: string, now: Date): ExpiryCheck {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, message: 'Enter your card’s expiry date' };
  const match = /^(\d{1,2})\s*[/-]?\s*(\d{2}|\d{4})$/.exec(trimmed);
  if (!match || (match[1]!.length === 1 && !/[/-]/.test(trimmed))) {
    return { ok: false, message: 'Enter the expiry date as MM/YY, like 04/29' };
  }
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return { ok: false, message: 'Your card’s expiry month must be 01 to 12' };
  const today = londonYearMonth(now);
  if (year < today.year || (year === today.year && month < today.month)) {
    return { ok: false, message: 'Your card’s expiry date is in the past' };
  }
  if (year > today.year + MAX_YEARS_AHEAD) {
    return { ok: false, message: 'Your card’s expiry year is not valid' };
  }
  return { ok: true, month, year };
}

export type CvcCheck = { ok: true } | { ok: false; message: string };

export function checkCvc(input: string, brand: CardBrand | null): CvcCheck {
  const cvc = input.trim();
  if (cvc === '') return { ok: false, message: 'Enter your card’s security code' };
  if (!/^\d+$/.test(cvc)) return { ok: false, message: 'Enter the security code using only numbers' };
  const wanted = brand === null ? null : cvcLengthOf(brand);
  if (wanted === null ? cvc.length < 3 || cvc.length > 4 : cvc.length !== wanted) {
    return {
      ok: false,
      message:
        wanted === 4
          ? 'Enter the 4-digit security code from the front of your card'
          : 'Enter the 3-digit security code from the back of your card',
    };
  }
  return { ok: true };
}

export type PostcodeCheck = { ok: true } | { ok: false; message: string };

/** The billing postcode is optional; when given it must be a UK postcode. */
export function checkPostcode(input: string): PostcodeCheck {
  const value = input.trim();
  if (value === '' || isUkPostcode(value)) return { ok: true };
  return { ok: false, message: 'Enter a full UK postcode, like SW1A 1AA, or leave it empty' };
}

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
  postcode: string;
}

export type CardFormErrors = Partial<Record<keyof CardForm, string>>;

/** What the sandbox keeps of a card: never the number or the security code. */
export interface CardFacts {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: CardBehaviour;
}

/** Checks the whole card form; on success returns only the facts that may be stored. */
export function checkCardForm(
  form: CardForm,
  now: Date,
): { ok: true; card: CardFacts } | { ok: false; errors: CardFormErrors } {
  const errors: CardFormErrors = {};
  const number = checkCardNumber(form.number);
  if (!number.ok) errors.number = number.message;
  const expiry = checkExpiry(form.expiry, now);
  if (!expiry.ok) errors.expiry = expiry.message;
  const cvc = checkCvc(form.cvc, number.ok ? number.brand : null);
  if (!cvc.ok) errors.cvc = cvc.message;
  const postcode = checkPostcode(form.postcode);
  if (!postcode.ok) errors.postcode = postcode.message;
  if (!number.ok || !expiry.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    card: {
      brand: number.brand,
      last4: number.digits.slice(-4),
      expMonth: expiry.month,
      expYear: expiry.year,
      behaviour: behaviourOf(number.digits),
    },
  };
}
