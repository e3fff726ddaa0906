import type { VoucherAdminBody } from '../../../contracts/back-office-shop';
import { normaliseVoucherCode } from '../../../domain/vouchers';

// What a voucher code made or changed in the back office must be (issue 25 part 3). Pure: each problem names
// its field, so the editor shows it there; nothing is written while there is one.

export interface FieldProblem {
  field: keyof VoucherAdminBody;
  message: string;
}

export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;

export function voucherProblems(body: VoucherAdminBody, timesRedeemed = 0): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (field: FieldProblem['field'], message: string) => problems.push({ field, message });
  if (!CODE_PATTERN.test(normaliseVoucherCode(body.code))) {
    add(
      'code',
      'A code is 3 to 40 letters, digits, hyphens or underscores, starting with a letter or digit.',
    );
  }
  if (body.endDate === null) add('endDate', 'Give the voucher an end date: every code stops some day.');
  if (body.startDate !== null && body.endDate !== null && body.endDate < body.startDate) {
    add('endDate', 'The end date is before the start date.');
  }
  if (body.type === 'AddonVoucher') {
    if (body.addonVariantId === null) add('addonVariantId', 'Choose the dish a free-item code adds.');
  } else if (body.type === 'CreditVoucher') {
    if (body.valueType !== 'fixed_amount')
      add('valueType', 'A credit code adds an amount of credit, not a percentage.');
    else if (body.value < 1) add('value', 'A credit code adds at least £0.01.');
  } else if (body.valueType === 'percentage') {
    if (body.value < 1 || body.value > 100) add('value', 'A percentage is from 1 to 100.');
  } else if (body.value < 0) {
    add('value', 'An amount off can’t be below £0.00.');
  }
  if (body.minimumSpendPerOrder !== null && body.minimumSpendPerOrder < 0) {
    add('minimumSpendPerOrder', 'A minimum spend can’t be below £0.00.');
  }
  if (body.usageLimit !== null && body.usageLimit < 1) {
    add('usageLimit', 'A limit is at least 1 use (leave it empty for no limit).');
  } else if (body.usageLimit !== null && body.usageLimit < timesRedeemed) {
    add('usageLimit', `This code has been used ${timesRedeemed} times: the limit can’t be below that.`);
  }
  return problems;
}

/** In date on London's `today` and not used up. */
export function voucherActive(
  voucher: {
    startDate: string | null;
    endDate: string | null;
    usageLimit: number | null;
    timesRedeemed: number;
  },
  today: string,
): boolean {
  if (voucher.startDate !== null && today < voucher.startDate) return false;
  if (voucher.endDate !== null && today > voucher.endDate) return false;
  return voucher.usageLimit === null || voucher.timesRedeemed < voucher.usageLimit;
}
