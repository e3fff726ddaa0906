import type { EmailMessage } from './index';
import { button, greeting, p, render } from './templates';

// The emails of a support question (issue 23 part 5; decision 30): the asker's copy with its reference, the
// support inbox's copy of each new question and reply, and the team's answer, which carries the answer in
// full and a link to the conversation in the account.
//
// An asker's own words are quoted back only to an address we know is theirs (a signed-in customer with a
// confirmed email). Anyone can type any address into the form, so a copy to an unconfirmed address says what
// the question was about, never what was written: the form cannot be used to send our email with a
// stranger's text in it.

const REASON = 'You’re receiving this because you asked Sfoglia for help.';
const INBOX_REASON = 'Sent to the support inbox by the shop.';

export interface SupportEmailTicket {
  /** "SF-7K3P-Q2MX". */
  reference: string;
  /** "An order or delivery". */
  topic: string;
  /** "#1042 · Pasta Now · Wed 18 Nov", when the question is about an order. */
  orderLabel: string | null;
}

function about(ticket: SupportEmailTicket) {
  return [
    p(`Reference: ${ticket.reference}`),
    p(`About: ${ticket.topic}`),
    ...(ticket.orderLabel ? [p(`Order: ${ticket.orderLabel}`)] : []),
  ];
}

/** The asker's copy: the reference, what happens next, and (to a known address) what they wrote. */
export function supportTicketReceived({
  to,
  firstName,
  ticket,
  message,
  accountUrl,
}: {
  to: string;
  firstName: string;
  ticket: SupportEmailTicket;
  /** What they wrote: only for a confirmed address of their own (see above). */
  message: string | null;
  /** Their questions in the account, for a customer; null for a visitor. */
  accountUrl: string | null;
}): EmailMessage {
  return render({
    to,
    template: 'support_ticket_received',
    subject: `We’ve got your question (${ticket.reference})`,
    preview: `Our team answers within one working day. Quote ${ticket.reference} if you write again.`,
    heading: 'We’ve got your question',
    greeting: greeting(firstName),
    blocks: [
      p(
        'Thank you for getting in touch. A member of our team will answer by email within one working day (usually much sooner).',
      ),
      ...about(ticket),
      ...(message
        ? [p(`You wrote:\n${message}`)]
        : [
            p(
              'If you didn’t ask us anything, someone may have typed your address by mistake: you can ignore this email.',
            ),
          ]),
      ...(accountUrl ? [button('See your questions', accountUrl)] : []),
    ],
    signOff: 'Speak soon,',
    reason: REASON,
  });
}

/** The support inbox's copy of a new question. */
export function supportTicketNew({
  to,
  ticket,
  from,
  signedIn,
  message,
  inboxUrl,
}: {
  to: string;
  ticket: SupportEmailTicket;
  /** "Ada Lovelace <ada@example.com>". */
  from: string;
  signedIn: boolean;
  message: string;
  inboxUrl: string;
}): EmailMessage {
  return render({
    to,
    template: 'support_ticket_new',
    subject: `[${ticket.reference}] ${ticket.topic}`,
    preview: `From ${from}${signedIn ? '' : ' (not signed in)'}`,
    heading: 'A new question',
    greeting: 'Hello team,',
    blocks: [
      p(`From: ${from}${signedIn ? ', signed in' : ', a visitor (not signed in)'}`),
      ...about(ticket),
      p(message),
      button('Answer it', inboxUrl),
    ],
    reason: INBOX_REASON,
  });
}

/** The support inbox's copy of a customer's reply on a ticket. */
export function supportTicketReply({
  to,
  ticket,
  from,
  message,
  inboxUrl,
}: {
  to: string;
  ticket: SupportEmailTicket;
  from: string;
  message: string;
  inboxUrl: string;
}): EmailMessage {
  return render({
    to,
    template: 'support_ticket_reply',
    subject: `[${ticket.reference}] A reply from ${from}`,
    preview: message.slice(0, 90),
    heading: 'A reply to answer',
    greeting: 'Hello team,',
    blocks: [p(`From: ${from}`), ...about(ticket), p(message), button('Answer it', inboxUrl)],
    reason: INBOX_REASON,
  });
}

/** The team's answer: in full, and where to read the conversation or reply. */
export function supportAnswer({
  to,
  firstName,
  ticket,
  answer,
  answeredBy,
  accountUrl,
  askUrl,
}: {
  to: string;
  firstName: string;
  ticket: SupportEmailTicket;
  answer: string;
  /** "Gia from Sfoglia". */
  answeredBy: string;
  /** The ticket in the account, for a customer's; null for a visitor's. */
  accountUrl: string | null;
  /** The support form, for a visitor to write again. */
  askUrl: string;
}): EmailMessage {
  return render({
    to,
    template: 'support_answer',
    subject: `Our answer to your question (${ticket.reference})`,
    preview: answer.slice(0, 90),
    heading: 'We’ve answered your question',
    greeting: greeting(firstName),
    blocks: [
      p(`${answeredBy} wrote:\n${answer}`),
      ...about(ticket),
      ...(accountUrl
        ? [
            p('You can read the conversation and reply in your account.'),
            button('Read and reply', accountUrl),
          ]
        : [
            p(`Need anything else? Ask us again and quote ${ticket.reference}.`),
            button('Ask us again', askUrl),
          ]),
    ],
    signOff: 'Speak soon,',
    reason: REASON,
  });
}
