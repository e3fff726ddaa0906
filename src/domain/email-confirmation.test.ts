import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { mayAddCredit, onInboxProved, type InboxProof } from './email-confirmation';

// Decision 18: until the email is confirmed, proving the inbox takes the account over; after, it changes
// nothing; credit waits for the confirmation.

const proofs: InboxProof[] = ['password_reset', 'sign_in_link', 'provider'];
const proof = fc.constantFrom(...proofs);

describe('onInboxProved', () => {
  test('an unconfirmed account changes hands whatever the proof: no session, browser, password or saved card of the holder survives', () => {
    fc.assert(
      fc.property(proof, (how) => {
        const steps = onInboxProved({ emailConfirmed: false }, how);
        expect(steps.endSessions).toBe(true);
        expect(steps.forgetDevices).toBe(true);
        expect(steps.forgetSavedMethods).toBe(true);
        expect(steps.confirm).toBe(true);
        // The holder's password is either cleared or, by a reset, replaced by the prover's own.
        expect(steps.clearPassword || how === 'password_reset').toBe(true);
      }),
    );
  });

  test('a reset keeps the password it has just set; a link or a provider clears the old one', () => {
    expect(onInboxProved({ emailConfirmed: false }, 'password_reset').clearPassword).toBe(false);
    expect(onInboxProved({ emailConfirmed: false }, 'sign_in_link').clearPassword).toBe(true);
    expect(onInboxProved({ emailConfirmed: false }, 'provider').clearPassword).toBe(true);
  });

  test('a confirmed account is left as it is, however often its inbox is proved', () => {
    fc.assert(
      fc.property(fc.array(proof, { minLength: 1, maxLength: 5 }), (hows) => {
        for (const how of hows) {
          expect(onInboxProved({ emailConfirmed: true }, how)).toEqual({
            endSessions: false,
            forgetDevices: false,
            clearPassword: false,
            forgetSavedMethods: false,
            confirm: false,
          });
        }
      }),
    );
  });

  test('a takeover happens at most once: after the first proof the account is confirmed', () => {
    fc.assert(
      fc.property(fc.array(proof, { minLength: 1, maxLength: 5 }), (hows) => {
        let confirmed = false;
        let takeovers = 0;
        for (const how of hows) {
          const steps = onInboxProved({ emailConfirmed: confirmed }, how);
          if (steps.endSessions) takeovers += 1;
          confirmed ||= steps.confirm;
        }
        expect(takeovers).toBe(1);
        expect(confirmed).toBe(true);
      }),
    );
  });
});

test('credit waits for the confirmation', () => {
  expect(mayAddCredit({ emailConfirmed: false })).toBe(false);
  expect(mayAddCredit({ emailConfirmed: true })).toBe(true);
});
