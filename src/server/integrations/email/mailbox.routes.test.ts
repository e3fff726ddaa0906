import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { outbox } from '../../db/schema/email';
import { createTestApp, PRODUCTION, type TestApp } from '../../test/harness';
import { enqueueEmail } from './index';
import { mailboxRoutes } from './mailbox.routes';
import { accountExists, signInLink, welcome } from './templates';

// The development mailbox (architecture decision 8): /dev/mailbox lists the outbox newest first, filters by
// recipient, shows one message (plain text and the HTML in a sandboxed frame), and /dev/mailbox.json gives
// browser tests each message's links. Disabled, the routes do not exist.

let t: TestApp;
let app: FastifyInstance;
const ids: Record<string, string> = {};
const signIn = 'https://shop.sfoglia.example/?token=s1gn&target_url=%2Fmenu';
const reset = 'https://shop.sfoglia.example/forgot-password/reset?token=r3set';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await db.delete(outbox);
  // Oldest first.
  await enqueueEmail(db, welcome({ to: 'anna@example.com', firstName: 'Anna' }));
  await enqueueEmail(db, signInLink({ to: 'bob@example.com', link: signIn }));
  await enqueueEmail(db, accountExists({ to: 'anna@example.com', signInLink: signIn, resetLink: reset }));
  await enqueueEmail(db, {
    to: 'eve"<b>@example.com',
    template: 'welcome',
    subject: '<script>alert("subject")</script>',
    text: 'Hi </pre><script>alert(1)</script> see https://evil.example/x?a=1&b=2.',
    html: '<html><head><title>x</title></head><body><p>Hi</p><script>alert("in frame")</script>"quoted" &amp; more</body></html>',
  });
  for (const row of await db
    .select({ id: outbox.id, template: outbox.template, to: outbox.to })
    .from(outbox)) {
    ids[`${row.template}:${row.to}`] = row.id;
  }
  // Their times a second apart, oldest first: two statements in the same millisecond (a fast or a busy
  // machine) would otherwise tie, and the list's order among them would be the ids' (seen once in CI).
  const sent = [
    'welcome:anna@example.com',
    'sign_in_link:bob@example.com',
    'account_exists:anna@example.com',
  ];
  const at = Date.parse('2026-11-18T09:00:00Z');
  for (const [index, key] of [...sent, 'welcome:eve"<b>@example.com'].entries()) {
    await db
      .update(outbox)
      .set({ createdAt: new Date(at + index * 1000) })
      .where(eq(outbox.id, ids[key]!));
  }
  await db.update(outbox).set({ status: 'sent', sentAt: new Date() }).where(eq(outbox.to, 'bob@example.com'));
  app = Fastify();
  await app.register(mailboxRoutes, { db, enabled: true });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const get = (url: string) => app.inject({ method: 'GET', url });
const order = (html: string, needles: string[]) => needles.map((needle) => html.indexOf(needle));

describe('GET /dev/mailbox', () => {
  test('lists every message newest first: subject, recipient, template, time and status', async () => {
    const response = await get('/dev/mailbox');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'/);
    const html = response.body;
    expect(html).toMatch(/^<!doctype html>\n<html lang="en-GB">/);
    expect(html).toContain('<meta name="viewport"');
    expect(html).toMatch(/<h1>Mailbox<\/h1>/);
    expect(html).toContain('<label for="to">Recipient</label>');
    expect(html).toContain('<input id="to" name="to" type="email"');
    const positions = order(html, [
      '&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;',
      'You already have a Sfoglia account',
      'Your sign-in link',
      'Welcome to Sfoglia',
    ]);
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(html).toContain(`href="/dev/mailbox/${ids['sign_in_link:bob@example.com']}"`);
    expect(html).toContain('<dd>sign_in_link</dd>');
    expect(html).toContain('<span class="status status-sent">sent</span>');
    expect(html).toContain('<span class="status status-pending">pending</span>');
    expect(html).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[^"]+Z">/);
  });

  test('escapes everything that came from a message', async () => {
    const html = (await get('/dev/mailbox')).body;
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
    expect(html).toContain('eve&quot;&lt;b&gt;@example.com');
  });

  test('filters by recipient, whatever the case', async () => {
    const response = await get('/dev/mailbox?to=Anna%40Example.com');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Messages to Anna@Example.com</h1>');
    expect(response.body).toContain('value="Anna@Example.com"');
    expect(response.body).toContain('You already have a Sfoglia account');
    expect(response.body).toContain('Welcome to Sfoglia');
    expect(response.body).not.toContain('Your sign-in link');
    expect(response.body).toContain('<a href="/dev/mailbox">Show everyone’s</a>');
  });

  test('says so when there is nothing, and refuses a repeated filter', async () => {
    const none = await get('/dev/mailbox?to=nobody%40example.com');
    expect(none.body).toContain('No messages to nobody@example.com yet.');
    const repeated = await get('/dev/mailbox?to=a%40example.com&to=b%40example.com');
    expect(repeated.statusCode).toBe(400);
    expect(repeated.body).toContain('<h1>Bad request</h1>');
  });
});

