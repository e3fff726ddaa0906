// The public pages (docs/decisions/0017): rendered on the server, held to the JS budget (tools/js-budget.ts)
// and measured by Lighthouse in `npm run bench`. A public page added later (takeaway, events) joins with a
// line here: its path and the source modules of its route chunks (keys of dist/web/.vite/manifest.json).

export interface PublicPage {
  path: string;
  chunks: string[];
}

export const PUBLIC_PAGES: PublicPage[] = [
  { path: '/menu', chunks: ['pages/menu-page.tsx'] },
  { path: '/gift-boxes', chunks: ['pages/gifts/gifts-public-chunk.ts'] },
  {
    path: '/pasta-now-search-address',
    chunks: ['pages/takeaway/discovery-layout.tsx', 'pages/takeaway/discovery-search-chunk.ts'],
  },
];
