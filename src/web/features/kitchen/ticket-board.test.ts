import { describe, expect, test } from 'vitest';
import type { Ticket } from '../../../contracts/kitchen';
import { PREP_MINUTES_MAX, PREP_MINUTES_MIN } from '../../../domain/kitchen-options';
import {
  arrivalText,
  arrivals,
  boardTime,
  dueIn,
  mergeTickets,
  prepChoices,
  snoozedUntilLabel,
  stageOf,
  tableLabel,
  ticketsIn,
  whenLabel,
} from './ticket-board';
import { ticket } from './test-ticket';

// The kitchen board's rules: stages, merging the stream's tickets with the buttons' answers (the newest
// version wins), order in a stage, prep times on offer, and times as the board writes them (London).

const board = (...tickets: Ticket[]) => new Map(tickets.map((t) => [t.id, t]));

describe('stages', () => {
  test('each state of a takeaway order has its stage', () => {
    const stages = Object.fromEntries(
      ['paid', 'submitted', 'accepted', 'packed', 'ready_for_pickup', 'shipped', 'delivered', 'dropped'].map(
        (state) => [state, stageOf({ state })],
      ),
    );
    expect(stages).toEqual({
      paid: 'new',
      submitted: 'new',
      accepted: 'kitchen',
      packed: 'ready',
      ready_for_pickup: 'ready',
      shipped: 'out',
      delivered: 'done',
      dropped: 'done',
    });
  });

  test('a stage lists the soonest due first; done, the latest finished first', () => {
    const late = ticket({ id: 'a', number: 3, dueAt: '2026-11-18T13:30:00.000Z' });
    const soon = ticket({ id: 'b', number: 4, dueAt: '2026-11-18T12:40:00.000Z' });
    const cooking = ticket({ id: 'c', state: 'accepted' });
    const rejected = ticket({ id: 'd', state: 'dropped', rejectedAt: '2026-11-18T12:45:00.000Z' });
    const delivered = ticket({ id: 'e', state: 'delivered', deliveredAt: '2026-11-18T13:10:00.000Z' });
    const all = board(late, soon, cooking, rejected, delivered);
    expect(ticketsIn(all, 'new').map((t) => t.id)).toEqual(['b', 'a']);
    expect(ticketsIn(all, 'kitchen').map((t) => t.id)).toEqual(['c']);
    expect(ticketsIn(all, 'done').map((t) => t.id)).toEqual(['e', 'd']);
  });
});

describe('merging tickets', () => {
  test('a newer version replaces the one held; an older one (an event behind an answer) does not', () => {
    const held = board(ticket({ id: 'a', version: 5, state: 'accepted' }));
    expect(mergeTickets(held, [ticket({ id: 'a', version: 4 })]).get('a')!.state).toBe('accepted');
    expect(mergeTickets(held, [ticket({ id: 'a', version: 6, state: 'packed' })]).get('a')!.state).toBe(
      'packed',
    );
    expect(mergeTickets(held, [ticket({ id: 'b' })]).size).toBe(2);
  });

  test('arrivals are tickets new to the board that wait to be accepted', () => {
    const held = board(ticket({ id: 'a' }));
    expect(
      arrivals(held, [ticket({ id: 'a' }), ticket({ id: 'b' }), ticket({ id: 'c', state: 'accepted' })]),
    ).toEqual(['b']);
  });
});

describe('what the board offers and says', () => {
  test('prep times lie within what accept takes, with the kitchen’s own time among them', () => {
    for (const usual of [1, 5, 18, 20, 200]) {
      const choices = prepChoices(usual);
      expect(choices.every((m) => m >= PREP_MINUTES_MIN && m <= PREP_MINUTES_MAX)).toBe(true);
      expect(choices).toContain(Math.min(PREP_MINUTES_MAX, Math.max(PREP_MINUTES_MIN, usual)));
      expect([...choices].sort((a, b) => a - b)).toEqual(choices);
    }
    expect(prepChoices(18)).toEqual([10, 15, 18, 20, 25, 30, 45, 60, 90]);
  });

  test('times are London’s, with the day when it is not today (BST and GMT)', () => {
    const now = new Date('2026-11-18T10:00:00Z');
    expect(boardTime('2026-11-18T12:00:00Z', now)).toBe('12 noon');
    expect(boardTime('2026-11-19T13:15:00Z', now)).toBe('Thu 19 Nov, 1:15pm');
    expect(boardTime('2026-07-01T11:30:00Z', new Date('2026-07-01T09:00:00Z'))).toBe('12:30pm');
    expect(whenLabel(ticket({ id: 'a', asap: false }), now)).toBe('1:05pm – 1:20pm');
    expect(whenLabel(ticket({ id: 'a' }), now)).toBe('ASAP');
  });

  test('due in so long, or so late', () => {
    const now = new Date('2026-11-18T12:00:00Z');
    expect(dueIn('2026-11-18T12:25:00Z', now)).toEqual({ text: 'in 25 min', late: false });
    expect(dueIn('2026-11-18T13:05:00Z', now)).toEqual({ text: 'in 1 h 5 min', late: false });
    expect(dueIn('2026-11-18T11:55:00Z', now)).toEqual({ text: '5 min late', late: true });
    expect(dueIn('2026-11-18T12:00:20Z', now)).toEqual({ text: 'due now', late: false });
  });

  test('a snooze lasts until a time today, or until tomorrow', () => {
    const now = new Date('2026-11-18T12:00:00Z');
    expect(snoozedUntilLabel('2026-11-18T13:00:00.000Z', now)).toBe('until 1pm');
    expect(snoozedUntilLabel('2026-11-19T00:00:00.000Z', now)).toBe('until tomorrow');
    // In summer London's midnight is 23:00 UTC.
    expect(snoozedUntilLabel('2026-07-01T23:00:00.000Z', new Date('2026-07-01T12:00:00Z'))).toBe(
      'until tomorrow',
    );
  });
});

describe('an eat-in ticket’s table', () => {
  test('a tab’s round at a table, a table’s own order, a round served by name, and anything else', () => {
    expect(tableLabel(ticket({ id: 'a', tableNumber: '12', round: 2 }))).toBe('Table 12 · Round 2');
    expect(tableLabel(ticket({ id: 'b', tableNumber: '12', round: null }))).toBe('Table 12');
    expect(tableLabel(ticket({ id: 'c', tableNumber: null, round: 1 }))).toBe('Round 1');
    expect(tableLabel(ticket({ id: 'd' }))).toBeNull();
  });
});

describe('the new orders’ banner', () => {
  test('one order, with its table and round when it has them; several, by number', () => {
    expect(arrivalText([ticket({ id: 'a', number: 7 })])).toBe('New order #7 from Ada Lovelace');
    expect(arrivalText([ticket({ id: 'a', number: 7, tableNumber: '12', round: 2 })])).toBe(
      'New order #7 from Ada Lovelace · Table 12 · Round 2',
    );
    expect(
      arrivalText([
        ticket({ id: 'a', number: 7, tableNumber: '12', round: 2 }),
        ticket({ id: 'b', number: 8 }),
      ]),
    ).toBe('2 new orders: #7 (Table 12 · Round 2), #8');
  });
});