describe('GET /dev/mailbox.json', () => {
  test('gives a recipient’s messages, newest first, with the links of their text in order', async () => {
    const response = await get('/dev/mailbox.json?to=anna%40example.com');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const { messages } = response.json() as { messages: Record<string, unknown>[] };
    expect(messages).toHaveLength(2);
    expect(messages[0]).toEqual({
      id: ids['account_exists:anna@example.com'],
      to: 'anna@example.com',
      subject: 'You already have a Sfoglia account',
      template: 'account_exists',
      text: expect.stringContaining(signIn),
      html: expect.stringContaining(
        '<a href="https://shop.sfoglia.example/?token=s1gn&amp;target_url=%2Fmenu"',
      ),
      status: 'pending',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      links: [signIn, reset],
      attachments: [],
    });
    expect(messages[1]).toMatchObject({ template: 'welcome', links: [] });
    expect(Date.parse(messages[0]!.created_at as string)).toBeGreaterThanOrEqual(
      Date.parse(messages[1]!.created_at as string),
    );
  });

  test('without a filter, every message; links stop before sentence punctuation', async () => {
    const { messages } = (await get('/dev/mailbox.json')).json() as {
      messages: { to: string; links: string[] }[];
    };
    expect(messages.map((m) => m.to)).toEqual([
      'eve"<b>@example.com',
      'anna@example.com',
      'bob@example.com',
      'anna@example.com',
    ]);
    expect(messages[0]!.links).toEqual(['https://evil.example/x?a=1&b=2']);
    expect(messages[2]!.links).toEqual([signIn]);
  });
});

