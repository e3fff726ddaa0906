import type { EmailAttachment, EmailMessage } from './index';
import type { EmailTotals } from './templates';
import { button, greeting, p, render } from './templates';

// The emails of an event booking (issue 22 part 5; decision 29): the confirmation with its calendar file and
// the dietary form's link to forward, a receipt of each change, the booking handed to someone else (to them
// and to the booker), the "still to answer" reminder three days before and the day-before reminder with the
// address and what to bring.

/** What every event email says of the booking. */
export interface EmailEvent {
  /** "Fresh pasta class". */
  title: string;
  /** "Thursday 10 December, 7pm – 10pm" (London time). */
  when: string;
  /** "Sfoglia Soho, 12 Old Compton Street, London W1D 4TQ". */
  where: string;
  /** "2 adults and 1 child". */
  guests: string;
  /** The booking's page. */
  link: string;
}

const REASON = 'You’re receiving this because of an event booking at Sfoglia.';
const withFiles = (message: EmailMessage, attachments: readonly EmailAttachment[]): EmailMessage =>
  attachments.length > 0 ? { ...message, attachments } : message;

function facts(event: EmailEvent) {
  return [
    p(`What: ${event.title}`),
    p(`When: ${event.when}`),
    p(`Where: ${event.where}`),
    p(`Guests: ${event.guests}`),
  ];
}

export function eventConfirmation({
  to,
  firstName,
  event,
  upgrades,
  totals,
  refundRule,
  formUrl,
  calendar,
}: {
  to: string;
  firstName: string;
  event: EmailEvent;
  /** "2 × Wine pairing". */
  upgrades: string[];
  totals: EmailTotals;
  refundRule: string;
  formUrl: string;
  calendar: EmailAttachment | null;
}) {
  const message = render({
    to,
    template: 'event_confirmation',
    subject: `You’re booked: ${event.title}, ${event.when}`,
    preview: `${event.guests} at ${event.where}. Ask your guests about allergies with the link inside.`,
    heading: 'You’re booked!',
    greeting: greeting(firstName),
    blocks: [
      p(`Thank you for booking. We look forward to seeing you.`),
      ...facts(event),
      ...(upgrades.length > 0 ? [p(`Add-ons: ${upgrades.join(', ')}`)] : []),
      { kind: 'totals', rows: totals },
      p(
        'Please ask each guest to tell us their allergies and diets before the day. Forward them this link: anyone with it can answer for one guest.',
      ),
      button('Dietary form for your guests', formUrl),
      p(`Changing your plans? ${refundRule}`),
      button('See or change your booking', event.link),
      ...(calendar ? [p('The calendar file attached adds the event to your calendar.')] : []),
    ],
    signOff: 'A presto,',
    reason: REASON,
  });
  return withFiles(message, calendar ? [calendar] : []);
}

export function eventChangeReceipt({
  to,
  firstName,
  event,
  summary,
  cancelled,
  refund,
  paid,
  calendar = null,
}: {
  to: string;
  firstName: string;
  event: EmailEvent;
  /** "3 adults → 2 adults". */
  summary: string;
  cancelled: boolean;
  /**
   * "£65.00 back to your card", "£40.00 back to your card and £10.00 as store credit", and which ways it
   * went; null: nothing given back.
   */
  refund: { label: string; card: boolean; credit: boolean } | null;
  /** "£20.00", null: nothing paid. */
  paid: string | null;
  /** A new date's calendar file (updating the entry), or a cancelled booking's (removing it). */
  calendar?: EmailAttachment | null;
}) {
  const message = render({
    to,
    template: 'event_change',
    subject: cancelled
      ? `Your booking is cancelled: ${event.title}`
      : `Your booking has changed: ${event.title}`,
    preview: cancelled ? `${event.title}, ${event.when}: cancelled.` : `${summary}.`,
    heading: cancelled ? 'Your booking is cancelled' : 'Your booking has changed',
    greeting: greeting(firstName),
    blocks: [
      p(
        cancelled ? `We have cancelled your booking for ${event.title}, ${event.when}.` : `Done: ${summary}.`,
      ),
      ...(cancelled ? [] : facts(event)),
      ...(paid ? [p(`Paid for this change: ${paid}.`)] : []),
      p(
        refund
          ? [
              `Given back: ${refund.label}.`,
              refund.card ? 'Your bank shows a card refund within 5 to 10 working days.' : null,
              refund.credit ? 'Your store credit is ready to spend on your next order.' : null,
            ]
              .filter(Boolean)
              .join(' ')
          : 'Nothing was given back for this change.',
      ),
      ...(calendar
        ? [
            p(
              cancelled
                ? 'The calendar file attached takes the event out of your calendar.'
                : 'The calendar file attached moves the event in your calendar.',
            ),
          ]
        : []),
      button('See your booking', event.link),
    ],
    signOff: 'A presto,',
    reason: REASON,
  });
  return withFiles(message, calendar ? [calendar] : []);
}

