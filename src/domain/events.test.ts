import { describe, expect, test } from 'vitest';
import {
  daysBeforeInstant,
  DEFAULT_REFUND_SCALE,
  dietaryTotals,
  dietaryTotalsLabel,
  EVENT_ALLERGENS,
  holdExpiresAt,
  refundFor,
  refundLabel,
  refundRuleText,
  refundTermsAt,
  refundTermsText,
  seatProblems,
  ticketsPrice,
  upgradeProblem,
  upgradesPrice,
  type SlotFacts,
  type TemplateFacts,
} from './events';

// Events' rules by example (issue 22): the fourteen allergens, seats and their problems, prices, and the
// refund scale in London days across the clocks changing. Properties are in events.properties.test.ts.

const class7pm: TemplateFacts = { title: 'Fresh pasta class', childPrice: null, maxGuests: 8 };
const kids: TemplateFacts = { title: 'Kids’ ravioli morning', childPrice: 2000, maxGuests: 6 };
const slot = (over: Partial<SlotFacts> = {}): SlotFacts => ({
  startsAt: new Date('2026-12-12T19:00:00Z'),
  capacity: 12,
  taken: 0,
  cancelled: false,
  ...over,
});
const now = new Date('2026-11-18T10:00:00Z');

describe('guests’ needs', () => {
  test('the 14 allergens UK law names, each once', () => {
    expect(EVENT_ALLERGENS).toHaveLength(14);
    expect(new Set(EVENT_ALLERGENS.map((a) => a.id)).size).toBe(14);
  });

  test('totals count each guest once per need, most first, then in the standard order', () => {
    const totals = dietaryTotals([
      { allergens: ['gluten', 'tree_nuts'], diets: [] },
      { allergens: ['gluten', 'gluten'], diets: ['vegan'] },
      { allergens: [], diets: [] },
    ]);
    expect(totals).toEqual([
      { id: 'gluten', label: 'Cereals containing gluten', count: 2 },
      { id: 'tree_nuts', label: 'Tree nuts', count: 1 },
      { id: 'vegan', label: 'Vegan', count: 1 },
    ]);
    expect(dietaryTotalsLabel([])).toBe('No allergies or diets given');
    expect(dietaryTotalsLabel([{ allergens: ['peanuts'], diets: [] }])).toBe('Peanuts 1');
  });
});

describe('seats', () => {
  test('a booking within the seats left is fine', () => {
    expect(seatProblems(slot({ taken: 9 }), class7pm, { adults: 3, children: 0 }, now, 2)).toEqual([]);
  });

  test('0 guests, too many, children at an adults-only class, each say what to do', () => {
    expect(seatProblems(slot(), class7pm, { adults: 0, children: 0 }, now, 2)[0]?.detail).toBe(
      'Choose at least one guest',
    );
    expect(seatProblems(slot(), class7pm, { adults: 9, children: 0 }, now, 2)[0]?.detail).toMatch(
      /up to 8 guests/,
    );
    expect(seatProblems(slot(), class7pm, { adults: 1, children: 1 }, now, 2)[0]?.detail).toBe(
      'Fresh pasta class is for adults only',
    );
    expect(seatProblems(slot(), kids, { adults: 1, children: 2 }, now, 2)).toEqual([]);
    expect(seatProblems(slot(), kids, { adults: 0, children: 3 }, now, 2)[0]?.detail).toBe(
      'Children come with an adult: add at least one adult to the booking',
    );
    // More children for a booking that has its adult already.
    expect(seatProblems(slot(), kids, { adults: 0, children: 1 }, now, 2, 3)).toEqual([]);
  });

  test('a full, a nearly full, a past, a closing and a cancelled slot', () => {
    expect(seatProblems(slot({ taken: 12 }), class7pm, { adults: 1, children: 0 }, now, 2)[0]).toMatchObject({
      code: 'EVENT_SLOT_FULL',
      detail: 'Sorry, this date has just sold out. Please choose another.',
    });
    expect(
      seatProblems(slot({ taken: 11 }), class7pm, { adults: 2, children: 0 }, now, 2)[0]?.detail,
    ).toMatch(/^Only 1 seat is left/);
    const started = new Date('2026-12-12T19:00:00Z');
    expect(seatProblems(slot(), class7pm, { adults: 1, children: 0 }, started, 2)[0]).toMatchObject({
      code: 'EVENT_SLOT_CLOSED',
      detail: 'This date has passed. Please choose another.',
    });
    const anHourBefore = new Date('2026-12-12T18:00:00Z');
    expect(seatProblems(slot(), class7pm, { adults: 1, children: 0 }, anHourBefore, 2)[0]?.detail).toMatch(
      /closed 2 hours before/,
    );
    expect(
      seatProblems(slot({ cancelled: true }), class7pm, { adults: 1, children: 0 }, now, 2)[0]?.code,
    ).toBe('EVENT_SLOT_CLOSED');
  });

  test('more guests for a booking count the seats it has already', () => {
    expect(seatProblems(slot(), class7pm, { adults: 2, children: 0 }, now, 2, 6)).toEqual([]);
    expect(seatProblems(slot(), class7pm, { adults: 3, children: 0 }, now, 2, 6)[0]?.code).toBe(
      'EVENT_GUESTS_INVALID',
    );
  });

  test('a hold lasts 15 minutes', () => {
    expect(holdExpiresAt(now).toISOString()).toBe('2026-11-18T10:15:00.000Z');
  });
});

