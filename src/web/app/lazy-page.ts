import { analytics } from '../shared/analytics';

// Screens are lazy route chunks. After a release the old chunk names are gone: a failed chunk load reloads
// the page once to pick up the new build, and if it fails again it reports "Route not found" (spec §2, §8).

const RELOAD_KEY = 'sfoglia:chunk-reload';

export class RouteNotFoundError extends Error {
  override name = 'RouteNotFoundError';
  constructor() {
    super('Route not found');
  }
}

export function lazyPage<T>(load: () => Promise<T>): () => Promise<T> {
  // The server's build holds every chunk: there is no old release to reload from.
  if (import.meta.env.SSR) return load;
  return async () => {
    try {
      const module = await load();
      sessionStorage.removeItem(RELOAD_KEY);
      return module;
    } catch (error) {
      if (!sessionStorage.getItem(RELOAD_KEY)) {
        sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
        window.location.reload();
        return new Promise<T>(() => {});
      }
      sessionStorage.removeItem(RELOAD_KEY);
      analytics.errorReported('Route not found', { cause: String(error) });
      throw new RouteNotFoundError();
    }
  };
}
