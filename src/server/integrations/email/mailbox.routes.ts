import type { FastifyInstance, FastifyReply } from 'fastify';
import { desc, eq, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema/email';
import { escapeHtml, extractLinks } from './html';

// The development mailbox (architecture decision 8): the email outbox read as an inbox, for people at
// /dev/mailbox and for browser tests at /dev/mailbox.json (they follow sign-in and confirmation links from
// it). It shows every recipient's mail, sign-in links included, so it exists only when `enabled`
// (config.email.mailbox: never in production); otherwise these routes are not registered at all.

export interface MailboxOptions {
  db: Db;
  enabled: boolean;
}

/** The newest messages shown (and returned as JSON). */
export const MAILBOX_LIMIT = 200;

const listQuery = z.object({ to: z.optional(z.string().check(z.maxLength(320))) });
const uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));
const messageParams = z.object({ id: uuid });
const attachmentParams = z.object({ id: uuid, index: z.string().check(z.regex(/^\d{1,3}$/)) });

// Styles inline in the page (and the email's own inline styles in the frame); nothing else loads, no script
// runs. A srcdoc frame inherits this policy, so it backs up the frame's sandbox.
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

type Row = typeof outbox.$inferSelect;

export async function mailboxRoutes(app: FastifyInstance, { db, enabled }: MailboxOptions) {
  if (!enabled) return;

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    }
    return payload;
  });

  const list = (to: string | undefined) =>
    db
      .select()
      .from(outbox)
      .where(to ? eq(sql`lower(${outbox.to})`, to.trim().toLowerCase()) : undefined)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(MAILBOX_LIMIT);

  app.get('/dev/mailbox', { schema: { hide: true } }, async (request, reply) => {
    const query = listQuery.safeParse(request.query);
    if (!query.success) return sendPage(reply, 400, 'Bad request', badRequest());
    const to = query.data.to?.trim() || undefined;
    return sendPage(reply, 200, to ? `Mailbox: ${to}` : 'Mailbox', listPage(await list(to), to));
  });

  app.get('/dev/mailbox.json', { schema: { hide: true } }, async (request, reply) => {
    const query = listQuery.safeParse(request.query);
    if (!query.success) {
      return reply.status(400).send({ error: 'Give at most one "to" query parameter, an email address.' });
    }
    const rows = await list(query.data.to?.trim() || undefined);
    return reply.send({
      messages: rows.map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        template: row.template,
        text: row.text,
        html: row.html,
        status: row.status,
        created_at: row.createdAt.toISOString(),
        links: extractLinks(row.text),
        attachments: (row.attachments ?? []).map((file, index) => ({
          filename: file.filename,
          content_type: file.contentType,
          url: attachmentUrl(row.id, index),
        })),
      })),
    });
  });

  app.get('/dev/mailbox/:id', { schema: { hide: true } }, async (request, reply) => {
    const params = messageParams.safeParse(request.params);
    const [row] = params.success ? await db.select().from(outbox).where(eq(outbox.id, params.data.id)) : [];
    if (!row) return sendPage(reply, 404, 'Message not found', notFound('message'));
    return sendPage(reply, 200, row.subject, messagePage(row));
  });

  // A file as it was sent, downloaded (never shown in the mailbox's page: its type is the sender's).
  app.get('/dev/mailbox/:id/attachments/:index', { schema: { hide: true } }, async (request, reply) => {
    const params = attachmentParams.safeParse(request.params);
    const [row] = params.success
      ? await db.select({ attachments: outbox.attachments }).from(outbox).where(eq(outbox.id, params.data.id))
      : [];
    const file = params.success ? row?.attachments?.[Number(params.data.index)] : undefined;
    if (!file) return sendPage(reply, 404, 'Attachment not found', notFound('attachment'));
    return reply
      .status(200)
      .header('content-type', downloadType(file.contentType))
      .header('content-disposition', contentDisposition(file.filename))
      .header('x-content-type-options', 'nosniff')
      .send(file.content);
  });
}

function attachmentUrl(id: string, index: number): string {
  return `/dev/mailbox/${id}/attachments/${index}`;
}

