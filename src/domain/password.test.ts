import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES, passwordProblem } from './password';

// Password rules (decision 6): at least 8 characters, at most 200, and not among the commonest passwords.

describe('passwordProblem', () => {
  test('the limits', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
    expect(MAX_PASSWORD_LENGTH).toBe(200);
    expect(passwordProblem('')).toBe('TOO_SHORT');
    expect(passwordProblem('tagliat')).toBe('TOO_SHORT');
    expect(passwordProblem('tagliate')).toBeNull();
    expect(passwordProblem('p'.repeat(199) + 'q')).toBeNull();
    expect(passwordProblem('p'.repeat(200) + 'q')).toBe('TOO_LONG');
  });

  test('common passwords are refused in any case; so are one character repeated and runs of digits', () => {
    for (const password of [
      'password',
      'PASSWORD',
      'Password1',
      'passw0rd',
      'qwerty123',
      'iloveyou',
      'Liverpool',
      'sfoglia123',
      'Carbonara',
      '12345678',
      '123456789',
      '1234567890',
      'aaaaaaaa',
      '00000000000',
      '!!!!!!!!!!!!',
    ]) {
      expect(passwordProblem(password), password).toBe('TOO_COMMON');
    }
    for (const password of [
      'correct horse battery staple',
      'gnocchi on a tuesday',
      'Tr0ub4dor&3x',
      'aaaaaaab',
      'password is long enough',
    ]) {
      expect(passwordProblem(password), password).toBeNull();
    }
  });

  test('length counts characters, not UTF-16 code units', () => {
    // Four emoji are four characters (eight code units): too short.
    expect(passwordProblem('🍝🍅🧀🌿')).toBe('TOO_SHORT');
    expect(passwordProblem('🍝🍅🧀🌿🍝🍅🧀🌿')).toBeNull();
    expect(passwordProblem('crème brûlée')).toBeNull();
    // One emoji, repeated, is still one character repeated.
    expect(passwordProblem('🍝'.repeat(8))).toBe('TOO_COMMON');
  });

  test('any long-enough password of at least two different characters, off the list, is accepted', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH, unit: 'grapheme-ascii' }),
        fc.string({ minLength: 1, maxLength: 3, unit: 'grapheme-ascii' }),
        (password, salt) => {
          // A space and a tilde make it no common password and not one character repeated.
          const candidate = `${password} ~${salt}`.slice(0, MAX_PASSWORD_LENGTH);
          expect(passwordProblem(candidate)).toBeNull();
        },
      ),
    );
  });

  test('too short exactly when under 8 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12, unit: 'grapheme' }), (password) => {
        expect(passwordProblem(password) === 'TOO_SHORT').toBe([...password].length < MIN_PASSWORD_LENGTH);
      }),
    );
  });

  test('each problem has a message for the form', () => {
    expect(PASSWORD_MESSAGES).toEqual({
      TOO_SHORT: 'Use at least 8 characters',
      TOO_LONG: 'Use at most 200 characters',
      TOO_COMMON: 'That password is too common. Try a few words together',
    });
  });
});
