import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { cycles, folderGraph, sourceFiles } from '../tools/folder-cycles';

// The server's shape (issue 10): one home per area, reached through its index.ts (the lint rule in
// tools/eslint-boundaries.js), with no folder-level import cycle between areas and no module file so long
// that nobody reads it whole.

const SERVER = path.resolve(import.meta.dirname, '../src/server');

/**
 * An area of modules/ is one node; db, http, integrations, jobs and security are one each; each file at the root
 * (app.ts, services.ts, config.ts, clock.ts…) is its own node. Only imports that load code count: a cycle
 * of types alone sets no load order.
 */
function nodeOf(file: string): string {
  const rel = path.relative(SERVER, file).split(path.sep).join('/');
  const m = /^(?:modules\/([^/.]+)|(db|http|integrations|jobs|security|test)\/)/.exec(rel);
  if (!m) return rel.replace(/\.ts$/, '');
  return m[1] ? `modules/${m[1]}` : m[2]!;
}

const files = sourceFiles(SERVER);

describe('the server', () => {
  test('no folder-level import cycle between areas (nor with db, http, integrations, jobs)', () => {
    const graph = folderGraph(files, (file) => readFileSync(file, 'utf8'), SERVER, nodeOf);
    expect(graph.has('modules/payments')).toBe(true);
    expect(graph.get('modules/payments')?.has('modules/orders')).toBe(true);
    expect(cycles(graph)).toEqual([]);
  });

  test('no module file is over 400 lines', () => {
    const long = files
      .filter((file) => file.includes(`${path.sep}modules${path.sep}`))
      .map((file) => ({
        file: path.relative(SERVER, file),
        lines: readFileSync(file, 'utf8').split('\n').length,
      }))
      .filter(({ lines }) => lines > 400);
    expect(long).toEqual([]);
  });

  test('payments are made and change status only through the payment state machine (payment-state.ts)', () => {
    const writers = files
      .filter((file) => !file.endsWith('.test.ts'))
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        return (
          /\.insert\(payments\)/.test(text) || /\.update\(payments\)\s*\.set\(\{[^}]*\bstatus\b/.test(text)
        );
      })
      .map((file) => path.relative(SERVER, file).split(path.sep).join('/'));
    expect(writers).toEqual(['modules/payments/payment-state.ts']);
  });

  test('every area has a public face, and the composition root builds from the faces only', () => {
    const areas = [...new Set(files.map(nodeOf).filter((node) => node.startsWith('modules/')))];
    for (const area of areas) {
      expect(
        files.some((file) => file === path.join(SERVER, area, 'index.ts')),
        area,
      ).toBe(true);
    }
    const root = readFileSync(path.join(SERVER, 'services.ts'), 'utf8');
    expect(root.match(/from '\.\/modules\/[^']+'/g)?.every((line) => /modules\/[^/']+'$/.test(line))).toBe(
      true,
    );
  });

  test('a route plugin is given its own options (services, clock, settings), never a bag of everything nor the database', () => {
    const relative = (file: string) => path.relative(SERVER, file).split(path.sep).join('/');
    expect(files.map(relative)).not.toContain('deps.ts');
    const bagUsers = files
      .filter((file) => /from '[./]*\/deps'/.test(readFileSync(file, 'utf8')))
      .map(relative);
    expect(bagUsers).toEqual([]);
    const routesWithDatabase = files
      .filter((file) => file.includes(`${path.sep}modules${path.sep}`) && file.endsWith('.routes.ts'))
      .filter((file) =>
        /from '(drizzle-orm|[./]+\/db\/(client|schema\/[\w-]+))'/.test(readFileSync(file, 'utf8')),
      )
      .map(relative);
    expect(routesWithDatabase).toEqual([]);
  });

  test('a face exports only what some file outside its area imports (services.ts, app.ts, jobs, other areas, tests)', () => {
    const ROOT = path.resolve(SERVER, '../..');
    const everyFile = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : everyFile(full);
        return /\.(tsx?|mjs)$/.test(entry.name) ? [full] : [];
      });
    const users = ['src', 'tests', 'tools', 'e2e'].flatMap((dir) => everyFile(path.join(ROOT, dir)));
    const namesIn = (list: string) =>
      list
        .split(',')
        .map((name) => name.trim().replace(/^type\s+/, ''))
        .filter(Boolean);
    const unused: string[] = [];
    for (const area of readdirSync(path.join(SERVER, 'modules'))) {
      const home = path.join(SERVER, 'modules', area);
      const face = readFileSync(path.join(home, 'index.ts'), 'utf8').replace(/\/\/.*$/gm, '');
      const exported = [...face.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((m) =>
        namesIn(m[1]!).map((name) => name.split(/\s+as\s+/).pop()!),
      );
      const imported = new Set<string>();
      for (const file of users.filter((file) => !file.startsWith(home + path.sep))) {
        const text = readFileSync(file, 'utf8');
        for (const m of text.matchAll(/(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'(\.[^']*)'/g)) {
          if (path.resolve(path.dirname(file), m[2]!) !== home) continue;
          for (const name of namesIn(m[1]!)) imported.add(name.split(/\s+as\s+/)[0]!);
        }
      }
      unused.push(...exported.filter((name) => !imported.has(name)).map((name) => `${area}: ${name}`));
    }
    expect(unused).toEqual([]);
  });

  test('only route files import the HTTP edge (http/): services, repos and helpers use security/ and their areas', () => {
    const importers = files
      .filter((file) => file.includes(`${path.sep}modules${path.sep}`) && !file.endsWith('.routes.ts'))
      .filter((file) => /from '[./]+\/http\/[\w-]+'/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SERVER, file).split(path.sep).join('/'));
    expect(importers).toEqual([]);
  });

  test('the schema files import each other in no circle (drizzle-kit reads them in any order)', () => {
    const schema = path.join(SERVER, 'db', 'schema');
    const tables = sourceFiles(schema);
    const graph = folderGraph(
      tables,
      (file) => readFileSync(file, 'utf8'),
      schema,
      (file) => path.basename(file, '.ts'),
    );
    expect(graph.get('subscriptions')?.has('payment-methods')).toBe(true);
    expect(cycles(graph)).toEqual([]);
  });
});
