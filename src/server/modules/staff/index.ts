// The staff area's public face (issue 25 part 1): the people who run the shop, their roles (shop-wide here,
// the kitchen's through the kitchen's face), invitations, the capability check every back-office call makes
// (`requireCapability` in ./roles), and the audit log every staff change is written to in its own transaction
// (`recordChange` in ./audit). Export them here as another area's back-office calls start to use them.

export { StaffService } from './staff.service';
export { staffRoutes } from './staff.routes';
export { addShopStaff, hasShopRole, listShopStaff, removeShopStaff } from './roles';
export { requireCapability } from './roles';
export { recordChange } from './audit';
