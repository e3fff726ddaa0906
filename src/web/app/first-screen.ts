import type { LoaderFunctionArgs } from 'react-router';

// A public page's loader starts the reads of its first screen (docs/decisions/0017). In the browser it does
// not wait for them: the page paints at once and its queries fill in. On the server it waits, so the HTML
// holds the first screen and the query cache that goes with it. A read that fails leaves its query in error
// (prefetches never throw): the page then renders its own loading or error state, as in the browser.

export interface FirstScreen {
  /** Public reads only: what the server renders may be cached and sent to anyone. */
  firstScreen: (args: LoaderFunctionArgs) => Promise<unknown>;
  /** The visitor's own reads (their basket), started in the browser only, never on the server. */
  personal?: () => void;
}

export function firstScreenLoader({ firstScreen, personal }: FirstScreen) {
  return async (args: LoaderFunctionArgs): Promise<null> => {
    const reads = firstScreen(args);
    if (import.meta.env.SSR) {
      await reads;
    } else {
      personal?.();
      reads.catch(() => {});
    }
    return null;
  };
}

/**
 * A page's loader, with the personal reads a server-rendered first load starts too, before the page hydrates
 * (loaders do not run then; first-load-router.tsx calls it): only for a page that shows them once live
 * (`useHydrated`), since they may land before it hydrates and its HTML never holds them.
 */
export type FirstScreenLoader = ((args: LoaderFunctionArgs) => Promise<null>) & {
  firstLoad?: (url: URL) => void;
};