describe('GET /dev/mailbox/:id', () => {
  test('shows the message: facts, links, plain text and the HTML in a sandboxed frame', async () => {
    const id = ids['account_exists:anna@example.com']!;
    const response = await get(`/dev/mailbox/${id}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<html lang="en-GB">');
    expect(html).toContain('<h1>You already have a Sfoglia account</h1>');
    expect(html).toContain('<dt>To</dt><dd>anna@example.com</dd>');
    expect(html).toContain('<dt>Attempts</dt><dd>0</dd>');
    expect(html).toContain('<h2 id="links">Links</h2>');
    expect(html).toContain(`<li><a href="${signIn.replace(/&/g, '&amp;')}">`);
    expect(html).toContain('<h2 id="text">Plain text</h2>');
    expect(html).toContain('<pre>Hello,\n\nSomeone, probably you,');
    const frame = /<iframe ([^>]*)><\/iframe>/.exec(html)?.[1] ?? '';
    expect(frame).toMatch(/^title="[^"]+" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="/);
    expect(frame).not.toMatch(/allow-scripts|allow-same-origin/);
    const srcdoc = /srcdoc="([^"]*)"/.exec(frame)?.[1] ?? '';
    expect(srcdoc).toMatch(/^&lt;!doctype html&gt;/);
    expect(srcdoc).toContain('&lt;head&gt;&lt;base target=&quot;_blank&quot;&gt;');
    expect(srcdoc).not.toMatch(/[<>"]/);
    expect(html).toContain(`href="/dev/mailbox?to=anna%40example.com"`);
  });

  test('escapes a hostile message in every part of the page', async () => {
    const id = ids['welcome:eve"<b>@example.com']!;
    const html = (await get(`/dev/mailbox/${id}`)).body;
    expect(html).not.toMatch(/<script|<b>/);
    expect(html).toContain(
      '<title>&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt; · Sfoglia development mailbox</title>',
    );
    expect(html).toContain('<pre>Hi &lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain(
      '&lt;script&gt;alert(&quot;in frame&quot;)&lt;/script&gt;&quot;quoted&quot; &amp;amp; more',
    );
    expect(html).toContain(`href="/dev/mailbox?to=${encodeURIComponent('eve"<b>@example.com')}"`);
  });

  test('an unknown or malformed id is a 404 page, not an error', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const response = await get(`/dev/mailbox/${encodeURIComponent(id)}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<h1>Message not found</h1>');
    }
  });
});

describe('disabled (production)', () => {
  test('the routes do not exist', async () => {
    const off = Fastify();
    await off.register(mailboxRoutes, { db: t.database.db, enabled: false });
    await off.ready();
    try {
      expect(off.printRoutes()).not.toContain('mailbox');
      for (const url of [
        '/dev/mailbox',
        '/dev/mailbox.json?to=anna%40example.com',
        `/dev/mailbox/${ids['welcome:anna@example.com']}`,
      ]) {
        expect((await off.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    } finally {
      await off.close();
    }
  });

  test('the shop in production has no mailbox either', async () => {
    const production = await createTestApp({ ...PRODUCTION, MAILBOX: 'true' });
    try {
      expect(production.config.email.mailbox).toBe(false);
      const response = await production.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
      expect(response.statusCode).toBe(404);
      expect((await production.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('attachments', () => {
  const calendar = 'BEGIN:VCALENDAR\r\nSUMMARY:Ravioli morning – ragù\r\nEND:VCALENDAR\r\n';
  let id = '';
  beforeAll(async () => {
    const db = t.database.db;
    await enqueueEmail(db, {
      ...welcome({ to: 'cal@example.com', firstName: 'Cal' }),
      attachments: [
        {
          filename: 'Ravioli morning – Sat.ics',
          contentType: 'text/calendar; method=PUBLISH',
          content: calendar,
        },
        { filename: 'x"y.html', contentType: 'text/html<script>', content: '<script>alert(1)</script>' },
      ],
    });
    const [row] = await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.to, 'cal@example.com'));
    id = row!.id;
  });

  test('the message page lists each file with a link to download it; the list names them', async () => {
    const html = (await get(`/dev/mailbox/${id}`)).body;
    expect(html).toContain('<h2 id="attachments">Attachments</h2>');
    expect(html).toContain(
      `<li><a href="/dev/mailbox/${id}/attachments/0" download>Ravioli morning – Sat.ics</a> (text/calendar; method=PUBLISH)</li>`,
    );
    expect(html).toContain(`<a href="/dev/mailbox/${id}/attachments/1" download>x&quot;y.html</a>`);
    expect(html).not.toContain('<script');
    const list = (await get('/dev/mailbox?to=cal%40example.com')).body;
    expect(list).toContain('<dt>Attachments</dt><dd>Ravioli morning – Sat.ics, x&quot;y.html</dd>');
    const plain = (await get(`/dev/mailbox/${ids['welcome:anna@example.com']}`)).body;
    expect(plain).not.toContain('Attachments');
  });

  test('the JSON names each file and where to get it', async () => {
    const { messages } = (await get('/dev/mailbox.json?to=cal%40example.com')).json() as {
      messages: { attachments: unknown[] }[];
    };
    expect(messages[0]!.attachments).toEqual([
      {
        filename: 'Ravioli morning – Sat.ics',
        content_type: 'text/calendar; method=PUBLISH',
        url: `/dev/mailbox/${id}/attachments/0`,
      },
      { filename: 'x"y.html', content_type: 'text/html<script>', url: `/dev/mailbox/${id}/attachments/1` },
    ]);
  });

  test('downloads a file as sent, with its type and a download name', async () => {
    const response = await get(`/dev/mailbox/${id}/attachments/0`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; method=PUBLISH; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Ravioli morning _ Sat.ics"; filename*=UTF-8''Ravioli%20morning%20%E2%80%93%20Sat.ics`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toBe(calendar);
  });

  test('a malformed type is downloaded as bytes, and a quote cannot leave the file name', async () => {
    const response = await get(`/dev/mailbox/${id}/attachments/1`);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="x_y.html"; filename*=UTF-8''x%22y.html`,
    );
  });

  test('a file that is not there is a 404 page', async () => {
    for (const url of [
      `/dev/mailbox/${id}/attachments/2`,
      `/dev/mailbox/${id}/attachments/-1`,
      `/dev/mailbox/${id}/attachments/x`,
      `/dev/mailbox/${ids['welcome:anna@example.com']}/attachments/0`,
      '/dev/mailbox/00000000-0000-4000-8000-000000000000/attachments/0',
      '/dev/mailbox/not-a-uuid/attachments/0',
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<h1>Attachment not found</h1>');
    }
  });
});