/** To the new holder of a booking handed over: the booking, its calendar file and the dietary form. */
export function eventHandedOver({
  to,
  name,
  from,
  event,
  formUrl,
  calendar,
}: {
  to: string;
  name: string;
  /** The booker's first name. */
  from: string;
  event: EmailEvent;
  formUrl: string;
  calendar: EmailAttachment | null;
}) {
  const message = render({
    to,
    template: 'event_handed_over',
    subject: `${from} has given you their booking: ${event.title}`,
    preview: `${event.title}, ${event.when}, for ${event.guests}.`,
    heading: 'A booking for you',
    greeting: greeting(name),
    blocks: [
      p(`${from} has handed their booking at Sfoglia to you. It is paid: just come along.`),
      ...facts(event),
      p(
        'Please tell us each guest’s allergies and diets before the day. Anyone with this link can answer for one guest:',
      ),
      button('Dietary form', formUrl),
      ...(calendar ? [p('The calendar file attached adds the event to your calendar.')] : []),
    ],
    signOff: 'A presto,',
    reason: `You’re receiving this because ${from} gave you a booking at Sfoglia.`,
  });
  return withFiles(message, calendar ? [calendar] : []);
}

/** To the booker: who the booking is for now. */
export function eventTransferred({
  to,
  firstName,
  event,
  name,
  email,
}: {
  to: string;
  firstName: string;
  event: EmailEvent;
  name: string;
  email: string;
}) {
  return render({
    to,
    template: 'event_transferred',
    subject: `Your booking is now ${name}’s: ${event.title}`,
    preview: `We have sent ${name} the booking for ${event.when}.`,
    heading: 'Your booking is handed over',
    greeting: greeting(firstName),
    blocks: [
      p(
        `Your booking for ${event.title}, ${event.when}, is now for ${name} (${email}). We have emailed them the details, the calendar file and the dietary form.`,
      ),
      p('Nothing was charged or refunded. If this was a mistake, reply to this email.'),
      button('See the booking', event.link),
    ],
    signOff: 'A presto,',
    reason: REASON,
  });
}

/** Three days before: guests who have not said what they can’t eat. */
export function eventDietaryReminder({
  to,
  firstName,
  event,
  answered,
  unanswered,
  formUrl,
}: {
  to: string;
  firstName: string;
  event: EmailEvent;
  answered: string[];
  unanswered: number;
  formUrl: string;
}) {
  const still = `${unanswered} ${unanswered === 1 ? 'guest has' : 'guests have'} not told us about allergies or diets yet`;
  return render({
    to,
    template: 'event_dietary_reminder',
    subject: `${event.title} is soon: ${still}`,
    preview: `Forward the dietary form to your guests before ${event.when}.`,
    heading: 'Any allergies or diets?',
    greeting: greeting(firstName),
    blocks: [
      p(`${event.title} is on ${event.when}, and ${still}.`),
      p(answered.length > 0 ? `Answered so far: ${answered.join(', ')}.` : 'Nobody has answered yet.'),
      p('Forward this link to the rest of your guests; anyone with it can answer for one guest:'),
      button('Dietary form', formUrl),
    ],
    signOff: 'A presto,',
    reason: REASON,
  });
}

/** The day before: where, when and what to bring. */
export function eventDayBefore({
  to,
  firstName,
  event,
  bring,
}: {
  to: string;
  firstName: string;
  event: EmailEvent;
  bring: string[];
}) {
  return render({
    to,
    template: 'event_reminder',
    subject: `See you tomorrow: ${event.title}`,
    preview: `${event.when} at ${event.where}.`,
    heading: 'See you tomorrow',
    greeting: greeting(firstName),
    blocks: [
      ...facts(event),
      ...(bring.length > 0 ? [p(`Please bring: ${bring.join('; ')}.`)] : []),
      p('Please arrive 10 minutes early. If you are running late, call the restaurant.'),
      button('See your booking', event.link),
    ],
    signOff: 'A presto,',
    reason: REASON,
  });
}
