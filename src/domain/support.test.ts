import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isoDate } from './calendar';
import { ORDER_SOURCES } from './orders';
import {
  orderKindLabel,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGE_MIN,
  SUPPORT_TOPIC_IDS,
  SUPPORT_TOPICS,
  supportMessageProblem,
  supportOrderLabel,
  TICKET_REFERENCE_PATTERN,
  ticketReference,
  ticketTakesMessages,
  topicLabel,
} from './support';

// Support's pure rules (issue 23 part 5; decision 30): a ticket's reference, what a message may be, how an
// order is named in the "Which order is it about?" list, and which tickets take more messages.

const eightBytes = fc.uint8Array({ minLength: 8, maxLength: 8 });

describe('ticketReference', () => {
  test('always SF-XXXX-XXXX in the unmistakable alphabet, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 8, maxLength: 32 }), (bytes) => {
        expect(ticketReference(bytes)).toMatch(TICKET_REFERENCE_PATTERN);
      }),
      { numRuns: 2000 },
    );
  });

  test('never a character that reads as another on a phone call (0/O, 1/I/L)', () => {
    fc.assert(
      fc.property(eightBytes, (bytes) => {
        expect(ticketReference(bytes).slice(3)).not.toMatch(/[01OIL]/);
      }),
    );
  });

  test('the same bytes give the same reference; only the first eight count', () => {
    fc.assert(
      fc.property(eightBytes, fc.uint8Array({ maxLength: 8 }), (bytes, more) => {
        expect(ticketReference(Uint8Array.from([...bytes, ...more]))).toBe(ticketReference(bytes));
      }),
    );
  });

  test('each byte decides its own character: bytes that differ in one place give references that differ', () => {
    fc.assert(
      fc.property(eightBytes, fc.integer({ min: 0, max: 7 }), (bytes, at) => {
        const other = Uint8Array.from(bytes);
        // The next byte is always another of the 31 characters (255 wraps to 0: 7 to 0).
        other[at] = (bytes[at]! + 1) % 256;
        expect(ticketReference(other)).not.toBe(ticketReference(bytes));
      }),
    );
  });

  test('the extremes, and too few bytes refused', () => {
    expect(ticketReference(new Uint8Array(8))).toBe('SF-2222-2222');
    expect(ticketReference(new Uint8Array(8).fill(30))).toBe('SF-ZZZZ-ZZZZ');
    expect(ticketReference(Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7]))).toBe('SF-2345-6789');
    expect(() => ticketReference(new Uint8Array(7))).toThrow(RangeError);
  });

  test('the pattern refuses what a reference never is', () => {
    for (const bad of [
      'SF-7K3P-Q2M',
      'sf-7k3p-q2mx',
      'SF-7K3P-Q2M0',
      'SF-7K3PQ2MX',
      'XX-7K3P-Q2MX',
      'SF-IL01-OOOO',
    ])
      expect(bad).not.toMatch(TICKET_REFERENCE_PATTERN);
    expect('SF-7K3P-Q2MX').toMatch(TICKET_REFERENCE_PATTERN);
  });
});

describe('supportMessageProblem', () => {
  const ofLength = (n: number) => 'a'.repeat(n);

  test('the boundaries: nothing, too short, just right at both ends, too long', () => {
    expect(supportMessageProblem('')).toBe('Please tell us what you need help with.');
    expect(supportMessageProblem(ofLength(SUPPORT_MESSAGE_MIN - 1))).toBe(
      'Please tell us a little more (at least 10 characters).',
    );
    expect(supportMessageProblem(ofLength(SUPPORT_MESSAGE_MIN))).toBeNull();
    expect(supportMessageProblem(ofLength(SUPPORT_MESSAGE_MAX))).toBeNull();
    expect(supportMessageProblem(ofLength(SUPPORT_MESSAGE_MAX + 1))).toBe(
      'Please keep your message under 4,000 characters (it has 4,001).',
    );
  });

  test('spaces around the words do not count: blank is empty, padding never makes it long enough', () => {
    expect(supportMessageProblem(' \n\t  ')).toBe('Please tell us what you need help with.');
    expect(supportMessageProblem(`   ${ofLength(SUPPORT_MESSAGE_MIN - 1)}      `)).not.toBeNull();
    expect(supportMessageProblem(`\n${ofLength(SUPPORT_MESSAGE_MAX)}\n\n`)).toBeNull();
  });

  test('fine exactly when the trimmed message is 10 to 4,000 characters long', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: SUPPORT_MESSAGE_MAX + 50 }), fc.nat(5), fc.nat(5), (text, l, r) => {
        const message = `${' '.repeat(l)}${text}${' '.repeat(r)}`;
        const length = message.trim().length;
        const fine = length >= SUPPORT_MESSAGE_MIN && length <= SUPPORT_MESSAGE_MAX;
        expect(supportMessageProblem(message) === null).toBe(fine);
      }),
      { numRuns: 300 },
    );
  });
});

describe('supportOrderLabel', () => {
  const today = isoDate('2026-11-18');

  test('number, kind and date; the year only when it is not this year’s', () => {
    expect(supportOrderLabel({ number: 1042, source: 'takeaway', date: '2026-11-18' }, today)).toBe(
      '#1042 · Pasta Now · Wed 18 Nov',
    );
    expect(supportOrderLabel({ number: 7, source: 'subscription', date: '2026-12-02' }, today)).toBe(
      '#7 · Pasta Plan box · Wed 2 Dec',
    );
    expect(supportOrderLabel({ number: 88, source: 'gift_box', date: '2025-12-24' }, today)).toBe(
      '#88 · Gift box · Wed 24 Dec 2025',
    );
    expect(supportOrderLabel({ number: 9, source: 'event_booking', date: 'not a date' }, today)).toBe(
      '#9 · Event booking',
    );
  });

  test('every kind of order has a name of its own', () => {
    const names = ORDER_SOURCES.map(orderKindLabel);
    expect(new Set(names).size).toBe(ORDER_SOURCES.length);
    for (const name of names) expect(name).toMatch(/^[A-Z]/);
  });
});

describe('topics and states', () => {
  test('each topic has its label; an unknown one reads as "Something else"', () => {
    for (const topic of SUPPORT_TOPICS) expect(topicLabel(topic.id)).toBe(topic.label);
    expect(SUPPORT_TOPIC_IDS).toContain('other');
    expect(topicLabel('nonsense' as never)).toBe('Something else');
  });

  test('open and answered tickets take messages; closed ones do not', () => {
    expect(ticketTakesMessages('open')).toBe(true);
    expect(ticketTakesMessages('answered')).toBe(true);
    expect(ticketTakesMessages('closed')).toBe(false);
  });
});
