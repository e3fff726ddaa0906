// The gift flow's lazy chunk: sending a box (signed in) and its confirmation load together. The public
// pages (the list and a box's page) are gifts-public-chunk.ts, kept free of forms of the checkout and payments.

export { GiftSendPage } from './gift-send-page';
export { GiftConfirmationPage } from './gift-confirmation-page';
export { giftGuards } from './gift-guards';
