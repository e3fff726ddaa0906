// The kitchen area's public face (issue 13 part 3): restaurant staff and their kitchen screen (live tickets,
// each ticket's steps, snoozes, busy mode), and the staff command's use cases.

export { KitchenService } from './kitchen.service';
export { rejectUnacceptedTakeaways } from './rejection';
export {
  addStaff,
  kitchenMemberships,
  kitchenRestaurantIdsOf,
  listStaff,
  removeStaff,
  requireStaffOf,
  setKitchenRestaurants,
  staffContactsOf,
} from './staff';
export { kitchenRoutes } from './kitchen.routes';