/** The stored type when it is a well-formed MIME type (text with its charset), else bytes to save. */
function downloadType(contentType: string): string {
  const type = contentType.trim();
  if (!/^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w.+-]+=("[^"\r\n]*"|[\w.+-]+))*$/.test(type)) {
    return 'application/octet-stream';
  }
  return /^text\//i.test(type) && !/;\s*charset=/i.test(type) ? `${type}; charset=utf-8` : type;
}

/** `attachment` with an ASCII fallback name and the real one in RFC 5987 form. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_').trim() || 'attachment';
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function sendPage(reply: FastifyReply, status: number, title: string, main: string) {
  return reply.status(status).type('text/html; charset=utf-8').send(page(title, main));
}

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  dateStyle: 'medium',
  timeStyle: 'medium',
});

function time(date: Date): string {
  return `<time datetime="${date.toISOString()}">${escapeHtml(timeFormat.format(date))}</time>`;
}

function status(row: Row): string {
  return `<span class="status status-${row.status}">${escapeHtml(row.status)}</span>`;
}

function meta(items: [string, string][]): string {
  return `<dl class="meta">${items.map(([term, value]) => `<div><dt>${term}</dt><dd>${value}</dd></div>`).join('')}</dl>`;
}

function listFacts(row: Row): [string, string][] {
  const facts: [string, string][] = [
    ['To', escapeHtml(row.to)],
    ['Template', escapeHtml(row.template)],
    ['Time', time(row.createdAt)],
    ['Status', status(row)],
  ];
  const files = row.attachments ?? [];
  if (files.length > 0)
    facts.push(['Attachments', escapeHtml(files.map((file) => file.filename).join(', '))]);
  return facts;
}

function listPage(rows: Row[], to: string | undefined): string {
  const items = rows
    .map(
      (row) => `<li>
<a class="subject" href="/dev/mailbox/${row.id}">${escapeHtml(row.subject)}</a>
${meta(listFacts(row))}
</li>`,
    )
    .join('\n');
  const empty = to ? `No messages to ${escapeHtml(to)} yet.` : 'No messages yet.';
  const more = rows.length === MAILBOX_LIMIT ? `<p>Showing the newest ${MAILBOX_LIMIT}.</p>` : '';
  return `<h1>${to ? `Messages to ${escapeHtml(to)}` : 'Mailbox'}</h1>
<form class="filter" method="get" action="/dev/mailbox" role="search" aria-label="Filter messages">
<div><label for="to">Recipient</label><input id="to" name="to" type="email" autocomplete="off" value="${escapeHtml(to ?? '')}"></div>
<button type="submit">Show their messages</button>
${to ? '<a href="/dev/mailbox">Show everyone’s</a>' : ''}
</form>
${rows.length === 0 ? `<p>${empty}</p>` : `<ol class="messages" aria-label="Messages, newest first">\n${items}\n</ol>${more}`}`;
}

function messagePage(row: Row): string {
  const links = extractLinks(row.text);
  const facts: [string, string][] = [
    ['To', escapeHtml(row.to)],
    ['Template', escapeHtml(row.template)],
    ['Time', time(row.createdAt)],
    ['Status', status(row)],
    ['Attempts', String(row.attempts)],
  ];
  if (row.sentAt) facts.push(['Sent', time(row.sentAt)]);
  if (row.lastError) facts.push(['Last error', escapeHtml(row.lastError)]);
  const files = row.attachments ?? [];
  return `<nav aria-label="Mailbox"><a href="/dev/mailbox?to=${encodeURIComponent(row.to)}">Messages to ${escapeHtml(row.to)}</a> · <a href="/dev/mailbox">All messages</a></nav>
<h1>${escapeHtml(row.subject)}</h1>
${meta(facts)}
${
  links.length > 0
    ? `<section aria-labelledby="links"><h2 id="links">Links</h2>
<ol>${links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ol></section>`
    : ''
}
${
  files.length > 0
    ? `<section aria-labelledby="attachments"><h2 id="attachments">Attachments</h2>
<ol>${files.map((file, index) => `<li><a href="${attachmentUrl(row.id, index)}" download>${escapeHtml(file.filename)}</a> (${escapeHtml(file.contentType)})</li>`).join('')}</ol></section>`
    : ''
}
<section aria-labelledby="text"><h2 id="text">Plain text</h2>
<pre>${escapeHtml(row.text)}</pre></section>
<section aria-labelledby="html"><h2 id="html">HTML</h2>
<iframe title="The HTML version of this email" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(linksInNewTab(row.html))}"></iframe></section>`;
}

/** Links in the framed email open in a new tab: the frame may not navigate itself or this page. */
function linksInNewTab(html: string): string {
  const base = '<base target="_blank">';
  return /<head(\s[^>]*)?>/i.test(html)
    ? html.replace(/<head(\s[^>]*)?>/i, (head) => head + base)
    : base + html;
}

