// The fulfilment area's public face (issue 12 part 2): paid boxes handed to the warehouse and moved on
// through packed, shipped and delivered as their parcels go (the `fulfilment-progress` job).

export { FulfilmentService } from './fulfilment.service';
export { fulfilmentDevRoutes } from './dev.routes';
