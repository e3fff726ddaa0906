import type { EmailTransport } from './index';

/**
 * The embedded transport (architecture decision 8), used when SMTP_URL is not set. The outbox row *is* the
 * delivered message: the development mailbox (/dev/mailbox, ./mailbox.routes.ts) is the inbox that shows
 * it, and browser tests read their links from it. So handing a message over means accepting it, and the
 * row then goes through the same claim, send and record steps as in production (pending → sent), which
 * keeps the delivery loop exercised on every machine.
 *
 * Like an SMTP server at RCPT TO, it refuses a recipient that is not a single plain address, so such a
 * message fails, backs off and ends `failed` here as it would in production.
 */
export const localTransport: EmailTransport = {
  name: 'mailbox',
  async send(message) {
    if (!/^[^\s@<>,;"]+@[^\s@<>,;"]+$/.test(message.to)) {
      throw new Error('550 5.1.3 Bad recipient address syntax');
    }
  },
};
