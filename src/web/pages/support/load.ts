import type { RouteObject } from 'react-router';

// Support's screens (issue 23 part 5), loaded through this small module rather than straight from the route
// table (which is in every page's first JS), as events' load.ts: each lazy import there carries its list of
// files to preload. The public pages (the question form and its thanks) are one light chunk rendered on the
// server; the account's questions, the team's inbox and the beta group each load on their own. Nothing
// here imports what the first JS already has (the guards), so its own list of files stays short.

export type SupportScreen = 'ask' | 'success' | 'account' | 'inbox' | 'beta';

type Route = Pick<RouteObject, 'Component' | 'loader'>;

export async function route(name: SupportScreen): Promise<Route> {
  if (name === 'ask' || name === 'success') {
    const m = await import('./public-chunk');
    return name === 'ask'
      ? { Component: m.SupportPage }
      : { Component: m.SupportSuccessPage, loader: m.supportSuccessLoader };
  }
  if (name === 'account') return { Component: (await import('./account-support-page')).AccountSupportPage };
  if (name === 'inbox') return { Component: (await import('./inbox-page')).SupportInboxPage };
  return { Component: (await import('./beta-page')).BetaPage };
}
