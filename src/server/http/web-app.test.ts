import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig, publicConfig } from '../config';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { acceptedEncoding, CONFIG_PLACEHOLDER, registerWebApp } from './web-app';

// The page's bootstrap carries the signed-in customer's own data (issue 8, item 10): "$'", "$`", "$&" and "$$"
// in a name are String.replace patterns, and used to splice pieces of the page into it. They are text.

const INDEX = `<!doctype html><html><head><title>Sfoglia</title>${CONFIG_PLACEHOLDER}</head><body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>`;

let dir: string;
let app: FastifyInstance;
let bootstrap: unknown;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sfoglia-web-'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  app = Fastify();
  await registerWebApp(app, {
    distDir: dir,
    config: publicConfig(loadConfig({ NODE_ENV: 'test' })),
    publicUrl: 'http://localhost:3000',
    page: async () => ({ bootstrap, variant: '' }),
    cacheMs: 0,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

function scriptJson(html: string, id: string): unknown {
  const match = new RegExp(`<script id="${id}" type="application/json">(.*?)</script>`).exec(html);
  expect(match, id).not.toBeNull();
  return JSON.parse(match![1]!);
}

describe('the page bootstrap', () => {
  test('a customer named with replacement patterns gets their name, and the page stays whole', async () => {
    const names = ["O$'Brien", 'Back$`tick', 'Am$&per', 'Dollar$$s', "$'$`$&$1$<x>"];
    bootstrap = {
      settings: null,
      customer: {
        data: { id: 'c1', type: 'customers', attributes: { first_name: names.join(' '), last_name: "$'" } },
      },
    };
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(scriptJson(html, 'sfoglia-bootstrap')).toEqual(bootstrap);
    // Exactly the template around the inserted head: nothing of the page copied into it or lost.
    const [before, after] = INDEX.split(CONFIG_PLACEHOLDER);
    expect(html.startsWith(before!)).toBe(true);
    expect(html.endsWith(after!)).toBe(true);
    expect(html.split('<body>')).toHaveLength(2);
    expect(html.split('<title>')).toHaveLength(2);
  });

  test('markup in a name stays data: it cannot close the script', async () => {
    bootstrap = { customer: { first_name: '</script><script>alert(1)</script>' } };
    const html = (await app.inject({ method: 'GET', url: '/' })).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(scriptJson(html, 'sfoglia-bootstrap')).toEqual(bootstrap);
  });
});

describe('the typeface', () => {
  test('every page preloads the Latin face the built entry uses, and no other font', async () => {
    const built = mkdtempSync(join(tmpdir(), 'sfoglia-web-'));
    mkdirSync(join(built, '.vite'));
    writeFileSync(join(built, 'index.html'), INDEX);
    writeFileSync(
      join(built, '.vite/manifest.json'),
      JSON.stringify({
        'main.tsx': {
          file: 'assets/index-abc.js',
          isEntry: true,
          assets: [
            'assets/figtree-latin-wght-normal-D_ZTVpCC.woff2',
            'assets/figtree-latin-ext-wght-normal-DCwSJGxG.woff2',
          ],
        },
      }),
    );
    const site = Fastify();
    await registerWebApp(site, {
      distDir: built,
      config: publicConfig(loadConfig({ NODE_ENV: 'test' })),
      publicUrl: 'http://localhost:3000',
      page: async () => ({ bootstrap: null, variant: '' }),
    });
    await site.ready();
    try {
      const html = (await site.inject({ method: 'GET', url: '/' })).body;
      expect(html.match(/<link rel="preload"[^>]*>/g)).toEqual([
        '<link rel="preload" href="/assets/figtree-latin-wght-normal-D_ZTVpCC.woff2" as="font" type="font/woff2" crossorigin />',
      ]);
    } finally {
      await site.close();
      rmSync(built, { recursive: true, force: true });
    }
  });
});

describe('compression', () => {
  test('a page is sent compressed to a browser that asks, and the same page when it does not', async () => {
    bootstrap = { customer: null, padding: 'tagliatelle '.repeat(200) };
    const plain = await app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  test('reads Accept-Encoding as browsers send it', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});
