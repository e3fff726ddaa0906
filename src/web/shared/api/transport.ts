import { RENDER_ORIGIN, type RenderFetch } from '../../../contracts/server-render';

// Where the app's calls go: the browser's fetch; while the server renders a page, the server itself
// (src/web/entry-server.tsx sets it once: the shop answers through the same routes as the API).

let send: RenderFetch = (url, init) => fetch(url, init);

export const transport: RenderFetch = (url, init) => send(url, init);

export function setTransport(fetch: RenderFetch): void {
  send = fetch;
}

export const pageOrigin = () => (typeof window === 'undefined' ? RENDER_ORIGIN : window.location.origin);
