// Builds the web app (the browser's build in dist/web and the server's entry in dist/ssr) when either is
// missing or older than its sources, so `npm start` works on a fresh clone and stays fast on the next start.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const stamps = ['dist/web/index.html', 'dist/ssr/entry-server.js'].map((path) => join(root, path));
const sources = ['src/web', 'src/contracts', 'src/domain', 'vite.config.ts', 'package-lock.json'];

function newest(path) {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newest(join(path, name))));
}

const built = Math.min(...stamps.map((stamp) => (existsSync(stamp) ? statSync(stamp).mtimeMs : 0)));
if (built < Math.max(...sources.map(newest))) {
  console.log('Building the web app (first start or sources changed)…');
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  for (const args of [
    ['build', '--logLevel', 'warn'],
    ['build', '--ssr', '--logLevel', 'warn'],
  ]) {
    // Always React's production build, whatever NODE_ENV the caller runs under (a test runner sets "test").
    execFileSync(process.execPath, [vite, ...args], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
}
