// The subscriptions area's public face: the Pasta Plan, its schedule weeks and the card it is charged to.

export {
  addPlannedWeek,
  createPlan,
  deletePlan,
  followingWeeks,
  moveSubscription,
  plansAsPaymentMethodUsers,
  startPlan,
  SubscriptionsService,
  type NewPlan,
} from './subscriptions.service';
export { subscriptionRoutes } from './subscriptions.routes';
