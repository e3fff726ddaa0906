// The back office's running of the shop (issue 25 part 3): voucher codes (the vouchers area's tables, through
// its face), each change audited (the staff area's).

export { shopAdminRoutes } from './shop-admin.routes';
export { BannersAdminService } from './banners-admin.service';
export { RestaurantsAdminService } from './restaurants-admin.service';
export { SettingsAdminService } from './settings-admin.service';
export { VouchersAdminService } from './vouchers-admin.service';
