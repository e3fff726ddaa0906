// The takeaway area's public face (issue 13 part 2): the takeaway basket's choices, lines and pricing (issue
// 20; its `baskets` row is baskets'), placing a takeaway or catering basket as an order, the
// takeaway and catering order kinds, the customer's live orders and tracking, the delivery estimate, the
// courier's dispatch and handover, the late-delivery credit, and moving a takeaway order along its life
// (which the kitchen does through here).

export { TakeawayBasketService } from './takeaway-baskets.service';
export { takeawayBasketRoutes } from './takeaway-basket.routes';
export { TakeawayOrdersService } from './takeaway-orders.service';
export { TakeawayTrackingService } from './tracking.service';
export { takeawayKind } from './takeaway-kind';
export {
  moveRoundsToTable,
  prepareTableRound,
  roundsToKitchen,
  writeTableRound,
  type TableRound,
} from './table-rounds';
export { priceTakeawayBasket } from './takeaway-baskets.service';
export { restaurantAddress } from './takeaway-placing';
export { creditLateDeliveries } from './late-credit';
export { named, takeawaySteps } from './takeaway-order-view';
export {
  kitchenBoardVersion,
  lockTakeawayRow,
  readTakeawayOrder,
  readTakeawayOrdersOf,
  restaurantTickets,
  touchTakeawayOrder,
  unacceptedTakeaways,
  type TakeawayOrderRecord,
  type TakeawayOrderRow,
} from './takeaway-orders.repo';
export { takeawayRoutes } from './takeaway.routes';
