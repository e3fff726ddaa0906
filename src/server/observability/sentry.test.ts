import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';

// The Sentry adapter for real (issue 25 part 6), in a process of its own (Sentry is one per process): with a
// DSN pointing at a stand-in for Sentry's ingest here, a reported error arrives tagged with the request id
// and route, scrubbed of anything personal. Nothing of Sentry's is mocked; only its server is a stand-in.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const envelopes: string[] = [];
let ingest: Server;
let port = 0;
let dir: string;

beforeAll(async () => {
  ingest = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      envelopes.push((request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString());
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
  port = (ingest.address() as { port: number }).port;
  dir = mkdtempSync(join(tmpdir(), 'sfoglia-sentry-'));
});
afterAll(async () => {
  await new Promise((resolve) => ingest.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

function run(script: string): Promise<{ code: number | null; output: string }> {
  const file = join(dir, 'report.mts');
  writeFileSync(file, script);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

test(
  'with SENTRY_DSN, a reported error reaches Sentry with its request id and route, and nothing personal',
  { timeout: 60_000 },
  async () => {
    const reporting = join(ROOT, 'src/server/observability/error-reporting.ts');
    const { code, output } = await run(`
    import { startErrorReporting } from ${JSON.stringify(reporting)};
    const reporter = await startErrorReporting({
      env: 'production',
      observability: { metricsToken: null, sentryDsn: 'http://publickey@127.0.0.1:${port}/42', sentryBrowserDsn: null },
    });
    if (!reporter.enabled) throw new Error('not enabled');
    const error = new Error('No basket for maria.rossi@example.co.uk');
    reporter.report(error, { requestId: 'request-sentry-0001', method: 'POST', route: '/api/v2/orders/:id' });
    await reporter.flush(10_000);
    process.exit(0);
  `);
    expect(code, output).toBe(0);
    const events = envelopes
      .flatMap((envelope) =>
        envelope
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, any>),
      )
      .filter((item) => item.exception);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.tags).toMatchObject({
      request_id: 'request-sentry-0001',
      method: 'POST',
      route: '/api/v2/orders/:id',
    });
    expect(event!.environment).toBe('production');
    expect(event!.exception.values[0]).toMatchObject({ type: 'Error', value: 'No basket for [email]' });
    expect(event!.user).toBeUndefined();
    expect(event!.breadcrumbs).toBeUndefined();
    expect(JSON.stringify(events)).not.toContain('maria.rossi');
  },
);
