import { describe, expect, test } from 'vitest';
import { guestCardNote } from './diner';

// A guest's card is theirs for the visit (decision 28): the card form says what the server does with it.

describe('what becomes of a card a guest types', () => {
  const guest = {
    kind: 'guest',
    name: 'Gia',
    guest: { email: 'gia@example.com', firstName: 'Gia' },
  } as const;

  test('a guest is told it is not kept once paid, or kept until the tab is paid', () => {
    expect(guestCardNote(guest, false)).toBe(
      'As a guest, your card is used for this payment only: we don’t keep it once you’ve paid.',
    );
    expect(guestCardNote(guest, true)).toBe(
      'As a guest, your card is kept only until your tab is paid, then we forget it.',
    );
  });

  test('a signed-in customer reads the usual words (undefined: the card form’s own)', () => {
    expect(guestCardNote({ kind: 'customer', name: 'Ada' }, false)).toBeUndefined();
    expect(guestCardNote(null, true)).toBeUndefined();
  });
});
