// The restaurant list and the fulfilment choice: one lazy chunk, rendered in the browser (they are for the
// address the visitor searched from). The address searches are discovery-search-chunk.ts; the takeaway bar
// (discovery-layout.tsx) and the switch (discovery-switch-loader.ts) are chunks of their own.

import './discovery.css';

export { FindPage } from './find-page';
export { TypePage } from './type-page';
export { findLoader, typeLoader } from './loaders';
