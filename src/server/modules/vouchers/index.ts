// The vouchers area's public face: codes, their terms, the voucher on a basket as pricing sees it, and
// redemptions (taken when orders are placed, released when they are given up).

export {
  putVoucherOnBasket,
  redeemVoucher,
  releaseVoucher,
  takeRedemption,
  takeVoucherOffBasket,
  voucherForBasket,
  voucherOnBasket,
  VouchersService,
} from './vouchers.service';
export {
  basketHasVoucher,
  customerUsageProblem,
  findVoucherByCode,
  findVoucherById,
  loadAppliedVouchers,
  toTerms,
  prepareAppliedVoucher,
  voucherCodeOf,
  voucherCodes,
} from './vouchers.repo';
export { createPersonalVoucher, personalVouchersOf } from './personal-vouchers';
export { countVoucherAttempt, type CountCodeAttempt } from './voucher-attempts';
export { voucherRoutes } from './vouchers.routes';
export {
  findShopVoucher,
  insertShopVoucher,
  listShopVouchers,
  updateShopVoucher,
  type VoucherRecord,
  type VoucherValues,
} from './voucher-admin';
