import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, test } from 'vitest';
import { normaliseUkPhone } from './phone';

// UK phone rules (spec §5; decision 6): a leading 0 becomes +44; a 00 prefix must be 0044; the number must
// be valid in the UK plan; without a plus it is a local number. Properties over generated UK mobiles,
// each checked against libphonenumber itself, in every form a customer might type them.

/** A UK mobile's national significant number (7xxxxxxxxx, ten digits) that libphonenumber calls a valid mobile. */
const ukMobile = fc
  .tuple(fc.integer({ min: 1, max: 9 }), fc.stringMatching(/^\d{8}$/))
  .map(([second, rest]) => `7${second}${rest}`)
  .filter((nsn) => {
    const parsed = parsePhoneNumberFromString(`+44${nsn}`);
    return parsed !== undefined && parsed.isValid() && parsed.getType() === 'MOBILE';
  });

const SEPARATORS = [' ', '  ', '-', '(', ')', '.', '\t'];

/** Separators put anywhere in a string: between any two characters, before it or after it. */
function scatter(value: string): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(fc.nat({ max: value.length }), fc.constantFrom(...SEPARATORS)), { maxLength: 6 })
    .map((insertions) => {
      const chars = [...value];
      // From the back, so earlier positions stay where they were.
      for (const [at, separator] of [...insertions].sort((a, b) => b[0] - a[0]))
        chars.splice(at, 0, separator);
      return chars.join('');
    });
}

const forms = (nsn: string) => [`0${nsn}`, `+44${nsn}`, `0044${nsn}`, nsn];

describe('normaliseUkPhone', () => {
  test('a UK mobile typed as 07…, +447…, 00447… or 7… (local), with spaces, dashes, dots or brackets anywhere, is +447…', () => {
    fc.assert(
      fc.property(
        ukMobile.chain((nsn) => fc.tuple(fc.constant(nsn), fc.constantFrom(...forms(nsn)).chain(scatter))),
        ([nsn, typed]) => {
          expect(normaliseUkPhone(typed)).toEqual({ ok: true, e164: `+44${nsn}` });
        },
      ),
      { numRuns: 500 },
    );
  });

  test('every form of the same number gives the same answer, and that answer normalises to itself', () => {
    fc.assert(
      fc.property(ukMobile, (nsn) => {
        const results = forms(nsn).map(normaliseUkPhone);
        for (const result of results) expect(result).toEqual(results[0]);
        const first = results[0]!;
        expect(first.ok).toBe(true);
        if (first.ok) expect(normaliseUkPhone(first.e164)).toEqual(first);
      }),
    );
  });

  test('a 00 prefix other than 0044 is refused as not a UK number', () => {
    fc.assert(
      fc.property(
        fc
          .stringMatching(/^\d{2,14}$/)
          .filter((rest) => !rest.startsWith('44'))
          .chain((rest) => scatter(`00${rest}`)),
        (typed) => {
          expect(normaliseUkPhone(typed)).toEqual({ ok: false, reason: 'Enter a UK number (+44)' });
        },
      ),
    );
  });

  test('another country’s +code is refused', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[1-9]\d{5,13}$/).filter((digits) => !digits.startsWith('44')),
        (digits) => {
          expect(normaliseUkPhone(`+${digits}`)).toEqual({ ok: false, reason: 'Enter a UK number (+44)' });
        },
      ),
    );
  });

  test('anything but digits, separators and one leading plus is refused', () => {
    const stray = fc
      .string({ minLength: 1, maxLength: 1, unit: 'grapheme' })
      .filter((char) => !/^[\d\s().+-]$/.test(char));
    fc.assert(
      fc.property(
        ukMobile.chain((nsn) => fc.constantFrom(...forms(nsn))),
        stray,
        fc.nat(),
        (typed, char, position) => {
          const at = position % (typed.length + 1);
          const spoiled = `${typed.slice(0, at)}${char}${typed.slice(at)}`;
          expect(normaliseUkPhone(spoiled)).toEqual({
            ok: false,
            reason: 'Use only digits, spaces and a leading +',
          });
        },
      ),
    );
    // A plus anywhere but at the start.
    expect(normaliseUkPhone('07911+123456')).toEqual({
      ok: false,
      reason: 'Use only digits, spaces and a leading +',
    });
    expect(normaliseUkPhone('++447911123456')).toEqual({
      ok: false,
      reason: 'Use only digits, spaces and a leading +',
    });
  });

  test('examples', () => {
    // London, Manchester and Belfast landlines; the Isle of Man, Jersey and Guernsey share the UK plan.
    expect(normaliseUkPhone('020 7946 0018')).toEqual({ ok: true, e164: '+442079460018' });
    expect(normaliseUkPhone('(0161) 496 0000')).toEqual({ ok: true, e164: '+441614960000' });
    expect(normaliseUkPhone('028 9018 0000')).toEqual({ ok: true, e164: '+442890180000' });
    expect(normaliseUkPhone('07624 123456')).toEqual({ ok: true, e164: '+447624123456' });
    expect(normaliseUkPhone('07797 123456')).toEqual({ ok: true, e164: '+447797123456' });
    expect(normaliseUkPhone('07911 123456')).toEqual({ ok: true, e164: '+447911123456' });
    // "+44 (0)…", the way UK numbers are often printed.
    expect(normaliseUkPhone('+44 (0)7911 123456')).toEqual({ ok: true, e164: '+447911123456' });

    expect(normaliseUkPhone('')).toEqual({ ok: false, reason: 'Enter a phone number' });
    expect(normaliseUkPhone('  ( ) - ')).toEqual({ ok: false, reason: 'Enter a phone number' });
    expect(normaliseUkPhone('07911')).toEqual({ ok: false, reason: 'Enter a valid UK phone number' });
    expect(normaliseUkPhone('07911 1234567')).toEqual({ ok: false, reason: 'Enter a valid UK phone number' });
    // Without a plus, 44… is a local number, which 447911123456 is not.
    expect(normaliseUkPhone('447911123456')).toEqual({ ok: false, reason: 'Enter a valid UK phone number' });
    expect(normaliseUkPhone('0033 1 23 45 67 89')).toEqual({ ok: false, reason: 'Enter a UK number (+44)' });
    expect(normaliseUkPhone('+353 1 234 5678')).toEqual({ ok: false, reason: 'Enter a UK number (+44)' });
    expect(normaliseUkPhone('0800 ABC DEF')).toEqual({
      ok: false,
      reason: 'Use only digits, spaces and a leading +',
    });
  });
});
