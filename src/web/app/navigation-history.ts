// Where the customer is arriving from, for guards that depend on it (spec §2 Guards: checkout payment,
// confirmation and error pages). Loaders run before a navigation commits, so the last committed location
// is the page being left. Null until the first page has loaded (a fresh load or a return from another
// site, such as a card check or PayPal, comes from nowhere).

interface RouterLike {
  state: { initialized: boolean; navigation: { state: string }; location: { pathname: string } };
  subscribe(listener: (state: RouterLike['state']) => void): () => void;
}

let committed: string | null = null;

export function trackNavigation(router: RouterLike): () => void {
  if (router.state.initialized && router.state.navigation.state === 'idle') {
    committed = router.state.location.pathname;
  }
  return router.subscribe((state) => {
    if (state.initialized && state.navigation.state === 'idle') committed = state.location.pathname;
  });
}

/** The path of the page the customer is leaving (or null on a fresh load). */
export function arrivingFrom(): string | null {
  return committed;
}
