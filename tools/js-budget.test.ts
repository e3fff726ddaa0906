import { describe, expect, test } from 'vitest';
import { checkBudget, chunkCycles, initialChunks, type Manifest } from './js-budget';

// The JS budget's arithmetic on a made-up build: what a page loads at first, and what breaks the budget.

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['pages/menu.tsx', 'pages/pay.tsx'],
  },
  '_react.js': { file: 'assets/react.js' },
  'pages/menu.tsx': {
    file: 'assets/menu.js',
    imports: ['_react.js', '_queries.js'],
    dynamicImports: ['_detail.js'],
  },
  '_queries.js': { file: 'assets/queries.js' },
  '_detail.js': { file: 'assets/detail.js' },
  'pages/pay.tsx': { file: 'assets/pay.js', imports: ['_queries.js'] },
  'index.css': { file: 'assets/index.css' },
};
const sizes: Record<string, number> = {
  'assets/index.js': 40,
  'assets/react.js': 30,
  'assets/menu.js': 10,
  'assets/queries.js': 5,
  'assets/detail.js': 8,
  'assets/pay.js': 20,
  'assets/index.css': 99,
};
const kbOf = (file: string) => sizes[file]!;
const noSources = () => [];
const budgets = { initialKb: 100, chunkKb: 35 };

describe('initial chunks', () => {
  test('the entry and the route chunks with their static imports, each once; never a dynamic import', () => {
    expect(initialChunks(manifest, ['pages/menu.tsx']).sort()).toEqual(
      ['_queries.js', '_react.js', 'index.html', 'pages/menu.tsx'].sort(),
    );
  });

  test('a route chunk missing from the build is an error, not a smaller figure', () => {
    expect(() => initialChunks(manifest, ['pages/gone.tsx'])).toThrow(/not in the build's manifest/);
  });
});

describe('the budget', () => {
  test('sums the gzipped JS a page loads at first (not its CSS) and passes under the budget', () => {
    const report = checkBudget(
      manifest,
      kbOf,
      noSources,
      [{ path: '/menu', chunks: ['pages/menu.tsx'] }],
      budgets,
    );
    expect(report.pages[0]!.kb).toBe(85);
    expect(report.pages[0]!.files[0]).toEqual({ file: 'assets/index.js', kb: 40 });
    expect(report.problems).toEqual([]);
  });

  test('fails a page over the initial budget, and any later chunk over the chunk budget', () => {
    const report = checkBudget(manifest, kbOf, noSources, [{ path: '/menu', chunks: ['pages/menu.tsx'] }], {
      initialKb: 80,
      chunkKb: 9,
    });
    // React, which the entry loads at once, is weighed with the page, not as a chunk loaded later.
    expect(report.problems).toEqual([
      '/menu loads 85.0 KB of JS at first (budget 80 KB)',
      'assets/pay.js is 20.0 KB (budget 9 KB a chunk)',
      'assets/menu.js is 10.0 KB (budget 9 KB a chunk)',
    ]);
  });

  test('a page with its own figure is held to it, whatever the figure for every page', () => {
    const pages = [
      { path: '/menu', chunks: ['pages/menu.tsx'] },
      { path: '/gift-boxes', chunks: ['pages/menu.tsx'] },
    ];
    const report = checkBudget(manifest, kbOf, noSources, pages, {
      initialKb: 100,
      pageKb: { '/menu': 84 },
      chunkKb: 35,
    });
    expect(report.problems).toEqual(['/menu loads 85.0 KB of JS at first (budget 84 KB)']);
  });

  test('fails a public page that loads payment code at first', () => {
    const sourcesOf = (file: string) =>
      file === 'assets/queries.js'
        ? ['../../src/web/features/payments/pay.ts']
        : ['../../src/web/app/shell.tsx'];
    const report = checkBudget(
      manifest,
      kbOf,
      sourcesOf,
      [{ path: '/menu', chunks: ['pages/menu.tsx'] }],
      budgets,
    );
    expect(report.problems).toEqual([
      '/menu loads payment code at first (../../src/web/features/payments/pay.ts in assets/queries.js)',
    ]);
    const sdk = checkBudget(
      manifest,
      kbOf,
      (file) => (file === 'assets/react.js' ? ['../../node_modules/@stripe/stripe-js/dist/index.mjs'] : []),
      [{ path: '/menu', chunks: ['pages/menu.tsx'] }],
      budgets,
    );
    expect(sdk.problems).toHaveLength(1);
  });
});

describe('chunk cycles', () => {
  test('a build whose chunks import one another in a ring fails, naming the ring', () => {
    const ring: Manifest = {
      ...manifest,
      '_queries.js': { file: 'assets/queries.js', imports: ['_detail.js'] },
      '_detail.js': { file: 'assets/detail.js', imports: ['_queries.js'] },
    };
    expect(chunkCycles(ring)).toEqual([['assets/queries.js', 'assets/detail.js', 'assets/queries.js']]);
    const report = checkBudget(
      ring,
      kbOf,
      noSources,
      [{ path: '/menu', chunks: ['pages/menu.tsx'] }],
      budgets,
    );
    expect(report.problems).toEqual([
      'chunks import each other: assets/queries.js → assets/detail.js → assets/queries.js',
    ]);
  });

  test('shared imports that do not loop back are no cycle', () => {
    expect(chunkCycles(manifest)).toEqual([]);
  });
});
