import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isPagePath, isServerRenderedPath, pageOf, PAGES } from '../../contracts/page-routes';
import {
  RENDER_ORIGIN,
  type CreateServerRenderer,
  type RenderFetch,
  type ServerRenderer,
} from '../../contracts/server-render';
import type { PublicConfig } from '../../contracts/shop';
import { routedPath } from './routed-path';
import { PageCache } from './page-cache';
import { renderingFor, type RenderVisitor } from './render-visitor';

// Serves the web app (docs/decisions/0017): hashed assets cached for a year, and for every page route
// - a public page rendered on the server with its first screen and the state that hydrates it (the query
//   cache, the loaders' data), kept in a server-side cache for a minute per address, menu week and customer
//   type: it holds public data only (a page with what its address alone gives, a rating link's order, is
//   never kept: decision 39);
// - any other page (account, checkout: the customer's own) as the shell (nav, footer) the browser renders
//   the page into; and the same when a public page fails to render, so a fault there never costs the page;
// - the browser's allow-listed config, and per request the data the first screen would otherwise wait a
//   round trip for (settings, who is signed in), inlined as JSON (data, not script), never cached;
// - on a page the browser renders, preloads of its JS and of the typeface; a rendered page has neither: Chrome
//   holds a page's first paint while a preloaded font loads (up to seconds on a loaded phone: Lighthouse saw
//   /menu's first paint at 2.2 s with it and 0.2 s without), and a rendered page has its text to show at once
//   in the metric-matched fallback (typeface.css), the typeface swapping in with nothing moving;
// - status 404 for a path that is not one of the app's pages (the app then shows its not-found screen).

export const CONFIG_PLACEHOLDER = '<!--sfoglia-config-->';
const ROOT_ELEMENT = '<div id="root"></div>';
/** Where each answer's own data goes into a cached page. */
const BOOTSTRAP_MARK = '<!--sfoglia-bootstrap-->';

/** Fonts every page uses (typeface.css's Latin face), preloaded: found among the entry's built assets. */
const PRELOADED_FONTS = [/\/figtree-latin-wght-normal-[\w-]+\.woff2$/];

export interface WebApp {
  /** Sends a page: 200 for the app's pages, 404 for any other path. */
  sendIndex(request: FastifyRequest, reply: FastifyReply, status?: 200 | 404): Promise<FastifyReply>;
  /** Forgets the rendered pages kept (the catalogue changed: issue 25 part 2). */
  forgetPages(): void;
}

export interface PageRequestData {
  /** Inlined into this answer only (it may name the customer): never cached. */
  bootstrap: unknown;
  /**
   * What a public page's HTML may depend on besides its address: the menu week, the customer type and the
   * visitor's experiment variants.
   */
  variant: string;
  /** What the page's render may know of the visitor (./render-visitor.ts): `variant` must cover it. */
  render?: RenderVisitor;
}

export interface WebAppOptions {
  distDir: string;
  /** The server's entry built by Vite (dist/ssr); without it every page is rendered by the browser. */
  ssrDir?: string;
  config: PublicConfig;
  /**
   * SENTRY_BROWSER_DSN: named in every page's head (a meta tag) so the browser loads its error reporting after
   * the page is idle (web/shared/error-reporting.ts); null names nothing and nothing is loaded.
   */
  errorReportingDsn?: string | null;
  /** The shop's address (PUBLIC_URL): the host the server's own calls are made on while rendering. */
  publicUrl: string;
  page(request: FastifyRequest): Promise<PageRequestData>;
  /** How long a rendered public page is kept (ms). */
  cacheMs?: number;
}

type Made = { kind: 'page'; html: string } | { kind: 'redirect'; status: number; location: string };

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  assets?: string[];
  isEntry?: boolean;
}

