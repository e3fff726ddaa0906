import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { OutputChunk, RolldownOutput } from 'rolldown';
import { build, type Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { firstLoadChunks } from './first-load-chunks';

// The first load's chunks (decision 37) cut by Vite's build, as vite.config.ts uses them, on a made-up app:
// two entries, five public pages' route chunks, an app screen, and what they share.

const files: Record<string, string> = {
  // Both entries: the shell. The app's own modules, and the first load's, stay with their entry.
  'web/main.ts': `import { shared } from './shared'; import { appOnly } from './app-only';
    Object.assign(globalThis, { routes: [shared, appOnly, () => import('./pages/a'), () => import('./pages/b'), () => import('./pages/c'),
    () => import('./pages/d'), () => import('./pages/e'), () => import('./pages/checkout')] });`,
  'web/first-load.ts': `import { shared } from './shared'; import { firstLoadOnly } from './first-load-only';
    Object.assign(globalThis, { routes: [shared, firstLoadOnly, () => import('./pages/a'), () => import('./pages/b'), () => import('./pages/c'),
    () => import('./pages/d'), () => import('./pages/e')] });`,
  'web/shared.ts': `import { schema } from '../contracts/schema'; import { camel } from '../contracts/case';
    import { useQuery } from '@tanstack/react-query';
    export const shared = () => [schema, camel('a_b'), useQuery()];`,
  'web/app-only.ts': `import { appSchema } from '../contracts/schema'; export const appOnly = () => appSchema;`,
  'web/first-load-only.ts': `export const firstLoadOnly = () => 'first load';`,
  // A contract that uses a library stays where the bundler puts it (a schema only the app uses must not bring
  // zod into the shell); one that uses none joins the shell.
  'contracts/schema.ts': `import { library } from 'library'; export const schema = { name: 'schema' };
    export const appSchema = library();`,
  'contracts/case.ts': `export const camel = (text: string) => text.replace(/_(.)/g, (_, c: string) => c.toUpperCase());`,
  'node_modules/library/package.json': `{ "name": "library", "type": "module", "main": "index.js" }`,
  'node_modules/library/index.js': `export const library = () => ({ name: 'a library only the app needs' });`,
  // Of five public pages, a, b and c use `common` (more than half of them: the shell); a and b share `ab`.
  'web/pages/a.ts': `import { common } from '../common'; import { ab } from '../ab'; import { aView } from '../a-view';
    export default () => [common(), ab(), aView()];`,
  // Page a's view loads a part apart (decision 38), which uses a module of page b's own: that module is not
  // in b's chunk, or a's part would bring it. Page d's route leads to a page that uses another of b's: that
  // one stays (a route chunk's dynamic imports are pages, loaded as any app screen is).
  'web/a-view.ts': `export const aView = () => import('./a-part');`,
  'web/a-part.ts': `import { bText } from './b-text'; export default () => bText();`,
  'web/b-text.ts': `export const bText = () => 'b text';`,
  'web/b-other.ts': `export const bOther = () => 'b other';`,
  'web/pages/d-next.ts': `import { bOther } from '../b-other'; export default () => bOther();`,
  'web/pages/b.ts': `import { common } from '../common'; import { ab } from '../ab'; import { bOnly } from '../b-only';
    import { bText } from '../b-text'; import { bOther } from '../b-other';
    export default () => [common(), ab(), bOnly(), bText(), bOther()];`,
  'web/pages/c.ts': `import { common } from '../common'; export default () => common();`,
  'web/pages/d.ts': `export default () => 'd'; export const next = () => import('./d-next');`,
  'web/pages/e.ts': `export default () => 'e';`,
  // An app screen that uses a public pages' module loads their chunk.
  'web/pages/checkout.ts': `import { ab } from '../ab'; import { useQueries } from '@tanstack/react-query';
    export default () => [ab(), useQueries()];`,
  // TanStack Query: one entry file that imports every module. The shell has it whole, but for the modules
  // only app screens use (useQueries).
  'node_modules/@tanstack/react-query/package.json': `{ "name": "@tanstack/react-query", "type": "module", "main": "build/modern/index.js" }`,
  'node_modules/@tanstack/react-query/build/modern/index.js': `export { useQuery } from './useQuery.js';
    export { useQueries } from './useQueries.js'; export { useMutation } from './useMutation.js';`,
  'node_modules/@tanstack/react-query/build/modern/useQuery.js': `export const useQuery = () => 'query';`,
  'node_modules/@tanstack/react-query/build/modern/useQueries.js': `export const useQueries = () => 'queries';`,
  'node_modules/@tanstack/react-query/build/modern/useMutation.js': `export const useMutation = () => 'mutation';`,
  'web/common.ts': `export const common = () => 'common';`,
  'web/ab.ts': `export const ab = () => 'ab';`,
  'web/b-only.ts': `export const bOnly = () => 'b';`,
};

let root = '';

/** What Vite's build makes of the fixture with these chunks (not written, not minified). */
async function bundle(cut: ReturnType<typeof firstLoadChunks>) {
  const result = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [cut.plugin as Plugin],
    build: {
      write: false,
      minify: false,
      rolldownOptions: {
        input: { main: join(root, 'src/web/main.ts'), 'first-load': join(root, 'src/web/first-load.ts') },
        output: { codeSplitting: { groups: cut.groups } },
      },
    },
  })) as RolldownOutput;
  return result.output;
}
let chunks: OutputChunk[] = [];
/** The chunk that holds a fixture module. */
const chunkOf = (path: string) => chunks.find((c) => c.moduleIds.includes(join(root, 'src', path)));

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'first-load-chunks-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, 'src', path)), { recursive: true });
    writeFileSync(join(root, 'src', path), text);
  }
  const cut = firstLoadChunks(join(root, 'src/web'), { app: 'main.ts', firstLoad: 'first-load.ts' }, [
    { chunks: ['pages/a.ts'] },
    { chunks: ['pages/b.ts'] },
    { chunks: [] },
    { chunks: ['pages/c.ts'] },
    { chunks: ['pages/c.ts'] },
    { chunks: ['pages/d.ts'] },
    { chunks: ['pages/e.ts'] },
  ]);
  const output = await bundle(cut);
  chunks = output.filter((o): o is OutputChunk => o.type === 'chunk');
}, 30_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the first load cut into chunks', () => {
  test('what both entries import, and what more than half the public pages import, is one shell', () => {
    expect(chunkOf('web/shared.ts')?.name).toBe('shell');
    expect(chunkOf('web/common.ts')).toBe(chunkOf('web/shared.ts'));
  });

  test('an entry keeps what only it imports', () => {
    expect(chunkOf('web/app-only.ts')?.isEntry).toBe(true);
    expect(chunkOf('web/app-only.ts')?.name).toBe('main');
    expect(chunkOf('web/first-load-only.ts')?.name).toBe('first-load');
  });

  test('what the same public pages import is one chunk named by them; one page alone keeps its route chunk', () => {
    expect(chunkOf('web/ab.ts')?.name).toBe('public-ab');
    expect(chunkOf('web/b-only.ts')?.name).toBe('public-b');
    expect(chunkOf('web/pages/b.ts')?.isDynamicEntry).toBe(true);
    expect(chunkOf('web/pages/checkout.ts')?.imports).toContain(chunkOf('web/ab.ts')!.fileName);
  });

  test('a module of one page’s chunk that another page’s part uses is left out of it; a page led to is not a part', () => {
    expect(chunkOf('web/b-text.ts')?.name).not.toBe('public-b');
    expect(chunkOf('web/a-part.ts')?.imports).not.toContain(chunkOf('web/b-only.ts')!.fileName);
    expect(chunkOf('web/b-other.ts')?.name).toBe('public-b');
  });

  test('the shell does not pull in a library, nor a contract that uses one; a contract using none joins it', () => {
    expect(chunkOf('node_modules/library/index.js')?.name).not.toBe('shell');
    expect(chunkOf('contracts/schema.ts')?.name).not.toBe('shell');
    expect(chunkOf('contracts/case.ts')?.name).toBe('shell');
  });

  test('TanStack Query is in the shell, but for what only app screens use', () => {
    expect(chunkOf('node_modules/@tanstack/react-query/build/modern/useQuery.js')?.name).toBe('shell');
    expect(chunkOf('node_modules/@tanstack/react-query/build/modern/useQueries.js')?.name).not.toBe('shell');
    expect(chunkOf('web/pages/checkout.ts')?.moduleIds).toContain(
      join(root, 'src/node_modules/@tanstack/react-query/build/modern/useQueries.js'),
    );
  });

  test('a route chunk named in the public pages but missing from the build is an error', async () => {
    const cut = firstLoadChunks(join(root, 'src/web'), { app: 'main.ts', firstLoad: 'first-load.ts' }, [
      { chunks: ['pages/gone.ts'] },
    ]);
    await expect(bundle(cut)).rejects.toThrow(/pages\/gone\.ts is not in the build/);
  });
});
