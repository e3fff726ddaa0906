// The gift pages' lazy chunk: the list, a box's page, sending it and its confirmation load together.

export { GiftBoxesPage } from './gift-boxes-page';
export { GiftBoxPage } from './gift-box-page';
export { GiftSendPage } from './gift-send-page';
export { GiftConfirmationPage } from './gift-confirmation-page';
export { giftBoxesLoader, giftGuards } from './gift-guards';
