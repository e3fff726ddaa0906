import { basketProblems, basketTotals, oneOffFeeApplies, type BasketKindFlags } from '../../../domain/basket';
import { londonDate, weekdayOf, weekStartOf, type IsoDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { isDeliveryDay, isWeekOrderable, orderKindOf, weekLabel } from '../../../domain/menu-weeks';
import { pence } from '../../../domain/money';
import { deliveryDateForWeek } from '../../../domain/orders';
import { orderLineFromBasketLine, type OrderLine } from '../../../domain/basket-summary';
import { applyVoucher, isAddonLineKey, type VoucherTerms } from '../../../domain/vouchers';
import type { DbOrTx } from '../../db/client';
import type { ShopRules } from '../shop';
import { voucherOnBasket } from '../vouchers';
import { readLines as readBasketLines } from '../baskets';

// What a basket costs as orders: one order per meal week, each line with its share of the voucher's
// discount, each week with its delivery fee. The same numbers the basket shows (domain/basket), computed
// again from the database inside the checkout's transaction, never taken from the client.

/** An order line priced from the basket (domain/basket-summary.ts). */
export type PricedOrderLine = OrderLine;

export interface PricedOrder {
  mealWeek: IsoDate;
  deliveryDate: IsoDate;
  lines: PricedOrderLine[];
  subtotal: number;
  discount: number;
  /** The delivery charge: the delivery fee and a one-off box's fee (domain `deliveryCharge`). */
  shippingPrice: number;
  oneOffFee: number;
  total: number;
}

export interface PricedCheckout {
  orders: PricedOrder[];
  voucher: (VoucherTerms & { id: string }) | null;
  totalDiscount: number;
  total: number;
}

/** The basket's lines (baskets' own read), named as an order line names them. */
async function readLines(db: DbOrTx, basketId: string) {
  return (await readBasketLines(db, [basketId])).map((line) => ({
    key: line.id,
    mealWeek: line.mealWeek,
    quantity: line.quantity,
    productVariantId: line.variantId,
    productVariantExtId: line.variantExtId,
    variantTitle: line.variantTitle,
    sku: line.sku,
    price: line.pricePence,
    quantityAvailable: line.quantityAvailable,
    title: line.title,
    tags: line.tags,
    imageUrl: line.imageUrl,
    isAddon: false,
  }));
}

/**
 * Prices a basket for checkout, refusing what cannot be ordered: an empty basket, a week past its cutoff,
 * a week under the minimum, more than is in stock, a delivery date outside the first week, a voucher that
 * no longer applies.
 */
export async function priceBasket(
  db: DbOrTx,
  {
    basketId,
    firstDelivery,
    rules,
    now,
    basket,
  }: {
    basketId: string;
    firstDelivery: IsoDate;
    rules: ShopRules;
    now: Date;
    /**
     * A plan's or a one-off box's: a plan keeps the weekly cutoff, a one-off box may come next day and pays
     * the one-off fee (docs/decisions/0011).
     */
    basket: BasketKindFlags;
  },
): Promise<PricedCheckout> {
  const kind = orderKindOf(basket.startSubscription);
  const rows = (await readLines(db, basketId)).filter((row) => row.quantity > 0);
  if (rows.length === 0) throw new DomainError('ORDER_INVALID', 'Your basket is empty');

  const weeks = [...new Set(rows.map((row) => row.mealWeek as IsoDate))].sort();
  for (const week of weeks) {
    if (!isWeekOrderable(week, now, kind)) {
      throw new DomainError(
        'WEEK_UNAVAILABLE',
        `Orders for ${weekLabel(week)} have closed. Please remove those dishes from your basket and try again.`,
        { mealWeek: week },
      );
    }
  }
  if (!isDeliveryDay(firstDelivery)) {
    throw new DomainError(
      'DELIVERY_DATE_UNAVAILABLE',
      'We don’t deliver on that day. Please choose another date.',
    );
  }
  if (weekStartOf(firstDelivery) !== weeks[0]) {
    throw new DomainError(
      'DELIVERY_DATE_UNAVAILABLE',
      'Choose a delivery date in the week of your first box',
    );
  }
  const short = rows.find((row) => row.quantity > row.quantityAvailable);
  if (short) {
    throw new DomainError(
      'OUT_OF_STOCK',
      short.quantityAvailable === 0
        ? `${short.title} has sold out. Please remove it from your basket.`
        : `Only ${short.quantityAvailable} of ${short.title} left. Please lower the quantity.`,
    );
  }

  const applied = await voucherOnBasket(db, basketId);
  const voucher = applied ? { ...applied.terms, id: applied.id } : null;
  const addon = applied?.addon ?? null;
  const result = applyVoucher(
    weeks.map((mealWeek) => ({
      mealWeek,
      lines: rows
        .filter((row) => row.mealWeek === mealWeek)
        .map((row) => ({
          key: row.key,
          productVariantId: row.productVariantId,
          unitPrice: row.price,
          quantity: row.quantity,
        })),
    })),
    applied?.terms ?? null,
    {
      today: londonDate(now),
      // Usage (limits, once per customer) is checked when the voucher is redeemed, in the same transaction.
      usageProblem: null,
      addon: addon ? { unitPrice: addon.price, title: addon.title } : null,
    },
  );
  if (voucher && !result.state.valid) {
    throw new DomainError('VOUCHER_INVALID', result.state.message || 'Voucher invalid');
  }
  const priced = result.pricing;
  // An AddonVoucher's free dish: a line of its own in each week it covers.
  if (addon) {
    for (const week of result.weeks) {
      for (const line of week.lines.filter((l) => isAddonLineKey(l.key))) {
        rows.push({
          key: line.key,
          mealWeek: week.mealWeek,
          quantity: line.quantity,
          productVariantId: line.productVariantId,
          productVariantExtId: addon.productVariantExtId,
          variantTitle: addon.variantTitle,
          sku: addon.sku,
          price: line.unitPrice,
          quantityAvailable: addon.quantityAvailable,
          title: addon.title,
          tags: addon.tags,
          imageUrl: addon.imageUrl,
          isAddon: true,
        });
      }
    }
  }
  const discountOf = new Map(
    priced.weeks.flatMap((week) => week.lines.map((line) => [line.key, line.discount])),
  );

  const totals = basketTotals(
    rows.map((row) => ({
      mealWeek: row.mealWeek as IsoDate,
      unitPrice: pence(row.price),
      quantity: row.quantity,
      discount: pence(discountOf.get(row.key) ?? 0),
    })),
    weekdayOf(firstDelivery),
    rules,
    { oneOff: oneOffFeeApplies(basket) },
  );
  const problems = basketProblems(totals, rules);
  if (problems.length > 0) throw new DomainError('BASKET_INVALID', problems[0]!.message);

  const orders = totals.weeks.map((week): PricedOrder => {
    const lines = rows
      .filter((row) => row.mealWeek === week.mealWeek)
      .map((row): PricedOrderLine => orderLineFromBasketLine(row, discountOf.get(row.key) ?? 0));
    return {
      mealWeek: week.mealWeek,
      deliveryDate: deliveryDateForWeek(firstDelivery, week.mealWeek),
      lines,
      subtotal: week.lineItemsPrice,
      discount: week.discount,
      shippingPrice: week.charge,
      oneOffFee: week.oneOffFee,
      total: week.subtotal + week.charge,
    };
  });
  return {
    orders,
    voucher,
    totalDiscount: totals.totalDiscount,
    total: orders.reduce((sum, order) => sum + order.total, 0),
  };
}
