// The public gift pages' lazy chunk (rendered on the server, docs/decisions/0017): the list and a box's page.

export { GiftBoxesPage } from './gift-boxes-page';
export { GiftBoxPage } from './gift-box-page';
export { giftBoxesLoader } from './gift-boxes-loader';
