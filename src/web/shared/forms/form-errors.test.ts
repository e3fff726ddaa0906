import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { emailSchema, nameSchema, newPasswordSchema, signUpBody } from '../../../contracts/customers';
import {
  failed,
  NO_ERRORS,
  reported,
  submitted,
  visibleErrors,
  visibleFormError,
  type FieldErrors,
} from './form-errors';
import { validate } from './validate';

// The form helpers every form uses (issue 9, item 3): messages that say what to do, and errors that clear
// as soon as their field is right, not only at the next submit.

const signUpNames = {
  firstName: 'your first name',
  lastName: 'your last name',
  email: 'your email address',
  password: 'a password',
};
const empty = { firstName: '', lastName: '', email: '', password: '' };

/** What a form shows after a submit and then a change, as the hook computes it on each render. */
function shownAfter<V extends object>(check: (v: V) => FieldErrors, atSubmit: V, now: V): FieldErrors {
  return visibleErrors(submitted(check(atSubmit)), check(now), now);
}
const signUpCheck = (values: typeof empty) => {
  const checked = validate(signUpBody, values, signUpNames);
  return checked.ok ? {} : checked.errors;
};

describe('validate', () => {
  test('an empty field says what to enter, never "Required"', () => {
    const checked = validate(signUpBody, empty, signUpNames);
    expect(checked).toEqual({
      ok: false,
      errors: {
        firstName: 'Enter your first name',
        lastName: 'Enter your last name',
        email: 'Enter your email address',
        password: 'Enter a password',
      },
    });
  });

  test('a badly formed email shows an example of a good one', () => {
    expect(validate(z.object({ email: emailSchema }), { email: 'ada@' }, signUpNames)).toEqual({
      ok: false,
      errors: { email: 'Enter an email address like name@example.co.uk' },
    });
  });

  test('the schema’s own advice is kept; too long says how long it may be', () => {
    expect(validate(z.object({ password: newPasswordSchema }), { password: 'short' }, signUpNames)).toEqual({
      ok: false,
      errors: { password: 'Use at least 8 characters' },
    });
    expect(
      validate(z.object({ firstName: nameSchema }), { firstName: 'a'.repeat(101) }, signUpNames),
    ).toEqual({ ok: false, errors: { firstName: 'Your first name must be 100 characters or fewer' } });
  });

  test('a field without a name still gets a message that says what to do', () => {
    const checked = validate(z.object({ code: nameSchema }), { code: '' });
    expect(checked.ok).toBe(false);
    expect(checked.ok ? null : checked.errors.code).not.toMatch(/^(Required|Invalid input)$/);
  });
});

describe('errors that clear when fixed', () => {
  test('an error shown at submit clears on the change that fixes it, the others stay', () => {
    const fixed = { ...empty, firstName: 'A' };
    expect(shownAfter(signUpCheck, empty, fixed)).toEqual({
      lastName: 'Enter your last name',
      email: 'Enter your email address',
      password: 'Enter a password',
    });
  });

  test('a field still wrong after a change says what is wrong now', () => {
    const atSubmit = { ...empty, email: 'ada' };
    expect(shownAfter(signUpCheck, atSubmit, { ...atSubmit, email: 'ada@example' }).email).toBe(
      'Enter an email address like name@example.co.uk',
    );
  });

  test('no new error appears before the next submit, for a field that was right at submit', () => {
    const atSubmit = { firstName: 'Ada', lastName: '', email: '', password: '' };
    expect(shownAfter(signUpCheck, atSubmit, { ...atSubmit, firstName: '' }).firstName).toBeUndefined();
  });

  test('for any values, only errors present at submit are shown, each only while its field is wrong', () => {
    const text = fc.oneof(fc.constant(''), fc.constant('ada@example.com'), fc.string({ maxLength: 12 }));
    const values = fc.record({ firstName: text, lastName: text, email: text, password: text });
    fc.assert(
      fc.property(values, values, (atSubmit, now) => {
        const shown = shownAfter(signUpCheck, atSubmit, now);
        const before = signUpCheck(atSubmit);
        const current = signUpCheck(now);
        for (const [key, message] of Object.entries(shown)) {
          expect(before[key]).toBeDefined();
          expect(current[key]).toBe(message);
        }
        for (const key of Object.keys(before)) {
          if (current[key] !== undefined) expect(shown[key]).toBe(current[key]);
        }
      }),
    );
  });

  test('a problem the server found stays until its field changes', () => {
    const values = { currentPassword: 'wrong one', password: 'new password 1' };
    const state = reported(NO_ERRORS, values, 'currentPassword', 'Your current password is not right');
    expect(visibleErrors(state, {}, values)).toEqual({
      currentPassword: 'Your current password is not right',
    });
    expect(visibleErrors(state, {}, { ...values, password: 'another one 2' })).toEqual({
      currentPassword: 'Your current password is not right',
    });
    expect(visibleErrors(state, {}, { ...values, currentPassword: 'wrong on' })).toEqual({});
  });

  test('a message for the whole form stays until anything in the form changes', () => {
    const values = { email: 'ada@example.com', password: 'not it' };
    const state = failed(NO_ERRORS, values, "Email and Password don't match");
    expect(visibleFormError(state, values)).toBe("Email and Password don't match");
    expect(visibleFormError(state, { ...values })).toBe("Email and Password don't match");
    expect(visibleFormError(state, { ...values, password: 'not it!' })).toBeNull();
    expect(visibleFormError(failed(state, values, null), values)).toBeNull();
  });

  test('a new submit starts again from what is wrong then', () => {
    const state = reported(NO_ERRORS, empty, 'email', 'Invalid email');
    expect(submitted({})).toEqual(NO_ERRORS);
    expect(visibleErrors(submitted({}), {}, empty)).toEqual({});
    expect(visibleErrors(state, {}, empty)).toEqual({ email: 'Invalid email' });
  });
});
