import type { Plugin } from 'vite';

// How a public page's first-load JS is cut into files (issue 24, decision 37). Left to the bundler, the
// first load came in 31–44 files, most under 1 KB: a module goes into a chunk with every other module that
// exactly the same entries and lazy routes reach, and a lazy route is counted apart from the entry that
// loads it, so the modules every page loads first were spread over some twenty chunks by which app screens
// also use them. Each file is gzipped on its own, losing what it shares with the others: /menu's 39 files
// were 120.1 KB, the same bytes in one file 110.7 KB. Here the build knows what the bundler cannot: a
// public page's first load is the first-load entry and its page's route chunks (PUBLIC_PAGES' `chunks`).
//
// - `shell`: what both entries (the app's main.tsx and first-load.tsx) import statically, React included:
//   every page loads it first, a public page's or the app's.
// - `public-<pages>`: each module a public page's route chunks import statically, with the other modules
//   the same public pages import (the letters are the pages, in PUBLIC_PAGES' order). An app screen that
//   uses one loads its chunk, with what the same pages use beside it.
//
// The modules are found by following static imports through our sources and React; a contract only when
// nothing it imports, directly or not, is a library. Neither group follows its modules' other imports
// (`includeDependenciesRecursively: false`): a library, and a contract that uses one, stay where the bundler
// puts them, or a schema only the app uses would bring zod into the shell. A chunk's imports must still not
// make a cycle (tools/js-budget.ts refuses a build whose chunks do), as a chunk in a cycle can run before
// what it uses.

/** A public page as the build sees it: its route chunks, source modules under src/web. */
export interface PublicPageChunks {
  chunks: readonly string[];
}

interface Graph {
  /** The modules both entries import statically. */
  shell: Set<string>;
  /** Each module public pages' route chunks import statically, to the chunk name of those pages. */
  pages: Map<string, string>;
}

/**
 * TanStack Query, whole: the bundler would split the library by which screens use which of its hooks, and
 * re-split it whenever a new screen uses another (the takeaway screens' useQueries and useMutation did),
 * each piece with its own gzip overhead in every page's first JS. The back office's TanStack Table (also
 * @tanstack) stays in its own chunks.
 */
const QUERY = /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/;
/**
 * Its modules only the app's screens use (the takeaway search's restaurants near an address read each type
 * with `useQueries`): Query's one entry file imports every module, so they cannot be told apart by following
 * imports, and they would be 1.4 KB of every public page's first JS. If a first load ever used one, the
 * shell would import the chunk it is in, which imports the shell: the budget refuses the cycle.
 */
const QUERY_FOR_SCREENS = /[\\/](useQueries|queriesObserver)\.js$/;

const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const CONTRACT = /[\\/]src[\\/]contracts[\\/]/;

export interface FirstLoadChunks {
  plugin: Plugin;
  /** For `output.codeSplitting.groups`, after any group that must take its modules first. */
  groups: {
    name: string | ((id: string) => string | null);
    debugName?: string;
    test: (id: string) => boolean;
    priority: number;
    includeDependenciesRecursively: false;
  }[];
}

export function firstLoadChunks(
  webRoot: string,
  entries: { app: string; firstLoad: string },
  publicPages: readonly PublicPageChunks[],
): FirstLoadChunks {
  const graph: Graph = { shell: new Set(), pages: new Map() };
  const routes = new Set<string>();
  const plugin: Plugin = {
    name: 'sfoglia-first-load-chunks',
    apply: 'build',
    buildEnd() {
      const byPath = (path: string) => {
        const id = `${webRoot}/${path}`;
        if (!this.getModuleInfo(id)) throw new Error(`first-load-chunks: ${path} is not in the build`);
        return id;
      };
      /** Whether nothing a module imports, directly or not, is a library (a cycle counts as free). */
      const free = new Map<string, boolean>();
      const libraryFree = (id: string): boolean => {
        if (id.includes('node_modules')) return false;
        if (!free.has(id)) {
          free.set(id, true);
          free.set(id, (this.getModuleInfo(id)?.importedIds ?? []).every(libraryFree));
        }
        return free.get(id)!;
      };
      /** The modules the chunks are cut by: React, our sources, and the contracts that use no library. */
      const followed = (id: string) =>
        REACT.test(id) || (!id.includes('node_modules') && (!CONTRACT.test(id) || libraryFree(id)));
      const reach = (root: string) => {
        const seen = new Set<string>();
        const pending = [root];
        while (pending.length > 0) {
          const id = pending.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []).filter(followed));
        }
        return seen;
      };
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (info && (info.isEntry || info.dynamicImporters.length > 0)) routes.add(id);
      }
      const app = reach(byPath(entries.app));
      for (const id of reach(byPath(entries.firstLoad)))
        if (app.has(id) && !routes.has(id)) graph.shell.add(id);
      // Each distinct list of route chunks once (a page and its variants share one: /events/theme/:id).
      const pageLists = [
        ...new Map(
          publicPages.filter((p) => p.chunks.length > 0).map((p) => [p.chunks.join(' '), p.chunks]),
        ).values(),
      ];
      if (pageLists.length > 26)
        throw new Error('first-load-chunks: name the public pages with more than a letter');
      pageLists.forEach((list, index) => {
        const letter = String.fromCharCode(97 + index);
        const reached = new Set(list.flatMap((path) => [...reach(byPath(path))]));
        for (const id of reached) {
          if (graph.shell.has(id) || routes.has(id)) continue;
          graph.pages.set(id, (graph.pages.get(id) ?? 'public-') + letter);
        }
      });
      // A module more than half the public pages import goes in the shell: one file fewer for each of them,
      // for a few hundred bytes the others load unused (alone, /menu's first load came in 17 files).
      for (const [id, name] of graph.pages) {
        if (name.length - 'public-'.length > pageLists.length / 2) {
          graph.pages.delete(id);
          graph.shell.add(id);
        }
      }
      // A public page's parts loaded apart (decision 38: fetched once it is idle) must not bring another
      // page's own chunk with them: a module of one page's chunk that another page's parts import is left
      // to the bundler, in a chunk of its own (the recipe-kit dish's detail sanitises HTML as the gift pages
      // do, and brought the gift pages' 8 KB chunk to the menu). A part is what a page's module imports
      // dynamically, but for a route chunk's imports: those are the pages it leads to.
      pageLists.forEach((list, index) => {
        const letter = String.fromCharCode(97 + index);
        for (const id of new Set(list.flatMap((path) => [...reach(byPath(path))]))) {
          if (graph.shell.has(id) || routes.has(id)) continue;
          for (const part of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
            if (!followed(part)) continue;
            for (const used of reach(part)) {
              const name = graph.pages.get(used);
              if (name && name.length === 'public-'.length + 1 && !name.endsWith(letter)) {
                graph.pages.delete(used);
              }
            }
          }
        }
      });
    },
  };
  return {
    plugin,
    groups: [
      {
        name: 'shell',
        test: (id) => graph.shell.has(id) || (QUERY.test(id) && !QUERY_FOR_SCREENS.test(id)),
        priority: 2,
        includeDependenciesRecursively: false,
      },
      {
        name: (id) => graph.pages.get(id) ?? null,
        debugName: 'public',
        test: (id) => graph.pages.has(id),
        priority: 1,
        includeDependenciesRecursively: false,
      },
    ],
  };
}
