import type { BasketVoucher } from '../../../contracts/vouchers';
import { DomainError } from '../../../domain/errors';
import {
  normaliseVoucherCode,
  RESET_VOUCHER_STATE,
  VOUCHER_MESSAGES,
  type VoucherState,
} from '../../../domain/vouchers';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { BasketOwner } from '../../security/basket-owner';
import type { ShopRulesCache } from '../shop';
import {
  findVoucherByCode,
  loadAppliedVouchers,
  putVoucherOnBasket,
  takeVoucherOffBasket,
} from '../vouchers';
import { lockOwnedBasket, findOwnedBasket, readLines } from './baskets.repo';
import { toBasket } from './basket-view';
import { BASKET_GONE } from './baskets.service';

// A basket's voucher (spec §3 Voucher, §4 Voucher state, §7 Baskets vouchers): at most one code on a
// basket, shown with its state; the code itself and its redemption are the vouchers area's.

export class BasketVouchersService {
  constructor(
    private readonly db: Db,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
  ) {}

  /**
   * Puts a code on the basket (replacing any other) when it applies; otherwise 400 VOUCHER_INVALID with
   * the reason, and the basket keeps what it had. The basket's customer, if any, is checked for
   * once-per-customer and new-customer codes; a visitor is checked again at checkout.
   */
  async apply(owner: BasketOwner, basketId: string, code: string): Promise<BasketVoucher> {
    const rules = await this.rules.get();
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      // Locks the basket and marks it changed: a checkout made before this sees a new basket version.
      const basket = await lockOwnedBasket(tx, owner, basketId);
      if (!basket) throw new DomainError('BASKET_NOT_FOUND', BASKET_GONE);
      if (basket.type === 'TakeawayBasket') {
        throw new DomainError('VOUCHER_INVALID', 'Voucher codes can’t be used on takeaway orders');
      }
      const voucher = await findVoucherByCode(tx, normaliseVoucherCode(code));
      if (!voucher) throw new DomainError('VOUCHER_INVALID', VOUCHER_MESSAGES.invalidCode);
      if (voucher.type === 'CreditVoucher') {
        throw new DomainError('VOUCHER_INVALID', VOUCHER_MESSAGES.creditCodeOnBasket);
      }
      await putVoucherOnBasket(tx, basket.id, voucher.id);
      const lines = await readLines(tx, [basket.id]);
      const applied = await loadAppliedVouchers(tx, [basket.id]);
      const shown = toBasket(basket, lines, rules, now, applied.get(basket.id) ?? null).voucher ?? null;
      if (!shown) throw new DomainError('VOUCHER_INVALID', VOUCHER_MESSAGES.invalidCode);
      // Rolls the change back: a code that does not apply is not kept.
      if (!shown.state.valid) throw new DomainError('VOUCHER_INVALID', shown.state.message);
      return shown;
    });
  }

  /** The basket's voucher with its state (none: the reset state). */
  async forBasket(
    owner: BasketOwner,
    basketId: string,
  ): Promise<{ voucher: BasketVoucher | null; state: VoucherState }> {
    const basket = await findOwnedBasket(this.db, owner, basketId);
    if (!basket) throw new DomainError('BASKET_NOT_FOUND', BASKET_GONE);
    const [rules, lines, applied] = await Promise.all([
      this.rules.get(),
      readLines(this.db, [basket.id]),
      loadAppliedVouchers(this.db, [basket.id]),
    ]);
    const voucher =
      toBasket(basket, lines, rules, this.clock.now(), applied.get(basket.id) ?? null).voucher ?? null;
    return { voucher, state: voucher?.state ?? RESET_VOUCHER_STATE };
  }

  /** Takes the code off the basket; its state resets. */
  async remove(owner: BasketOwner, basketId: string, voucherId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const basket = await lockOwnedBasket(tx, owner, basketId);
      if (!basket) throw new DomainError('BASKET_NOT_FOUND', BASKET_GONE);
      if (!(await takeVoucherOffBasket(tx, basket.id, voucherId))) {
        throw new DomainError('VOUCHER_NOT_FOUND', 'That code is not on your basket');
      }
    });
  }
}
