import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { cycles, folderGraph, sourceFiles } from '../../tools/folder-cycles';

// No folder-level import cycle on the web (issue 10): each feature (features/<area>) and each page
// (pages/<x>/ or pages/<x>.tsx) is one node, as are shared/ and app/; an import from one file to another
// is an edge between their nodes. A cycle means two areas cannot be understood (or moved) one at a time.

const WEB = path.resolve(import.meta.dirname);

/** The node a web file belongs to: `features/delivery`, `pages/checkout`, `pages/menu-page`, `app`, … */
function nodeOf(file: string): string {
  const rel = path.relative(WEB, file).split(path.sep).join('/');
  const m = /^(?:(shared|app)\/|(features|pages)\/([^/.]+))/.exec(rel);
  if (!m) return 'root';
  return m[1] ?? `${m[2]}/${m[3]}`;
}

describe('folder-level import cycles on the web', () => {
  test('the cycle finder finds a cycle, and none where imports flow one way', () => {
    const graph = (edges: Record<string, string[]>) =>
      new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));
    expect(
      cycles(
        graph({
          'pages/checkout': ['pages/payment', 'features/orders'],
          'pages/payment': ['pages/checkout'],
          'features/orders': ['shared'],
          shared: [],
        }),
      ),
    ).toEqual([['pages/checkout', 'pages/payment']]);
    expect(
      cycles(
        graph({ 'features/a': ['features/b'], 'features/b': ['features/c'], 'features/c': ['features/a'] }),
      ),
    ).toEqual([['features/a', 'features/b', 'features/c']]);
    expect(
      cycles(graph({ 'pages/a': ['features/x', 'app'], app: ['features/x'], 'features/x': [] })),
    ).toEqual([]);
  });

  test('files sit in the node of their feature or page', () => {
    expect(nodeOf(path.join(WEB, 'features/delivery/address-picker.tsx'))).toBe('features/delivery');
    expect(nodeOf(path.join(WEB, 'pages/checkout/address-step.tsx'))).toBe('pages/checkout');
    expect(nodeOf(path.join(WEB, 'pages/menu-page.tsx'))).toBe('pages/menu-page');
    expect(nodeOf(path.join(WEB, 'pages/menu-page'))).toBe('pages/menu-page');
    expect(nodeOf(path.join(WEB, 'shared/forms/use-form.ts'))).toBe('shared');
    expect(nodeOf(path.join(WEB, 'routes.tsx'))).toBe('root');
  });

  test('src/web has none', () => {
    const files = sourceFiles(WEB);
    const graph = folderGraph(files, (file) => readFileSync(file, 'utf8'), WEB, nodeOf);
    expect(graph.has('features/delivery')).toBe(true);
    expect(graph.has('pages/checkout')).toBe(true);
    expect(cycles(graph)).toEqual([]);
  });
});
