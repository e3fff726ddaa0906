import { describe, expect, test } from 'vitest';
import { BOOKING_DRAFT_TTL_MS, parseBookingDraft } from './booking-draft';

// The booking draft is read back from local storage: only a draft of the last few hours that still reads as
// one, with add-ons of at least one.

const saved = (fields: Record<string, unknown>) =>
  JSON.stringify({
    slotId: 's1',
    templateId: 't1',
    adults: 2,
    children: 1,
    upgrades: {},
    savedAt: 1000,
    ...fields,
  });

describe('parseBookingDraft', () => {
  test('reads a draft saved within the last few hours, dropping add-ons of none', () => {
    expect(parseBookingDraft(saved({ upgrades: { wine: 2, apron: 0 } }), 2000)).toEqual({
      slotId: 's1',
      templateId: 't1',
      adults: 2,
      children: 1,
      upgrades: { wine: 2 },
    });
  });

  test('forgets an old draft, a broken one and one that is not a draft', () => {
    expect(parseBookingDraft(saved({}), 1000 + BOOKING_DRAFT_TTL_MS + 1)).toBeNull();
    expect(parseBookingDraft('{not json', 2000)).toBeNull();
    expect(parseBookingDraft(saved({ adults: -1 }), 2000)).toBeNull();
    expect(parseBookingDraft(saved({ adults: 1.5 }), 2000)).toBeNull();
    expect(parseBookingDraft(saved({ slotId: '' }), 2000)).toBeNull();
    expect(parseBookingDraft(null, 2000)).toBeNull();
  });
});