describe('prices', () => {
  test('tickets at a slot’s prices, add-ons by quantity', () => {
    expect(ticketsPrice({ adults: 2, children: 1 }, { adultPrice: 1000, childPrice: 2000 })).toBe(4000);
    expect(ticketsPrice({ adults: 3, children: 0 }, { adultPrice: 6500, childPrice: null })).toBe(19500);
    const wine = { id: 'wine', title: 'Wine pairing', price: 2500, quantity: 3, perGuest: true };
    expect(upgradesPrice([wine, { ...wine, id: 'apron', perGuest: false, quantity: 1, price: 1500 }])).toBe(
      9000,
    );
  });

  test('a per-guest add-on is at most one a guest', () => {
    const wine = { id: 'wine', title: 'Wine pairing', price: 2500, quantity: 4, perGuest: true };
    expect(upgradeProblem([wine], 3)).toBe('Wine pairing is one per guest: choose at most 3');
    expect(upgradeProblem([{ ...wine, quantity: 3 }], 3)).toBeNull();
    expect(upgradeProblem([{ ...wine, perGuest: false, quantity: 11 }], 3)).toMatch(/at most 10/);
  });
});

describe('the refund scale', () => {
  test('a step ends at the event’s London clock time, N dates before, across the clocks going back', () => {
    // Sunday 1 November 2026, 19:00 GMT; 14 days before is Sunday 18 October, 19:00 BST (18:00 UTC).
    const start = new Date('2026-11-01T19:00:00Z');
    expect(daysBeforeInstant(start, 14).toISOString()).toBe('2026-10-18T18:00:00.000Z');
    expect(daysBeforeInstant(start, 3).toISOString()).toBe('2026-10-29T19:00:00.000Z');
  });

  test('and across the clocks going forward', () => {
    // Thursday 1 April 2027, 19:00 BST (18:00 UTC); 14 days before is 18 March, 19:00 GMT.
    const start = new Date('2027-04-01T18:00:00Z');
    expect(daysBeforeInstant(start, 14).toISOString()).toBe('2027-03-18T19:00:00.000Z');
  });

  test('the terms in force: card, then credit, then no changes', () => {
    const start = new Date('2026-12-12T19:00:00Z');
    const early = refundTermsAt(start, new Date('2026-11-18T10:00:00Z'), DEFAULT_REFUND_SCALE);
    expect(early).toMatchObject({ step: { daysBefore: 14, as: 'card' }, changesAllowed: true });
    expect(early.until?.toISOString()).toBe('2026-11-28T19:00:00.000Z');
    const middle = refundTermsAt(start, new Date('2026-11-28T19:00:00Z'), DEFAULT_REFUND_SCALE);
    expect(middle).toMatchObject({ step: { daysBefore: 3, as: 'credit' }, changesAllowed: true });
    const late = refundTermsAt(start, new Date('2026-12-09T19:00:00Z'), DEFAULT_REFUND_SCALE);
    expect(late).toMatchObject({ step: null, until: null, changesAllowed: false });
    expect(late.changesCloseAt.toISOString()).toBe('2026-12-09T19:00:00.000Z');
    expect(refundTermsText(late)).toMatch(/^It is too late to change or cancel/);
    expect(refundTermsText(early)).toBe(
      'Until Saturday 28 November at 7pm: a full refund to your card for anything you take off.',
    );
  });

  test('what a change gives back, in words', () => {
    const start = new Date('2026-12-12T19:00:00Z');
    const terms = refundTermsAt(start, now, DEFAULT_REFUND_SCALE);
    expect(refundLabel(refundFor(6500, terms))).toBe('£65.00 back to your card');
    const half = refundTermsAt(start, now, {
      steps: [{ daysBefore: 7, percent: 50, as: 'credit' }],
      bookingClosesHours: 2,
    });
    expect(refundFor(6501, half)).toEqual({ amount: 3250, as: 'credit' });
    expect(refundLabel(refundFor(0, terms))).toBe('Nothing back');
  });

  test('the scale in plain words', () => {
    expect(refundRuleText(DEFAULT_REFUND_SCALE)).toBe(
      'Change or cancel up to 14 days before for a full refund to your card, then up to 3 days before for a ' +
        'full refund as store credit. After that, with less than 3 days to go, bookings cannot be changed or ' +
        'refunded, but you can still hand yours to someone else.',
    );
    expect(refundRuleText({ steps: [], bookingClosesHours: 2 })).toBe(
      'Bookings cannot be changed or refunded once paid.',
    );
  });
});
