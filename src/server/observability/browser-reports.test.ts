import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { loadConfig, publicConfig } from '../config';
import { contentSecurityPolicy } from '../http/content-security';
import { CONFIG_PLACEHOLDER, registerWebApp } from '../http/web-app';

// The browser's error reports (issue 25 part 6): a page names SENTRY_BROWSER_DSN and its own request id only
// when the DSN is set, and the Content-Security-Policy lets the browser reach exactly that DSN's host.

const INDEX = `<!doctype html><html><head>${CONFIG_PLACEHOLDER}</head><body><div id="root"></div></body></html>`;
const DSN = 'https://public0123@o42.ingest.de.sentry.io/77';
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function pageWith(dsn: string | null) {
  const dir = mkdtempSync(join(tmpdir(), 'sfoglia-reports-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'index.html'), INDEX);
  const app = Fastify({ genReqId: () => 'page-request-0001' });
  await registerWebApp(app, {
    distDir: dir,
    config: publicConfig(loadConfig({ NODE_ENV: 'test' })),
    errorReportingDsn: dsn,
    publicUrl: 'http://localhost:3000',
    page: async () => ({ bootstrap: null, variant: '' }),
    cacheMs: 0,
  });
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('SENTRY_BROWSER_DSN', () => {
  test('set: the page names it and its request id; the policy allows its host and nothing more', async () => {
    const html = await pageWith(DSN);
    expect(html).toContain(`<meta name="sfoglia-error-reports" content="${DSN}" />`);
    expect(html).toContain('<meta name="sfoglia-request-id" content="page-request-0001" />');
    const policy = contentSecurityPolicy(loadConfig({ SENTRY_BROWSER_DSN: DSN }));
    expect(policy).toContain("connect-src 'self' https://o42.ingest.de.sentry.io;");
    expect(policy).toContain("script-src 'self';");
  });

  test('unset: nothing on the page, nothing in the policy', async () => {
    const html = await pageWith(null);
    expect(html).not.toContain('sfoglia-error-reports');
    expect(html).not.toContain('sfoglia-request-id');
    expect(contentSecurityPolicy(loadConfig({}))).toContain("connect-src 'self';");
    // The server's own DSN is never the browser's.
    expect(contentSecurityPolicy(loadConfig({ SENTRY_DSN: DSN }))).toContain("connect-src 'self';");
  });

  test('a DSN is written as an attribute value, never as markup', async () => {
    const html = await pageWith('https://x@sentry.example/1?a="b"&c=<d>');
    expect(html).toContain('content="https://x@sentry.example/1?a=&quot;b&quot;&amp;c=&lt;d>"');
  });
});
