import { afterEach, describe, expect, test } from 'vitest';
import { describeError } from './delivery';
import { localTransport } from './local';
import { createSmtpTransport } from './smtp';
import { parseMail, startSmtpTestServer, type SmtpTestServer } from './smtp-test-server';
import { signInLink, welcome } from './templates';

// The transports: SMTP against a real (small, in-process) SMTP server, and the development mailbox's.

const FROM = 'Sfoglia <hello@sfoglia.example>';
const ID = '3f0c9a52-5a3e-4a8e-9d61-2b1f6f0c7e11';
const link = 'https://shop.sfoglia.example/?token=t0ken&target=%2Fmenu';

let server: SmtpTestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('createSmtpTransport', () => {
  test('sends the message as text and HTML alternatives, from us, with the outbox id as Message-ID', async () => {
    server = await startSmtpTestServer();
    const transport = createSmtpTransport(server.url, FROM);
    expect(transport.name).toBe('smtp');
    const message = { id: ID, ...signInLink({ to: 'anna@example.com', link }) };

    await transport.send(message);

    expect(server.received).toHaveLength(1);
    const mail = server.received[0]!;
    expect(mail.from).toBe('hello@sfoglia.example');
    expect(mail.to).toEqual(['anna@example.com']);
    const parsed = parseMail(mail.data);
    expect(parsed.headers.get('from')).toBe(FROM);
    expect(parsed.headers.get('to')).toBe('anna@example.com');
    expect(parsed.headers.get('subject')).toBe('Your sign-in link');
    expect(parsed.headers.get('message-id')).toBe(`<${ID}@sfoglia.example>`);
    expect(parsed.headers.get('x-sfoglia-template')).toBe('sign_in_link');
    expect(parsed.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    expect(parsed.text).toBe(message.text.replace(/\n/g, '\r\n'));
    expect(parsed.html).toBe(message.html.replace(/\n/g, '\r\n'));
  });

  test('sends attachments as MIME parts of their own beside the text and HTML', async () => {
    server = await startSmtpTestServer();
    const calendar = 'BEGIN:VCALENDAR\r\nSUMMARY:Ravioli morning – ragù\r\nEND:VCALENDAR\r\n';
    const message = {
      id: ID,
      ...signInLink({ to: 'anna@example.com', link }),
      attachments: [
        { filename: 'ravioli-morning.ics', contentType: 'text/calendar; method=PUBLISH', content: calendar },
        { filename: 'notes.txt', contentType: 'text/plain', content: 'Bring an apron.' },
      ],
    };

    await createSmtpTransport(server.url, FROM).send(message);

    const parsed = parseMail(server.received[0]!.data);
    expect(parsed.headers.get('content-type')).toMatch(/^multipart\/mixed/);
    expect(parsed.text).toBe(message.text.replace(/\n/g, '\r\n'));
    expect(parsed.html).toBe(message.html.replace(/\n/g, '\r\n'));
    expect(parsed.attachments).toHaveLength(2);
    const [ics, notes] = parsed.attachments;
    expect(ics!.filename).toBe('ravioli-morning.ics');
    expect(ics!.disposition).toMatch(/^attachment/);
    expect(ics!.contentType).toMatch(/^text\/calendar/);
    expect(ics!.contentType).toMatch(/method=PUBLISH; charset=utf-8/);
    expect(ics!.content).toBe(calendar);
    expect(notes).toMatchObject({ filename: 'notes.txt', content: 'Bring an apron.' });
    expect(notes!.contentType).toMatch(/^text\/plain/);
  });

  test('non-ASCII subjects and names survive the trip', async () => {
    server = await startSmtpTestServer();
    const message = { id: ID, ...welcome({ to: 'zoe@example.com', firstName: 'Zoë' }) };
    await createSmtpTransport(server.url, FROM).send(message);
    const parsed = parseMail(server.received[0]!.data);
    expect(parsed.text).toContain('Hello Zoë,');
    expect(parsed.html).toContain('Hello Zoë,');
  });

  test('signs in with the credentials in the URL (percent-encoded characters decoded)', async () => {
    server = await startSmtpTestServer({
      credentials: { user: 'shop@sfoglia.example', pass: 'p@ss:word/1' },
    });
    const url = `smtp://shop%40sfoglia.example:p%40ss%3Aword%2F1@127.0.0.1:${server.port}`;
    await createSmtpTransport(url, FROM).send({ id: ID, ...signInLink({ to: 'anna@example.com', link }) });
    expect(server.received[0]!.auth).toEqual({ user: 'shop@sfoglia.example', pass: 'p@ss:word/1' });
  });

  test('wrong credentials fail, and the recorded error does not carry them', async () => {
    server = await startSmtpTestServer({ credentials: { user: 'shop', pass: 'right' } });
    const url = `smtp://shop:s3cret-wrong@127.0.0.1:${server.port}`;
    const error = await createSmtpTransport(url, FROM)
      .send({ id: ID, ...signInLink({ to: 'anna@example.com', link }) })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Error);
    const line = describeError(error);
    expect(line).toMatch(/535/);
    expect(line).not.toContain('s3cret');
    expect(server.received).toHaveLength(0);
  });

  test('a recipient the server refuses is an error with the SMTP reply', async () => {
    server = await startSmtpTestServer({ rejectRecipient: (to) => to.startsWith('nobody') });
    const sending = createSmtpTransport(server.url, FROM).send({
      id: ID,
      ...signInLink({ to: 'nobody@example.com', link }),
    });
    await expect(sending).rejects.toMatchObject({ responseCode: 550 });
    expect(server.received).toHaveLength(0);
  });

  test('a server that is not there is an error, not a hang', async () => {
    server = await startSmtpTestServer();
    const url = server.url;
    await server.close();
    server = null;
    const error = await createSmtpTransport(url, FROM)
      .send({ id: ID, ...signInLink({ to: 'anna@example.com', link }) })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(describeError(error)).toMatch(/ECONNREFUSED/);
  });
});

describe('localTransport (the development mailbox)', () => {
  test('accepts a message: the outbox row is the delivered mail', async () => {
    expect(localTransport.name).toBe('mailbox');
    await expect(
      localTransport.send({ id: ID, ...signInLink({ to: 'anna@example.com', link }) }),
    ).resolves.toBeUndefined();
  });

  test('refuses a recipient an SMTP server would refuse', async () => {
    for (const to of [
      'not-an-address',
      'a@b.example, c@d.example',
      'Anna <anna@example.com>',
      'a b@example.com',
    ]) {
      await expect(localTransport.send({ id: ID, ...signInLink({ to, link }) })).rejects.toThrow(/550/);
    }
  });
});

describe('describeError', () => {
  test('one short line: code, reply code and message, credentials in URLs blanked', () => {
    const error = Object.assign(
      new Error('Invalid login: 535 Authentication failed\nfor smtp://me:hunter2@mail.example'),
      {
        code: 'EAUTH',
        responseCode: 535,
      },
    );
    const line = describeError(error);
    expect(line).toBe('EAUTH: 535: Invalid login: 535 Authentication failed for smtp://***@mail.example');
    expect(describeError(new Error('x'.repeat(1000)))).toHaveLength(300);
    expect(describeError('a string')).toBe('a string');
  });
});
