// The back office's orders and customers (issue 25 part 4): finding orders and customers, an order's payments,
// refunds, history and emails, refunds to the card or as credit, a customer's credit adjusted and their plan
// changed on their behalf. It composes the faces of orders, payments, credit, customers, subscriptions and
// support, and owns the refunds staff give (order_refunds).

export { BackOfficeOrdersService } from './back-office-orders.service';
export { backOfficeOrderRoutes } from './back-office-orders.routes';
export { refundsOnOrders } from './order-extras';
