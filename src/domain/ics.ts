// A calendar file for one event (issue 22, decision 29: the booking confirmation's `.ics`), written to
// RFC 5545: text values escaped (§3.3.11), content lines folded at 75 octets without splitting a UTF-8
// character (§3.1), CRLF line endings, times in UTC. A changed event is sent again with the same UID and a
// higher SEQUENCE (§3.8.7.4) so calendars replace it; a cancelled one as METHOD:CANCEL, STATUS:CANCELLED.

export interface IcsEvent {
  /** Stable across resends, so a calendar updates the event instead of adding a second one. */
  uid: string;
  title: string;
  description: string;
  location: string;
  startsAt: Date;
  endsAt: Date;
  url?: string;
  organiser?: { name: string; email: string };
  /** When the file is written (DTSTAMP). */
  now: Date;
  /** The revision: 0 when first sent, one more each time the event changes (left out: 0). */
  sequence?: number;
  /** The event is off: the calendar removes it (METHOD:CANCEL, STATUS:CANCELLED). */
  cancelled?: boolean;
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** One VCALENDAR holding one VEVENT, each line folded and ended with CRLF. */
export function icsEvent(event: IcsEvent): string {
  const sequence = event.sequence ?? 0;
  if (!Number.isSafeInteger(sequence) || sequence < 0) throw new RangeError('SEQUENCE is a whole number');
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID:-//Sfoglia//Events//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    event.cancelled ? 'METHOD:CANCEL' : 'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(event.uid)}`,
    `SEQUENCE:${sequence}`,
    `DTSTAMP:${icsUtc(event.now)}`,
    `DTSTART:${icsUtc(event.startsAt)}`,
    `DTEND:${icsUtc(event.endsAt)}`,
    `SUMMARY:${escapeIcsText(event.title)}`,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    `LOCATION:${escapeIcsText(event.location)}`,
    event.cancelled ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
  ];
  if (event.url) lines.push(`URL:${uriValue(event.url)}`);
  if (event.organiser) {
    const name = paramValue(event.organiser.name);
    lines.push(`ORGANIZER;CN=${name}:mailto:${uriValue(event.organiser.email)}`);
  }
  lines.push('END:VEVENT', 'END:VCALENDAR');
  return lines.map((line) => foldIcsLine(line) + CRLF).join('');
}

/** `20261123T183000Z`: a date-time in UTC (RFC 5545 §3.3.5, form #2). */
export function icsUtc(at: Date): string {
  if (Number.isNaN(at.getTime())) throw new RangeError('Not a date');
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/**
 * A TEXT value (§3.3.11): backslash, semicolon and comma escaped, any line break as `\n`. Other control
 * characters are not allowed in TEXT and are dropped; a lone surrogate becomes U+FFFD.
 */
export function escapeIcsText(text: string): string {
  return withoutControls(wellFormed(text).replace(/\r\n?/g, '\n'), ['\t', '\n']).replace(/[\\;,\n]/g, (c) =>
    c === '\n' ? '\\n' : `\\${c}`,
  );
}

/** The inverse of `escapeIcsText` (what a calendar reads). */
export function unescapeIcsText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/**
 * Folds a content line (§3.1): no line longer than 75 octets of UTF-8 before its CRLF, each continuation
 * starting with one space. Breaks fall between code points, never inside a character's bytes.
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char);
    if (octets + size > MAX_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}

/** Joins folded lines back (§3.1: a CRLF followed by one space or tab is removed). */
export function unfoldIcs(text: string): string {
  return text.replace(/\r\n[ \t]/g, '');
}

/** UTF-8 octets of one code point (a lone surrogate is written as U+FFFD, 3 octets). */
export function utf8Length(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (code < 0x10000) return 3;
  return 4;
}

function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** The text without the C0 control characters and DEL, but for those kept. */
export function withoutControls(text: string, keep: readonly string[] = []): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if ((code < 0x20 || code === 0x7f) && !keep.includes(char)) continue;
    out += char;
  }
  return out;
}

/** A parameter value (§3.2): quoted, with the double quotes and control characters it may not hold dropped. */
function paramValue(text: string): string {
  return `"${withoutControls(wellFormed(text)).replace(/"/g, '')}"`;
}

/** A URI value is not escaped as TEXT; it may hold no control characters or spaces. */
function uriValue(text: string): string {
  return withoutControls(wellFormed(text)).replace(/ /g, '');
}
