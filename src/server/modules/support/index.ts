// The support area's public face (issue 23 part 5, decision 30): questions from customers and visitors,
// their conversations, the support team's inbox and answers, the shop-wide support role and the staff
// command's use cases, and the beta group's switch.

export { SupportService } from './support.service';
export { supportRoutes } from './support.routes';
export { addShopStaff, listShopStaff, removeShopStaff } from './support-staff';
