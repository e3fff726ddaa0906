import { useSyncExternalStore } from 'react';

// False while React hydrates a page the server rendered (and on the server), true from then on. Personal
// parts of a public page (who is signed in) render as for a visitor until then: the server's HTML never
// holds them (docs/decisions/0017), so the first client render must match it.

const never = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
