import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  ADDRESS_PLACEHOLDER,
  formatUkPostcode,
  isDeliverableAddress,
  isPlaceholderAddress,
  isInUkPostcodeArea,
  isSavableAddress,
  isUkPostcode,
  outcodeOf,
  POSTCODE_INVALID_MESSAGE,
  UK_POSTCODE_AREAS,
} from './address';

// Address rules (spec §5): UK postcodes, the "ignore_me" placeholder, what a saved address needs.

const letters = (set: string) => fc.constantFrom(...set.split(''));
const digit = fc.constantFrom(...'0123456789'.split(''));
const FIRST = 'ABCDEFGHIJKLMNOPRSTUWYZ'; // not Q, V, X
const SECOND = 'ABCDEFGHKLMNOPQRSTUVWXY'; // not I, J, Z
const THIRD = 'ABCDEFGHJKPSTUW'; // the letter in A9A
const FOURTH = 'ABEHMNPRVWXY'; // the letter in AA9A
const INWARD = 'ABDEFGHJLNPQRSTUWXYZ'; // not C, I, K, M, O, V

/** Outward codes in each Royal Mail format: A9, A99, AA9, AA99, A9A, AA9A. */
const outward = fc.oneof(
  fc.tuple(letters(FIRST), digit).map((p) => p.join('')),
  fc.tuple(letters(FIRST), digit, digit).map((p) => p.join('')),
  fc.tuple(letters(FIRST), letters(SECOND), digit).map((p) => p.join('')),
  fc.tuple(letters(FIRST), letters(SECOND), digit, digit).map((p) => p.join('')),
  fc.tuple(letters(FIRST), digit, letters(THIRD)).map((p) => p.join('')),
  fc.tuple(letters(FIRST), letters(SECOND), digit, letters(FOURTH)).map((p) => p.join('')),
);
const inward = fc.tuple(digit, letters(INWARD), letters(INWARD)).map((p) => p.join(''));
/** A postcode as Royal Mail writes it: "SW1A 1AA". */
const postcode = fc.tuple(outward, inward).map(([out, inw]) => `${out} ${inw}`);

/** The same postcode as people type it: any case, with or without the space, padded. */
const typed = postcode.chain((canonical) =>
  fc.tuple(fc.boolean(), fc.boolean(), fc.constantFrom('', ' ', '  ')).map(([lower, spaced, pad]) => {
    const text = spaced ? canonical : canonical.replace(' ', '');
    return { canonical, typed: `${pad}${lower ? text.toLowerCase() : text}${pad}` };
  }),
);

describe('UK postcodes', () => {
  test('real postcodes, in any case, with or without the space, are UK postcodes', () => {
    for (const code of [
      'SW1A 1AA',
      'sw1a1aa',
      'EC1A 1BB',
      'W1A 0AX',
      'M1 1AE',
      'B33 8TH',
      'CR2 6XH',
      'DN55 1PT',
      'GIR 0AA',
      ' BA1 2LR ',
    ]) {
      expect(isUkPostcode(code), code).toBe(true);
    }
    for (const code of [
      '',
      'SW1A',
      '12345',
      'QQ1 1AA',
      'SW1A 1AAA',
      'SW1A 1CA',
      'S 1AA',
      'SW1A-1AA',
      '75001',
    ]) {
      expect(isUkPostcode(code), code).toBe(false);
    }
  });

  test('formatting gives the Royal Mail form however it was typed, and is idempotent', () => {
    expect(formatUkPostcode('sw1a1aa')).toBe('SW1A 1AA');
    expect(formatUkPostcode('m11ae')).toBe('M1 1AE');
    expect(formatUkPostcode(' ec1a  1bb ')).toBe('EC1A 1BB');
    fc.assert(
      fc.property(typed, ({ canonical, typed: input }) => {
        expect(isUkPostcode(input)).toBe(true);
        const formatted = formatUkPostcode(input);
        expect(formatted).toBe(canonical);
        expect(isUkPostcode(formatted)).toBe(true);
        expect(formatUkPostcode(formatted)).toBe(formatted);
      }),
    );
  });

  test('a postcode with a letter where the format has a digit (or the other way round) is not one', () => {
    fc.assert(
      fc.property(postcode, fc.constantFrom('Q', 'V', 'X'), (code, bad) => {
        // Q, V and X never start a postcode.
        expect(isUkPostcode(`${bad}${code.slice(1)}`)).toBe(false);
        // The inward code is a digit and two letters.
        expect(isUkPostcode(`${code.slice(0, -3)}A${code.slice(-2)}`)).toBe(false);
      }),
    );
  });
});

