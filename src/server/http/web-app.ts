import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isPagePath } from '../../contracts/page-routes';
import type { PublicConfig } from '../../contracts/shop';
import { routedPath } from './routed-path';

// Serves the built SPA: hashed assets cached for a year, and index.html for every other page route with
// - the browser's allow-listed config and the first data it needs inlined as JSON (data, not script);
// - a modulepreload of the page's lazy chunk, so it downloads alongside the main bundle, and a preload of
//   the typeface;
// - status 404 for a path that is not one of the app's pages (the app then shows its not-found screen).

export const CONFIG_PLACEHOLDER = '<!--sfoglia-config-->';

/** Page routes whose screen chunk is worth preloading, by path prefix → source module (Vite manifest key). */
const PAGE_CHUNKS: [prefix: string, source: string][] = [['/menu', 'pages/menu-page.tsx']];

/** Fonts every page uses (typeface.css's Latin face), preloaded: found among the entry's built assets. */
const PRELOADED_FONTS = [/\/figtree-latin-wght-normal-[\w-]+\.woff2$/];

export interface WebApp {
  /** Sends index.html for a page path: 200 for the app's pages, 404 for any other path. */
  sendIndex(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  assets?: string[];
  isEntry?: boolean;
}

const asJsonScript = (id: string, value: unknown) =>
  `<script id="${id}" type="application/json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  config: PublicConfig,
  /** Wire-form data the first screen would otherwise fetch (settings), made per request. */
  bootstrap: (request: FastifyRequest) => Promise<unknown>,
): Promise<WebApp | null> {
  const root = resolve(distDir);
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
  const preloads = new Map<string, string>();
  for (const [prefix, source] of PAGE_CHUNKS) {
    const chunk = manifest[source];
    if (!chunk) continue;
    const files = [chunk.file, ...(chunk.imports ?? []).map((key) => manifest[key]?.file).filter(Boolean)];
    preloads.set(prefix, files.map((file) => `<link rel="modulepreload" href="/${file}" />`).join(''));
  }
  const fontPreloads = Object.values(manifest)
    .filter((chunk) => chunk.isEntry)
    .flatMap((chunk) => chunk.assets ?? [])
    .filter((file) => PRELOADED_FONTS.some((font) => font.test(`/${file}`)))
    .map((file) => `<link rel="preload" href="/${file}" as="font" type="font/woff2" crossorigin />`)
    .join('');
  const html = readFileSync(indexPath, 'utf8');

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

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const preload = PAGE_CHUNKS.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
    const head = `${fontPreloads}${asJsonScript('sfoglia-config', config)}${asJsonScript('sfoglia-bootstrap', await bootstrap(request))}${
      preload ? (preloads.get(preload[0]) ?? '') : ''
    }`;
    return (
      reply
        .code(isPagePath(routedPath(request)) ? 200 : 404)
        // The page carries the signed-in customer: never shared by a cache.
        .header('cache-control', 'private, no-cache')
        .type('text/html; charset=utf-8')
        // A function, never a replacement string: `head` carries customer data, and "$'", "$`" or "$&" in a
        // name would otherwise splice pieces of the page into it (issue 8, item 10).
        .send(html.replace(CONFIG_PLACEHOLDER, () => head))
    );
  };
  app.get('/', { schema: { hide: true } }, sendIndex);
  return { sendIndex };
}
