// The subscriptions area's public face: the Pasta Plan, its weeks and their boxes, the card it is charged to,
// and the order calls that change a plan's box (issue 12).

export {
  addPlannedWeek,
  createPlan,
  deletePlan,
  moveSubscription,
  plansAsPaymentMethodUsers,
  plansAsPlanOwners,
} from './plan-store';
export { startPlan } from './start-plan';
export { planTermsWords, previewPlanTerms, type PlanTermsInput } from './plan-terms';
export { SubscriptionsService } from './subscriptions.service';
export { ScheduleService } from './schedule.service';
export { PlanOrdersService } from './plan-orders.service';
export { subscriptionRoutes } from './subscriptions.routes';
export { scheduleRoutes } from './schedule.routes';
export { PlanBillingService } from './billing';
export { planWeekKind } from './plan-week-kind';
export { paidPlanBoxes, plansOfCustomer } from './loyalty-boxes';
export type { OnBehalf } from './on-behalf';