describe('postcode areas and outcodes', () => {
  test('the outcode of a postcode however it was typed', () => {
    expect(outcodeOf('m11ae')).toBe('M1');
    expect(outcodeOf('bn2 1fj')).toBe('BN2');
    expect(outcodeOf('SW1A2AA')).toBe('SW1A');
  });

  test('real areas are recognised; a well-formed postcode of no area is not a real one', () => {
    for (const code of ['M1 1AE', 'BN2 1FJ', 'SW1A 2AA', 'EH1 1GA', 'GIR 0AA', 'JE2 3AB', 'ZE1 0AA']) {
      expect(isInUkPostcodeArea(code), code).toBe(true);
    }
    for (const code of ['AA1 1AA', 'FF1 1AA', 'ZA9 9ZZ']) {
      expect(isUkPostcode(code), code).toBe(true);
      expect(isInUkPostcodeArea(code), code).toBe(false);
    }
    expect(UK_POSTCODE_AREAS.size).toBe(126); // 121 areas, GY, JE, IM, BFPO and GIR
  });

  test('the invalid-postcode message says what to type', () => {
    expect(POSTCODE_INVALID_MESSAGE).toBe('Enter a full UK postcode, like SW1A 2AA');
  });
});

describe('the placeholder and what a saved address needs', () => {
  test('"ignore_me" in address1, in any case or padding, is the placeholder', () => {
    expect(ADDRESS_PLACEHOLDER).toBe('ignore_me');
    for (const address1 of ['ignore_me', ' IGNORE_ME ', 'Ignore_Me']) {
      expect(isPlaceholderAddress({ address1 }), address1).toBe(true);
    }
    for (const address1 of ['ignore me', 'ignore_me please', '', null, undefined]) {
      expect(isPlaceholderAddress({ address1 }), String(address1)).toBe(false);
    }
    // Only address1 counts.
    expect(isPlaceholderAddress({ address1: '1 Lane', address2: 'ignore_me' })).toBe(false);
  });

  test('a saved address needs one of address1, address2, phone, city or zip, and is not the placeholder', () => {
    for (const field of ['address1', 'address2', 'phone', 'city', 'zip'] as const) {
      expect(isSavableAddress({ [field]: 'x' }), field).toBe(true);
      expect(isSavableAddress({ [field]: '   ' }), `${field} blank`).toBe(false);
    }
    expect(isSavableAddress({})).toBe(false);
    expect(isSavableAddress({ address1: null, address2: null, phone: null, city: null, zip: null })).toBe(
      false,
    );
    expect(isSavableAddress({ address1: 'ignore_me', city: 'London', zip: 'SW1A 1AA' })).toBe(false);
    fc.assert(
      fc.property(
        fc.record(
          {
            address1: fc.option(fc.string(), { nil: undefined }),
            address2: fc.option(fc.string(), { nil: null }),
            phone: fc.option(fc.string(), { nil: null }),
            city: fc.option(fc.string(), { nil: undefined }),
            zip: fc.option(fc.string(), { nil: null }),
          },
          { requiredKeys: [] },
        ),
        (address) => {
          const anyFilled = Object.values(address).some(
            (value) => typeof value === 'string' && value.trim() !== '',
          );
          expect(isSavableAddress(address)).toBe(anyFilled && !isPlaceholderAddress(address));
        },
      ),
    );
  });

  test('a deliverable address has a street, a town and a UK postcode', () => {
    const good = { address1: '10 Downing Street', city: 'London', zip: 'SW1A 2AA' };
    expect(isDeliverableAddress(good)).toBe(true);
    expect(isDeliverableAddress({ ...good, zip: 'sw1a2aa' })).toBe(true);
    expect(isDeliverableAddress({ ...good, address1: ' ' })).toBe(false);
    expect(isDeliverableAddress({ ...good, city: null })).toBe(false);
    expect(isDeliverableAddress({ ...good, zip: '75001' })).toBe(false);
    expect(isDeliverableAddress({ ...good, zip: null })).toBe(false);
    expect(isDeliverableAddress({ ...good, address1: 'ignore_me' })).toBe(false);
  });
});
