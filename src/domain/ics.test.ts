import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  escapeIcsText,
  foldIcsLine,
  icsEvent,
  icsUtc,
  unescapeIcsText,
  unfoldIcs,
  withoutControls,
  type IcsEvent,
} from './ics';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

const supperClub: IcsEvent = {
  uid: 'booking-6f1c@sfoglia.co.uk',
  title: 'Supper club: truffle, ragù; and friends',
  description: 'Bring an apron.\nDoors open at 18:45, dinner at 19:00.',
  location: 'Sfoglia Islington, 12 Upper Street, London N1 0PQ',
  // 19:00 London in summer (BST) is 18:00 UTC.
  startsAt: new Date('2026-07-10T18:00:00Z'),
  endsAt: new Date('2026-07-10T21:30:00Z'),
  url: 'https://sfoglia.example/events/bookings/6f1c',
  organiser: { name: 'Sfoglia, Islington', email: 'events@sfoglia.example' },
  now: new Date('2026-06-01T09:15:42.123Z'),
};

/** The value of one property, unfolded (as a calendar reads it). */
function property(ics: string, name: string): string | undefined {
  const line = unfoldIcs(ics)
    .split('\r\n')
    .find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
  return line?.slice(line.indexOf(':') + 1);
}

describe('icsEvent', () => {
  test('writes one VEVENT in a VCALENDAR, times in UTC, text escaped, CRLF endings', () => {
    const ics = icsEvent(supperClub);
    const lines = unfoldIcs(ics).split('\r\n');
    expect(lines.slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'PRODID:-//Sfoglia//Events//EN',
      'VERSION:2.0',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
    ]);
    expect(lines.slice(-3)).toEqual(['END:VEVENT', 'END:VCALENDAR', '']);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(property(ics, 'UID')).toBe('booking-6f1c@sfoglia.co.uk');
    expect(property(ics, 'DTSTAMP')).toBe('20260601T091542Z');
    expect(property(ics, 'DTSTART')).toBe('20260710T180000Z');
    expect(property(ics, 'DTEND')).toBe('20260710T213000Z');
    expect(property(ics, 'SUMMARY')).toBe('Supper club: truffle\\, ragù\\; and friends');
    expect(property(ics, 'DESCRIPTION')).toBe('Bring an apron.\\nDoors open at 18:45\\, dinner at 19:00.');
    expect(property(ics, 'LOCATION')).toBe('Sfoglia Islington\\, 12 Upper Street\\, London N1 0PQ');
    expect(property(ics, 'URL')).toBe('https://sfoglia.example/events/bookings/6f1c');
    expect(lines).toContain('ORGANIZER;CN="Sfoglia, Islington":mailto:events@sfoglia.example');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
  });

  test('a changed event keeps its UID with a higher SEQUENCE; a cancelled one is METHOD:CANCEL, STATUS:CANCELLED', () => {
    const first = icsEvent(supperClub);
    expect(property(first, 'SEQUENCE')).toBe('0');
    expect(property(first, 'STATUS')).toBe('CONFIRMED');
    const moved = icsEvent({ ...supperClub, startsAt: new Date('2026-07-17T18:00:00Z'), sequence: 2 });
    expect(property(moved, 'UID')).toBe(property(first, 'UID'));
    expect(property(moved, 'SEQUENCE')).toBe('2');
    expect(property(moved, 'METHOD')).toBe('PUBLISH');
    const off = icsEvent({ ...supperClub, sequence: 3, cancelled: true });
    expect(property(off, 'METHOD')).toBe('CANCEL');
    expect(property(off, 'STATUS')).toBe('CANCELLED');
    expect(property(off, 'UID')).toBe(property(first, 'UID'));
    expect(property(off, 'SEQUENCE')).toBe('3');
    expect(() => icsEvent({ ...supperClub, sequence: -1 })).toThrow(RangeError);
  });

  test('leaves out URL and ORGANIZER when not given', () => {
    const ics = icsEvent({ ...supperClub, url: undefined, organiser: undefined });
    expect(property(ics, 'URL')).toBeUndefined();
    expect(property(ics, 'ORGANIZER')).toBeUndefined();
  });

  test('folds long lines at 75 octets, continuations starting with a space', () => {
    const ics = icsEvent({ ...supperClub, description: 'Fresh pasta, made by hand. '.repeat(12) });
    const physical = ics.split('\r\n').slice(0, -1);
    expect(physical.some((l) => l.startsWith(' '))).toBe(true);
    for (const line of physical) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    expect(unescapeIcsText(property(ics, 'DESCRIPTION') ?? '')).toBe(
      'Fresh pasta, made by hand. '.repeat(12),
    );
  });

  test('a header parameter cannot break out of its quotes', () => {
    const ics = icsEvent({ ...supperClub, organiser: { name: 'Chef "Nonna"\r\nX-EVIL:1', email: 'a@b.c' } });
    expect(unfoldIcs(ics)).toContain('ORGANIZER;CN="Chef NonnaX-EVIL:1":mailto:a@b.c');
    expect(
      unfoldIcs(ics)
        .split('\r\n')
        .some((l) => l.startsWith('X-EVIL')),
    ).toBe(false);
  });

  test('refuses an invalid date', () => {
    expect(() => icsUtc(new Date('nonsense'))).toThrow(RangeError);
  });
});

