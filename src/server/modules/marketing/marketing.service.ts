import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { customerTypeOf } from '../../../domain/experiments';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { marketingBanners, marketingOffers } from '../../db/schema/shop';
import { orderFlags } from '../customers';
import { customerUsageProblem, findVoucherByCode } from '../vouchers';

// Banners and offers as they stand now: active and inside their window, in position order.

export class MarketingService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async activeBanners() {
    const now = this.clock.now();
    return await this.db
      .select()
      .from(marketingBanners)
      .where(
        and(
          eq(marketingBanners.active, true),
          or(isNull(marketingBanners.startsAt), lte(marketingBanners.startsAt, now)),
          or(isNull(marketingBanners.endsAt), gt(marketingBanners.endsAt, now)),
        ),
      )
      .orderBy(asc(marketingBanners.position), asc(marketingBanners.id));
  }

  /**
   * The offers for this customer (or a visitor): new until a first paid order, then existing. Each comes
   * with its code's voucher, if the code still names one, and why the customer cannot use it, if not.
   */
  async offersFor(customerId: string | null) {
    const now = this.clock.now();
    const customerType = customerTypeOf(customerId ? await orderFlags(this.db, customerId) : null);
    const rows = await this.db
      .select()
      .from(marketingOffers)
      .where(
        and(
          eq(marketingOffers.active, true),
          or(isNull(marketingOffers.customerType), eq(marketingOffers.customerType, customerType)),
          or(isNull(marketingOffers.startsAt), lte(marketingOffers.startsAt, now)),
          or(isNull(marketingOffers.endsAt), gt(marketingOffers.endsAt, now)),
        ),
      )
      .orderBy(asc(marketingOffers.position), asc(marketingOffers.id));
    const offers = [];
    for (const row of rows) {
      const voucher = row.voucherCode ? await findVoucherByCode(this.db, row.voucherCode) : null;
      const problem = voucher && customerId ? await customerUsageProblem(this.db, voucher, customerId) : null;
      offers.push({ row, voucher, problem });
    }
    return { customerType, offers };
  }
}
