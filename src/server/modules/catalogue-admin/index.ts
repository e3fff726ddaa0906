// The back office's catalogue (issue 25 part 2): dishes, pictures and weekly menus (the menu area's tables, through
// its face) and the takeaway menu per restaurant (the restaurants area's), each change audited (the staff area's).

export { CatalogueAdminService } from './catalogue-admin.service';
export { catalogueAdminRoutes } from './catalogue-admin.routes';
export { TakeawayAdminService } from './takeaway-admin.service';
