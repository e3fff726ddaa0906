import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { PUBLIC_PAGES } from './src/contracts/page-routes.ts';
import { firstLoadChunks } from './tools/first-load-chunks.ts';

/** Writes .br and .gz beside each built text asset; the server sends them to browsers that accept them. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'sfoglia-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir).filter((f) => /\.(js|css|svg|html|json)$/.test(f))) {
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

// The web app: the browser's build in dist/web, served by the Fastify server; the server's entry
// (`vite build --ssr`, src/web/entry-server.tsx) in dist/ssr, with which the server renders public pages
// (docs/decisions/0017). `npm run dev` proxies the API to the Vite dev server.
const apiTarget = process.env.API_URL ?? 'http://localhost:3001';
const webRoot = resolve(import.meta.dirname, 'src/web');

export default defineConfig(({ isSsrBuild }) => {
  const chunks = firstLoadChunks(webRoot, { app: 'main.tsx', firstLoad: 'first-load.tsx' }, PUBLIC_PAGES);
  return {
    root: 'src/web',
    publicDir: isSsrBuild ? false : 'public',
    plugins: isSsrBuild ? [react()] : [react(), chunks.plugin, precompress()],
    build: isSsrBuild
      ? {
          outDir: '../../dist/ssr',
          emptyOutDir: true,
          target: 'node20',
          rollupOptions: { input: 'entry-server.tsx' },
        }
      : {
          outDir: '../../dist/web',
          emptyOutDir: true,
          manifest: true,
          target: 'es2022',
          sourcemap: true,
          // The app's HTML keeps its preloads; a dynamic import (a lazy route, a component loaded on demand) adds
          // none at run time (issue 24): Vite's loader appended a <link rel="modulepreload"> for each of its
          // chunk's imports, 20–26 ms of appending links in one task of a rendered page's first load (80–100 ms
          // at 4× CPU), the largest of its tasks. The browser fetches a chunk's imports as it reads the chunk
          // (a round trip more for a deep one); a page the browser renders still gets its route's chunks
          // preloaded from its HTML (http/web-app.ts). /menu at 4× CPU, median of 5: 356 → 240 ms of blocking
          // time; Lighthouse mobile 81, 84, 79 → 86, 85, 89.
          modulePreload: {
            polyfill: false,
            resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
          },
          rolldownOptions: {
            // The contracts build their zod schemas at the top of each module, calls a bundler keeps even when
            // nothing uses their result; and every zod constructor any schema calls is kept in the shared chunk
            // every page loads first (zod mini is one module). Declared pure (as they are), the schemas a
            // screen never reads are dropped: the dine-in contracts' split body (a discriminated union) cost
            // /menu 0.5 KB through a floor screen that never reads it (issue 21). Only `z` (the
            // `import * as z from 'zod/mini'` of src/contracts and src/web), and the contracts' own schema
            // builders (envelope.ts); no bundled library calls any of them. Decision 31: a production build's
            // first screen parses nothing.
            treeshake: {
              manualPureFunctions: [
                'z',
                'resource',
                'resourceWithRelationships',
                'identifier',
                'toOne',
                'toMany',
              ],
              // The contracts' and the domain's modules do nothing at their top level but make schemas,
              // rules and constants: one a page imports only for what it leaves unused (a schema a production
              // build does not parse with, a rule of another area) is not loaded at all.
              moduleSideEffects: [{ test: /[\\/]src[\\/](contracts|domain)[\\/]/, sideEffects: false }],
            },
            // Two entries (decision 31): the app (index.html, main.tsx) and a server-rendered page's first load.
            input: {
              index: resolve(import.meta.dirname, 'src/web/index.html'),
              'first-load': resolve(import.meta.dirname, 'src/web/first-load.tsx'),
            },
            output: {
              codeSplitting: {
                // The first load's chunks (decision 37, tools/first-load-chunks.ts): a shell every page loads
                // first, React and TanStack Query in it, and a chunk for each set of public pages.
                groups: chunks.groups,
              },
            },
          },
        },
    server: {
      port: 3000,
      proxy: Object.fromEntries(
        ['/api', '/storefront', '/media', '/healthz', '/dev', '/auth', '/sandbox'].map((path) => [
          path,
          apiTarget,
        ]),
      ),
    },
  };
});
