import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { PublicConfig } from '../../contracts/shop';

// Serves the built SPA: hashed assets cached for a year, index.html (with the browser's allow-listed config
// inlined as JSON, which CSP treats as data, not script) for every other page route.

export const CONFIG_PLACEHOLDER = '<!--sfoglia-config-->';

export interface WebApp {
  /** Sends index.html for a page route; false when the SPA is not built. */
  sendIndex(request: FastifyRequest, reply: FastifyReply): FastifyReply | false;
}

export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  config: PublicConfig,
): Promise<WebApp> {
  const root = resolve(distDir);
  const indexPath = join(root, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn(`No built web app at ${root}; run "npm run build". Serving the API only.`);
    return { sendIndex: () => false };
  }
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  // Re-read when a rebuild replaces index.html, so a running server never points at deleted assets.
  let cached = { mtimeMs: -1, html: '' };
  const html = () => {
    const { mtimeMs } = statSync(indexPath);
    if (mtimeMs !== cached.mtimeMs) {
      cached = {
        mtimeMs,
        html: readFileSync(indexPath, 'utf8').replace(
          CONFIG_PLACEHOLDER,
          `<script id="sfoglia-config" type="application/json">${json}</script>`,
        ),
      };
    }
    return cached.html;
  };
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: false,
    wildcard: false,
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        path.includes(`${root}/assets/`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    },
  });
  const sendIndex = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html());
  app.get('/', { schema: { hide: true } }, sendIndex);
  return { sendIndex };
}
