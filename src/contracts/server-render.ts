import type { PublicConfig } from './shop';

// What the server and the web app's server entry (src/web/entry-server.tsx, built to dist/ssr) agree on:
// the server loads the built entry and asks it for a page's first screen (docs/decisions/0017).

/** The origin the web app's relative addresses resolve against while the server renders. */
export const RENDER_ORIGIN = 'http://sfoglia.internal';

/** How the web app's calls reach the shop while rendering: the server answers them itself. */
export type RenderFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface RenderInput {
  /** The page's absolute URL (path and query; never a token: such pages are not rendered). */
  url: string;
  signal?: AbortSignal;
}

export type RenderedPage =
  /**
   * The first screen's HTML, and the state that hydrates it: public data, kept for anyone asking for the
   * address when `complete` (every read it made succeeded); or `personal`, a read the address itself gives
   * (an email link's key to its order: decision 39), never kept.
   */
  | { kind: 'page'; html: string; state: unknown; complete: boolean; personal: boolean }
  /** A route that only redirects (`/` → `/menu`). */
  | { kind: 'redirect'; status: number; location: string }
  /** A route failed on the server: the browser renders the page instead. */
  | { kind: 'failed'; reason: string };

export interface ServerRenderer {
  render(input: RenderInput): Promise<RenderedPage>;
  /** The HTML of the shell alone (nav, footer, an empty main) for a page the browser renders. */
  shell(input: RenderInput): Promise<string>;
}

/** The built entry's export: set once at start with the shop's public config and the way to call it. */
export type CreateServerRenderer = (options: { config: PublicConfig; fetch: RenderFetch }) => ServerRenderer;
