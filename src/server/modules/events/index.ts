// The events area's public face (issue 22, decision 29): what is on (templates, their add-ons, dated slots at
// the restaurants hosting them), booking seats as the `event_booking` order kind, and what paying for them
// means. A slot's seats are counted by seats.ts only.

export { EventsCatalogueService } from './catalogue.service';
export { EventBookingsService } from './bookings.service';
export { eventKind } from './event-kind';
export { eventRoutes } from './events.routes';
export { MyBookingsService } from './my-bookings.service';
export { BookingChangesService } from './changes.service';
export { EventGuestsService } from './guests.service';
export { EventHostService } from './host.service';
export { EventSlotsAdminService } from './slots-admin.service';
export { bookingEmails } from './event-emails';
export { remindEvents } from './reminders';
export { bookingRoutes } from './bookings.routes';
export { hostRoutes } from './host.routes';
