import { AsyncLocalStorage } from 'node:async_hooks';

// What a public page's server render may know of the browser it renders for, besides the address
// (docs/decisions/0017, 0030). The render calls the shop's own routes with no cookie (web-app.ts), so a
// route whose answer depends on the visitor (the marketing banners, on the visitor's experiment variants)
// reads it from here instead: set by the server around that one render, in this process, never from
// anything a request sends. The page cache's key must cover all of it (app.ts's `variant`).

export interface RenderVisitor {
  /** The visitor's variant in each running experiment, with what it changes. */
  experiments: readonly {
    experimentId: string;
    variantId: string;
    payload: Readonly<Record<string, unknown>>;
  }[];
}

const current = new AsyncLocalStorage<RenderVisitor>();

/** Runs a page's render (and every call it makes to the shop's routes) for `visitor`. */
export function renderingFor<T>(visitor: RenderVisitor, work: () => T): T {
  return current.run(visitor, work);
}

/** The visitor a render is made for, inside one; null for any other request. */
export function renderVisitor(): RenderVisitor | null {
  return current.getStore() ?? null;
}
