// The address searches' lazy chunk (rendered on the server, docs/decisions/0017; Lighthouse measures
// /pasta-now-search-address): kept apart from the restaurant list and the fulfilment choice
// (discovery-chunk.ts), whose basket and order code a first visit does not need.

import './discovery.css';

export { PastaNowSearchPage, CateringSearchPage } from './search-page';
export { searchLoader } from './loaders';