const asJsonScript = (id: string, value: unknown) =>
  `<script id="${id}" type="application/json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/**
 * The web app's calls while rendering, answered by this app through its own routes, on the shop's host
 * and with no cookie: what a visitor's browser would be answered.
 */
function fetchThroughApp(app: FastifyInstance, publicUrl: string): RenderFetch {
  const host = new URL(publicUrl).host;
  return async (url, init) => {
    const target = new URL(url);
    if (target.origin !== RENDER_ORIGIN) return fetch(url, init);
    const response = await app.inject({
      method: (init.method ?? 'GET') as HTTPMethods,
      url: `${target.pathname}${target.search}`,
      headers: { ...Object.fromEntries(new Headers(init.headers).entries()), host },
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers.set(name, String(value));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers,
    });
  };
}

/** What the browser accepts of br and gzip (`q=0` refuses), best first. */
/**
 * React preloads the first screen's pictures (the eager, high-priority <img>s) in the markup it renders; in
 * the head they are found before the inlined styles and the screen, so the pictures come with the page
 * (issue 19, item 17).
 */
export function hoistPicturePreloads(markup: string): { pictures: string; body: string } {
  const pictures: string[] = [];
  const body = markup.replace(/<link rel="preload" as="image"[^>]*>/g, (tag) => {
    pictures.push(tag);
    return '';
  });
  return { pictures: pictures.join(''), body };
}

export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name!.trim().toLowerCase()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

/**
 * Most pages are answered by the not-found handler, which @fastify/compress's per-route hook never reaches:
 * a rendered page (50–100 KB) is compressed here, for browsers that ask.
 */
function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: string) {
  reply.header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding || body.length < 1024) return reply.send(body);
  reply.header('content-encoding', encoding);
  return reply.send(
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(body),
  );
}

async function loadRenderer(
  app: FastifyInstance,
  ssrDir: string | undefined,
  config: PublicConfig,
  publicUrl: string,
): Promise<ServerRenderer | null> {
  const entry = ssrDir ? join(resolve(ssrDir), 'entry-server.js') : null;
  if (!entry || !existsSync(entry)) {
    app.log.warn(`No server entry at ${entry ?? '(none)'}; pages are rendered by the browser only.`);
    return null;
  }
  const { createServerRenderer } = (await import(pathToFileURL(entry).href)) as {
    createServerRenderer: CreateServerRenderer;
  };
  return createServerRenderer({ config, fetch: fetchThroughApp(app, publicUrl) });
}

export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<WebApp | null> {
  const root = resolve(options.distDir);
  const indexPath = join(root, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn(`No built web app at ${root}; run "npm run build". Serving the API only.`);
    return null;
  }

  // Read once, like the static file list below: a rebuild needs a restart (npm start does both).
  const manifestPath = join(root, '.vite/manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>)
    : {};
  // Styles are inlined: no render-blocking request before the first paint (about 6 KB of compressed HTML
  // for the entry's, 2 for a gift page's).
  const inlined = (file: string, tag: string) =>
    existsSync(join(root, file)) ? `<style>${readFileSync(join(root, file), 'utf8')}</style>` : tag;
  // A page's route chunk: its JS (and what it imports) preloaded, its styles inlined: a page rendered on the
  // server must be styled before its JS runs, or they would arrive with the chunk and move it.
  const preloads = new Map<string, { styles: string; scripts: string }>();
  for (const { path, chunks: sources } of PAGES) {
    const keys = new Set<string>();
    const visit = (key: string) => {
      if (keys.has(key) || !manifest[key]) return;
      keys.add(key);
      for (const next of manifest[key].imports ?? []) visit(next);
    };
    for (const source of sources) visit(source);
    if (keys.size === 0) continue;
    const chunks = [...keys].map((key) => manifest[key]!);
    const css = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
    preloads.set(path, {
      styles: css
        .map((file) => {
          const link = `<link rel="stylesheet" crossorigin href="/${file}"`;
          // Beside the inlined rules, their link, disabled (never applied, so never blocking): Vite's loader
          // of the route chunk looks for the chunk's styles among the page's links, and without one it linked
          // the same rules again once the page was shown, and the browser restyled the whole page.
          const rules = inlined(file, '');
          return rules ? `${rules}${link} disabled />` : `${link} />`;
        })
        .join(''),
      scripts: chunks
        .map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}" />`)
        .join(''),
    });
  }
  const fontPreloads = Object.values(manifest)
    .filter((chunk) => chunk.isEntry)
    .flatMap((chunk) => chunk.assets ?? [])
    .filter((file) => PRELOADED_FONTS.some((font) => font.test(`/${file}`)))
    .map((file) => `<link rel="preload" href="/${file}" as="font" type="font/woff2" crossorigin />`)
    .join('');
  const html = readFileSync(indexPath, 'utf8').replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (tag, file: string) => inlined(file, tag),
  );
  // A page rendered here shows its first screen before any JS, so its JS must not compete with the page and
  // its typeface for a phone's bandwidth: no modulepreload (the entry's imports and the route chunk load
  // after it, a few round trips later). On this machine's Lighthouse (mobile throttling) that took /menu's
  // first paint from about 2.7 s to 1.3-1.8 s. A page the browser renders needs its JS to show anything,
  // so the shell keeps every preload.
  // Its script is the first-load entry (decision 31): React, its screens and the data layer, on the first-load
  // router; the app's entry, named on it, only if the page's state is missing.
  const firstLoad = manifest['first-load.tsx']?.file;
  const htmlWithoutPreloads = html
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(
      /<script type="module" crossorigin src="\/(assets\/index-[^"]+\.js)"><\/script>/,
      (tag, app: string) =>
        firstLoad
          ? `<script type="module" crossorigin src="/${firstLoad}" data-app="/${app}"></script>`
          : tag,
    );
  const renderer = await loadRenderer(app, options.ssrDir, options.config, options.publicUrl);
  const cache = new PageCache<Made>(options.cacheMs ?? 60_000);

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: false,
    wildcard: false,
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        path.includes(`${root}/assets/`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    },
  });

  const dsn = options.errorReportingDsn;
  const errorReporting = dsn
    ? `<meta name="sfoglia-error-reports" content="${dsn.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}" />`
    : '';
  /** The page around its body: public parts only, with a mark where each answer's own data goes. */
  const page = (path: string, markup: string, state: unknown) => {
    const rendered = state !== undefined;
    const known = pageOf(path);
    const route = known ? preloads.get(known.path) : undefined;
    const { pictures, body } = hoistPicturePreloads(markup);
    const head = `${pictures}${rendered ? '' : fontPreloads}${asJsonScript('sfoglia-config', options.config)}${errorReporting}${BOOTSTRAP_MARK}${
      route ? `${route.styles}${rendered ? '' : route.scripts}` : ''
    }`;
    // The state that hydrates the page follows it: the first screen comes first in the stream.
    const after = state === undefined ? '' : asJsonScript('sfoglia-ssr', state);
    // Functions, never replacement strings: "$'", "$`" or "$&" in the text would splice pieces of the page
    // into it (issue 8, item 10).
    return (rendered ? htmlWithoutPreloads : html)
      .replace(CONFIG_PLACEHOLDER, () => head)
      .replace(ROOT_ELEMENT, () => `<div id="root">${body}</div>${after}`);
  };

  /**
   * A public page rendered on the server, or the shell of a page the browser renders; the shell too when a
   * public page fails to render here (logged; tests/server-rendering.test.ts fails on it).
   */
  const make = async (
    request: FastifyRequest,
    path: string,
    url: string,
  ): Promise<{ value: Made; keep: boolean }> => {
    if (!renderer) return { value: { kind: 'page', html: page(path, '', undefined) }, keep: true };
    const serverRendered = isServerRenderedPath(path) && !new URL(url).searchParams.has('token');
    if (serverRendered) {
      try {
        const rendered = await renderer.render({ url });
        if (rendered.kind === 'redirect') return { value: rendered, keep: true };
        if (rendered.kind === 'page') {
          return {
            value: { kind: 'page', html: page(path, rendered.html, rendered.state) },
            keep: rendered.complete && !rendered.personal,
          };
        }
        request.log.warn({ path, reason: rendered.reason }, 'page not rendered on the server');
      } catch (error) {
        request.log.warn({ err: error, path }, 'page not rendered on the server');
      }
    }
    try {
      const shell = page(path, await renderer.shell({ url }), undefined);
      return { value: { kind: 'page', html: shell }, keep: !serverRendered };
    } catch (error) {
      request.log.warn({ err: error, path }, 'shell not rendered on the server');
      return { value: { kind: 'page', html: page(path, '', undefined) }, keep: false };
    }
  };

  /** `status` 404: a page path whose address names nothing (a restaurant the shop does not have). */
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, status: 200 | 404 = 200) => {
    const path = routedPath(request);
    const url = new URL(request.url, RENDER_ORIGIN).href;
    const { bootstrap, variant, render } = await options.page(request);
    const get = () => cache.get(`${variant} ${request.url}`, () => make(request, path, url));
    const made = await (render ? renderingFor(render, get) : get());
    if (made.kind === 'redirect') return reply.redirect(made.location, made.status);
    // With error reporting, this answer's request id too: the browser tags its reports with it.
    const requestId = dsn ? `<meta name="sfoglia-request-id" content="${request.id}" />` : '';
    const body = made.html.replace(
      BOOTSTRAP_MARK,
      () => `${asJsonScript('sfoglia-bootstrap', bootstrap)}${requestId}`,
    );
    reply
      .code(isPagePath(path) ? status : 404)
      // The answer carries the signed-in customer: never shared by a cache (the server keeps the public
      // part itself).
      .header('cache-control', 'private, no-cache')
      .type('text/html; charset=utf-8');
    return sendCompressed(request, reply, body);
  };
  app.get('/', { schema: { hide: true } }, (request, reply) => sendIndex(request, reply));
  return { sendIndex, forgetPages: () => cache.clear() };
}
