// The Pasta Plan's screens (issue 12 part 3), one lazy chunk: the account's plan pages, a week, a box's
// dishes and day, an order's changes and the next-order code. Styled like the checkout's forms.

import '../../features/checkout/checkout.css';
import './plan.css';

export { UpcomingOrdersPage } from './upcoming-orders-page';
export { PlanSettingsPage } from './plan-settings-page';
export { CancelPlanPage } from './cancel-plan-page';
export { PausedPage } from './paused-page';
export { WeekEditPage } from './week-edit-page';
export { ChooseRecipesPage, OrderRecipesPage } from './choose-recipes-page';
export { ChangeDatePage } from './change-date-page';
export { ChangeAddressPage, DeliveryInfoPage, OrderEditIndex, OrderEditLayout } from './order-edit-pages';
export { NextOrderVoucherPage } from './next-order-voucher-page';
