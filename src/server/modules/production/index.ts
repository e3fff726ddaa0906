// The production area's public face (issue 25 part 5): the kitchen's production plan for a delivery day, read
// from the orders' face; it owns no table.

export { productionRoutes } from './production.routes';
export { ProductionService } from './production.service';
