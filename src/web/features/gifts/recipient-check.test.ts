import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { giftRecipientSchema } from '../../../contracts/gifts';
import { validate } from '../../shared/forms/validate';
import { checkGiftRecipient, type RecipientFields } from './recipient-check';

// The gift box's form checked its recipient with the contract's schema; it now checks without zod. The two
// must say the same for anything typed: the same data, or the same message beside the same fields.

/** What the form gave the schema. */
const withSchema = (v: RecipientFields) =>
  validate(giftRecipientSchema, {
    name: v.name,
    email: v.email.trim() === '' ? null : v.email,
    message: v.message.trim() === '' ? null : v.message,
  });

/** Text as people type it, and the edges: blanks, spaces round it, emoji, capitals, an @ and dots. */
const typed = (max: number) =>
  fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.string({ unit: fc.constantFrom('a', 'B', ' ', '\t', '@', '.', '😀', 'é', 'x'), maxLength: max + 4 }),
    fc.nat({ max: max + 3 }).map((n) => ` ${'😀'.repeat(n)} `),
    fc.nat({ max: max + 3 }).map((n) => 'a'.repeat(n)),
    fc.emailAddress().map((email) => ` ${email.toUpperCase()} `),
  );

describe('checkGiftRecipient', () => {
  it('says what the schema said, for any input', () => {
    fc.assert(
      fc.property(
        fc.record({ name: typed(100), email: fc.oneof(typed(254), typed(20)), message: typed(300) }),
        (values) => {
          expect(checkGiftRecipient(values)).toStrictEqual(withSchema(values));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('gives the recipient as the API takes it', () => {
    expect(checkGiftRecipient({ name: ' Ada ', email: ' Ada@Example.CO.UK ', message: '' })).toEqual({
      ok: true,
      data: { name: 'Ada', email: 'ada@example.co.uk', message: null },
    });
    expect(checkGiftRecipient({ name: '', email: 'ada@', message: 'x'.repeat(301) })).toEqual({
      ok: false,
      errors: {
        name: 'Tell us who the gift is for',
        email: 'Enter an email address like name@example.co.uk',
        message: 'Keep the message to 300 characters',
      },
    });
  });

  it('counts an emoji as one character, as the API does', () => {
    expect(checkGiftRecipient({ name: 'Ada', email: '', message: '😀'.repeat(300) }).ok).toBe(true);
    expect(checkGiftRecipient({ name: 'Ada', email: '', message: '😀'.repeat(301) }).ok).toBe(false);
  });
});
