// The back office's events (issue 25 part 3): the HTTP edge for a coming date's seats and prices. The slots
// are the events area's, changed through its face (EventSlotsAdminService), each change audited.

export { eventsAdminRoutes } from './events-admin.routes';
