import nodemailer from 'nodemailer';
import type { EmailTransport } from './index';

// The production transport: any SMTP server (a provider's relay or our own) named by SMTP_URL, e.g.
// smtps://user:password@smtp.example.com:465. Options can ride on the URL as nodemailer reads them
// (?pool=true, ?requireTLS=true, …).

/**
 * nodemailer waits up to 2 minutes to connect and 10 minutes on a silent socket. The delivery loop leases a
 * message for a few minutes (./delivery.ts), so a send must give up well before the lease ends; these
 * shorter limits apply unless the URL sets its own.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

export function createSmtpTransport(smtpUrl: string, from: string): EmailTransport {
  const transporter = nodemailer.createTransport(withTimeouts(smtpUrl));
  const domain = /@([^\s<>@]+?)>?\s*$/.exec(from)?.[1] ?? 'sfoglia.invalid';
  return {
    name: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        // One Message-ID per outbox row: should a message ever go out twice (a crash between sending and
        // recording it), mail clients recognise the copy.
        messageId: `<${message.id}@${domain}>`,
        headers: { 'X-Sfoglia-Template': message.template },
        // Each file its own MIME part (multipart/mixed around the text and HTML), its text as UTF-8.
        attachments: message.attachments?.map(({ filename, contentType, content }) => ({
          filename,
          contentType:
            /^text\//i.test(contentType) && !/;\s*charset=/i.test(contentType)
              ? `${contentType}; charset=utf-8`
              : contentType,
          content: Buffer.from(content, 'utf8'),
        })),
      });
    },
  };
}

function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, ms] of Object.entries(TIMEOUTS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  }
  return url.toString();
}
