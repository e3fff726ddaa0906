// Compiles the server's commands (the shop, `npm run staff`, `npm run worker`, the Stripe double) into
// dist/server with esbuild, so a start loads JavaScript and not TypeScript through tsx's hooks: a shop started
// here in 11–13 s and 16–18 s of CPU under tsx, 6.5 s and 9 s compiled (decision 36). The packages stay in
// node_modules; the code is split where the server imports a module lazily (Sentry's adapter), so what it
// imports stays unloaded until then. The files a module reads beside itself (`new URL('./name',
// import.meta.url)`: the migrations, the postcode files, the Stripe double's scripts) are copied beside the
// output, where the compiled code looks for them; two such files with one name would be an error here. It
// takes under a second, so every caller builds afresh (`npm start`, `npm run staff` and `worker`, the API
// tests' setup, the journeys' shops, the bench); each file is written whole and then renamed into place, so
// two builds at once never leave a half file for a server starting beside them.
import { build } from 'esbuild';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'dist/server');

const SERVER_ENTRIES = {
  main: 'src/server/main.ts',
  staff: 'src/server/staff.ts',
  worker: 'src/server/worker.ts',
  'stripe-double': 'src/server/integrations/payments/stripe-double/main.ts',
};

/** Every `new URL('./name', import.meta.url)` in the server's own code: the file's folder and the name. */
function filesBesideModules(dir = join(root, 'src/server'), found = new Map()) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test') filesBesideModules(path, found);
      continue;
    }
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    for (const [, name] of readFileSync(path, 'utf8').matchAll(
      /new URL\(\s*'\.\/([^'/]+)',\s*import\.meta\.url\s*\)/g,
    )) {
      const source = join(dirname(path), name);
      const before = found.get(name);
      if (before && before !== source) {
        throw new Error(
          `Two files the server reads are both called ${name}: ${relative(root, before)}, ${relative(root, source)}`,
        );
      }
      found.set(name, source);
    }
  }
  return found;
}

export async function buildServer() {
  mkdirSync(out, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir: out,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
  });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  // Chunks of earlier builds, once nothing could still be starting on them.
  const written = new Set(result.outputFiles.map((file) => file.path));
  for (const name of readdirSync(out)) {
    const path = join(out, name);
    if (name.startsWith('chunk-') && !written.has(path) && Date.now() - statSync(path).mtimeMs > 600_000)
      unlinkSync(path);
  }
  for (const [name, source] of filesBesideModules()) {
    if (!existsSync(source))
      throw new Error(`The server reads ${relative(root, source)}, which is not there`);
    cpSync(source, join(out, name), { recursive: true, force: true });
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) await buildServer();
