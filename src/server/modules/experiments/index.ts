// The experiments' public face (issue 23 part 6, decision 30): which variant of each running experiment a
// visitor sees, the customer's recorded variant, and the routes. Part of marketing in the architecture's
// map; its own area because it owns its tables.

export { ExperimentsService } from './experiments.service';
export { experimentRoutes } from './experiments.routes';
