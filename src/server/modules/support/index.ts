// The support area's public face (issue 23 part 5, decision 30): questions from customers and visitors,
// their conversations, the support team's inbox and answers, and the beta group's switch.

export { SupportService } from './support.service';
export { supportRoutes } from './support.routes';
export { ticketsOfCustomer } from './customer-tickets';