function notFound(what: 'message' | 'attachment'): string {
  return what === 'message'
    ? `<h1>Message not found</h1>
<p>There is no message with that id. <a href="/dev/mailbox">Back to the mailbox</a>.</p>`
    : `<h1>Attachment not found</h1>
<p>That message has no such attachment. <a href="/dev/mailbox">Back to the mailbox</a>.</p>`;
}

function badRequest(): string {
  return `<h1>Bad request</h1>
<p>Filter by one recipient email address. <a href="/dev/mailbox">Back to the mailbox</a>.</p>`;
}

function page(title: string, main: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Sfoglia development mailbox</title>
<style>${STYLES}</style>
</head>
<body>
<header><p><strong>Sfoglia</strong> development mailbox: the emails the shop has sent, kept here instead of going out.</p></header>
<main>
${main}
</main>
</body>
</html>
`;
}

const STYLES = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#fbf8f3;color:#2f2a26}
header{background:#576458;color:#fff;padding:12px 16px}
header p{margin:0 auto;max-width:960px;font-size:15px}
main{max-width:960px;margin:0 auto;padding:16px}
h1{font-family:Georgia,"Times New Roman",serif;font-weight:normal;font-size:28px;color:#3f4a40;margin:8px 0 16px;overflow-wrap:anywhere}
h2{font-size:18px;margin:24px 0 8px}
a{color:#8a3619}
nav{font-size:15px}
.filter{display:flex;flex-wrap:wrap;align-items:flex-end;gap:8px 12px;margin:0 0 20px}
.filter label{display:block;font-weight:600;font-size:14px;margin-bottom:2px}
.filter input{font:inherit;padding:8px 10px;border:1px solid #7a736b;border-radius:6px;width:20rem;max-width:100%;background:#fff}
.filter button{font:inherit;font-weight:600;padding:8px 16px;border:0;border-radius:6px;background:#a8431f;color:#fff;cursor:pointer}
.filter input:focus-visible,.filter button:focus-visible,a:focus-visible{outline:3px solid #576458;outline-offset:2px}
.messages{list-style:none;margin:0;padding:0}
.messages li{background:#fff;border:1px solid #e8e1d6;border-radius:8px;padding:12px 14px;margin:0 0 10px}
.subject{font-weight:600;overflow-wrap:anywhere}
.meta{display:flex;flex-wrap:wrap;gap:4px 18px;margin:6px 0 0;font-size:14px;color:#4f4a45}
.meta div{display:flex;gap:6px;min-width:0}
.meta dt{font-weight:600}
.meta dd{margin:0;overflow-wrap:anywhere}
.status{display:inline-block;padding:0 8px;border-radius:999px;font-size:13px;font-weight:600}
.status-pending{background:#fff1cc;color:#5c4000}
.status-sent{background:#e1ece2;color:#24452a}
.status-failed{background:#fbe1d8;color:#7d260e}
section ol{padding-left:1.4em;overflow-wrap:anywhere}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;border:1px solid #e8e1d6;border-radius:8px;padding:12px 14px;font-size:14px;margin:0}
iframe{display:block;width:100%;height:70vh;min-height:480px;border:1px solid #e8e1d6;border-radius:8px;background:#fff}
`;
