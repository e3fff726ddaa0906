import type { DehydratedState } from '@tanstack/react-query';

// What a server-rendered page carries to hydrate with (docs/decisions/0017): public data only.

export const SERVER_STATE_ID = 'sfoglia-ssr';

export interface ServerState {
  /** The query cache the server rendered from (TanStack Query's dehydrated form). */
  queries: DehydratedState;
  /** React Router's loader data by route id (hydrationData). */
  loaderData: Record<string, unknown>;
}

/** The state the server put into the page, or null when the page was not rendered there. */
export function readServerState(): ServerState | null {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerState;
  } catch {
    return null;
  }
}
