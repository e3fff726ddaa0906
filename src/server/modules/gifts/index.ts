// The gifts area's public face: gift boxes sent to someone else's address, and what paying for one means.

export { GiftBoxService } from './gifts.service';
export { giftKind } from './gift-kind';
export { giftRoutes } from './gifts.routes';