describe('escapeIcsText', () => {
  test('escapes backslash, semicolon, comma and every kind of line break', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(escapeIcsText('tab\tkept, bell\u0007 dropped')).toBe('tab\tkept\\, bell dropped');
    expect(unescapeIcsText('a\\\\n\\N')).toBe('a\\n\n');
  });
});

describe('foldIcsLine', () => {
  test('keeps a line of 75 octets whole and folds at 76', () => {
    expect(foldIcsLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldIcsLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  test('moves a character that would straddle the 75th octet to the next line', () => {
    const line = `${'x'.repeat(74)}é`; // é is two octets: 76 in all
    expect(foldIcsLine(line)).toBe(`${'x'.repeat(74)}\r\n é`);
    expect(foldIcsLine(`${'x'.repeat(73)}🍝`)).toBe(`${'x'.repeat(73)}\r\n 🍝`);
  });
});

// Any text, including astral characters, accents and line breaks, with lone surrogates left out (they are
// not text; escapeIcsText makes them U+FFFD).
const anyText = fc.string({ unit: 'grapheme', maxLength: 300 });
const someText = fc.oneof(
  anyText,
  fc.string({
    unit: fc.constantFrom('a', 'é', '€', '🍝', ';', ',', '\\', '\n', '\r\n', ' '),
    maxLength: 200,
  }),
);

describe('properties', () => {
  test('folding never splits a UTF-8 character, keeps every line within 75 octets, and unfolds back', () => {
    fc.assert(
      fc.property(someText, fc.constantFrom('SUMMARY:', 'DESCRIPTION:', 'X:'), (text, name) => {
        const line = name + escapeIcsText(text);
        const folded = foldIcsLine(line);
        for (const physical of folded.split('\r\n')) {
          const bytes = encoder.encode(physical);
          expect(bytes.length).toBeLessThanOrEqual(75);
          // A split inside a character would leave bytes a strict decoder refuses.
          expect(decoder.decode(bytes)).toBe(physical);
        }
        expect(unfoldIcs(folded)).toBe(line);
      }),
    );
  });

  test('any title round-trips through the whole file (line breaks as \\n, other controls dropped)', () => {
    fc.assert(
      fc.property(someText, (title) => {
        const ics = icsEvent({ ...supperClub, title });
        expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
        const expected = withoutControls(title.replace(/\r\n?/g, '\n'), ['\t', '\n']);
        expect(unescapeIcsText(property(ics, 'SUMMARY') ?? '')).toBe(expected);
      }),
    );
  });
});
