import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

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

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Node → the nodes it imports from (its own left out). */
function folderGraph(files: readonly string[], read: (file: string) => string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = nodeOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const [, source] of read(file).matchAll(IMPORT)) {
      const target = path.resolve(path.dirname(file), source!);
      if (!target.startsWith(WEB + path.sep)) continue;
      const to = nodeOf(target);
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** The strongly connected groups of more than one node (Tarjan): each is a cycle, its nodes sorted. */
function cycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
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
    const graph = folderGraph(files, (file) => readFileSync(file, 'utf8'));
    expect(graph.has('features/delivery')).toBe(true);
    expect(graph.has('pages/checkout')).toBe(true);
    expect(cycles(graph)).toEqual([]);
  });
});
