import { createServer, type Socket } from 'node:net';

// A small SMTP server for tests (RFC 5321's EHLO, AUTH PLAIN/LOGIN, MAIL, RCPT, DATA, RSET, NOOP, QUIT over
// plain TCP), so the SMTP transport is tested against a real conversation rather than a mock. Not for
// production: no TLS, no queue, messages stay in memory.

export interface ReceivedMail {
  auth: { user: string; pass: string } | null;
  from: string;
  to: string[];
  /** The message as sent after DATA, dot-unstuffed, lines joined with \r\n. */
  data: string;
}

export interface SmtpTestServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpTestServer(
  options: { credentials?: { user: string; pass: string }; rejectRecipient?: (to: string) => boolean } = {},
): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    converse(socket, options, received);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The SMTP test server has no port');
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function converse(
  socket: Socket,
  options: { credentials?: { user: string; pass: string }; rejectRecipient?: (to: string) => boolean },
  received: ReceivedMail[],
) {
  let buffer = '';
  let state: 'command' | 'data' | 'auth-plain' | 'auth-login-user' | 'auth-login-pass' = 'command';
  let auth: ReceivedMail['auth'] = null;
  let loginUser = '';
  let mail: { from: string; to: string[]; lines: string[] } | null = null;
  const reply = (line: string) => socket.write(`${line}\r\n`);
  const decode = (b64: string) => Buffer.from(b64, 'base64').toString('utf8');
  const authenticate = (user: string, pass: string) => {
    const ok =
      !options.credentials || (options.credentials.user === user && options.credentials.pass === pass);
    if (ok) auth = { user, pass };
    reply(ok ? '235 2.7.0 Authentication successful' : '535 5.7.8 Authentication credentials invalid');
    state = 'command';
  };

  reply('220 smtp.test ESMTP ready');
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (state === 'data') {
        if (line === '.') {
          received.push({ auth, from: mail!.from, to: mail!.to, data: mail!.lines.join('\r\n') });
          mail = null;
          state = 'command';
          reply('250 2.0.0 Ok: queued');
        } else {
          mail!.lines.push(line.startsWith('..') ? line.slice(1) : line);
        }
        continue;
      }
      if (state === 'auth-plain') {
        const [, user = '', pass = ''] = decode(line).split('\0');
        authenticate(user, pass);
        continue;
      }
      if (state === 'auth-login-user') {
        loginUser = decode(line);
        state = 'auth-login-pass';
        reply(`334 ${Buffer.from('Password:').toString('base64')}`);
        continue;
      }
      if (state === 'auth-login-pass') {
        authenticate(loginUser, decode(line));
        continue;
      }
      const [verb = '', ...rest] = line.split(' ');
      const argument = rest.join(' ');
      switch (verb.toUpperCase()) {
        case 'EHLO':
          reply('250-smtp.test');
          reply('250-AUTH PLAIN LOGIN');
          reply('250-8BITMIME');
          reply('250 SIZE 10485760');
          break;
        case 'HELO':
          reply('250 smtp.test');
          break;
        case 'AUTH': {
          const [mechanism = '', initial] = argument.split(' ');
          if (mechanism.toUpperCase() === 'PLAIN') {
            if (initial) {
              const [, user = '', pass = ''] = decode(initial).split('\0');
              authenticate(user, pass);
            } else {
              state = 'auth-plain';
              reply('334 ');
            }
          } else if (mechanism.toUpperCase() === 'LOGIN') {
            state = 'auth-login-user';
            reply(`334 ${Buffer.from('Username:').toString('base64')}`);
          } else {
            reply('504 5.5.4 Unrecognized authentication type');
          }
          break;
        }
        case 'MAIL':
          if (options.credentials && !auth) {
            reply('530 5.7.0 Authentication required');
            break;
          }
          mail = { from: /<([^>]*)>/.exec(argument)?.[1] ?? '', to: [], lines: [] };
          reply('250 2.1.0 Ok');
          break;
        case 'RCPT': {
          const to = /<([^>]*)>/.exec(argument)?.[1] ?? '';
          if (!mail) reply('503 5.5.1 Need MAIL first');
          else if (options.rejectRecipient?.(to)) reply('550 5.1.1 Recipient address rejected: User unknown');
          else {
            mail.to.push(to);
            reply('250 2.1.5 Ok');
          }
          break;
        }
        case 'DATA':
          if (!mail || mail.to.length === 0) reply('503 5.5.1 Need RCPT first');
          else {
            state = 'data';
            reply('354 End data with <CR><LF>.<CR><LF>');
          }
          break;
        case 'RSET':
          mail = null;
          reply('250 2.0.0 Ok');
          break;
        case 'NOOP':
          reply('250 2.0.0 Ok');
          break;
        case 'QUIT':
          reply('221 2.0.0 Bye');
          socket.end();
          break;
        default:
          reply('502 5.5.2 Command not recognised');
      }
    }
  });
}

export interface ParsedAttachment {
  filename: string;
  contentType: string;
  disposition: string;
  content: string;
}

/**
 * Headers (lower-cased names, unfolded), the decoded text/plain and text/html parts of a message, and its
 * attachments (parts with `Content-Disposition: attachment`), multiparts read at any depth.
 */
export function parseMail(data: string): {
  headers: Map<string, string>;
  text: string;
  html: string;
  attachments: ParsedAttachment[];
} {
  const { headers, body } = splitHeaders(data);
  const leaves = leafParts(headers, body);
  const isAttachment = (part: Part) => /^attachment/i.test(part.headers.get('content-disposition') ?? '');
  const find = (type: string) => {
    const part = leaves.find(
      (p) => !isAttachment(p) && (p.headers.get('content-type') ?? '').startsWith(type),
    );
    return part ? decodeBody(part) : '';
  };
  const attachments = leaves.filter(isAttachment).map((part) => {
    const disposition = part.headers.get('content-disposition') ?? '';
    return {
      filename: /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '',
      contentType: part.headers.get('content-type') ?? '',
      disposition,
      content: decodeBody(part),
    };
  });
  return { headers, text: find('text/plain'), html: find('text/html'), attachments };
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function leafParts(headers: Map<string, string>, body: string): Part[] {
  const contentType = headers.get('content-type') ?? '';
  const boundary = /^multipart\//i.test(contentType) ? /boundary="?([^";]+)"?/i.exec(contentType)?.[1] : null;
  if (!boundary) return [{ headers, body }];
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((raw) => {
      const part = splitHeaders(raw.replace(/^\r\n/, ''));
      return leafParts(part.headers, part.body);
    });
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  const raw = part.body.replace(/\r\n$/, '');
  if (encoding === 'base64') return Buffer.from(raw, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = raw
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return raw;
}

function splitHeaders(data: string): { headers: Map<string, string>; body: string } {
  const end = data.indexOf('\r\n\r\n');
  const head = end >= 0 ? data.slice(0, end) : data;
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: end >= 0 ? data.slice(end + 4) : '' };
}
