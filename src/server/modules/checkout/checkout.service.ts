import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { CheckoutMeta, Order, RecipeKitOrderBody } from '../../../contracts/orders';
import { addWeeks, isoDate, londonDate, type IsoDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { orderKindOf } from '../../../domain/menu-weeks';
import { deliveryDayOf, planCharge } from '../../../domain/orders';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { basketItems, baskets } from '../../db/schema/baskets';
import { productVariants } from '../../db/schema/catalogue';
import { basketVouchers } from '../../db/schema/vouchers';
import { checkouts } from '../../db/schema/checkout';
import { orderLineItems, orders, type OrderAddress } from '../../db/schema/orders';
import { payments } from '../../db/schema/payments';
import { scheduleWeeks, subscriptions } from '../../db/schema/subscriptions';
import { addresses, customers } from '../../db/schema/customers';
import { findOwnedBasket, type BasketOwner } from '../baskets/baskets.repo';
import { assertDeliverable, DEFAULT_ONE_OFF_FEE } from '../delivery/delivery.service';
import { readOneOffFee } from '../delivery/delivery.repo';
import type { ShopRules, ShopRulesCache } from '../shop/shop.service';
import { redeemVoucher, releaseVoucher } from '../vouchers/vouchers.service';
import { checkoutOrders } from './orders.repo';
import { movePayment } from './payment-state';
import {
  moveCheckout,
  moveCheckoutOrders,
  moveSubscription,
  recordOrdersMade,
  recordStateChange,
  type Mover,
} from '../orders/state-changes';
import { priceBasket, type PricedCheckout } from './pricing';

// The recipe-kit checkout (issue 4 part 6): a basket becomes one order per meal week, and a subscription
// when the basket starts one. Everything that must hold together (stock, the voucher's redemption, the
// orders) happens in one transaction with the basket locked, so a double click, a retry or two tabs get
// the same orders, and fifty customers racing for the last portions never take stock below zero.

export const BASKET_GONE = 'Has error and basket is destroyed';
const HOW_MANY_SCHEDULE_WEEKS = 4;

export type CheckoutRow = typeof checkouts.$inferSelect;

export interface CheckoutResult {
  orders: Order[];
  meta: CheckoutMeta;
  created: boolean;
}

export function snapshot(row: typeof addresses.$inferSelect): OrderAddress {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    zip: row.zip,
    company: row.company,
    region: row.region,
    country: row.country,
    countryCode: row.countryCode,
    phone: row.phone,
    lat: row.lat,
    lon: row.lon,
  };
}

export async function customerAddress(db: DbOrTx, customerId: string, id: string) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)));
  if (!row) throw new DomainError('ADDRESS_NOT_FOUND', 'That address is no longer in your account');
  return row;
}

export function checkoutMeta(
  checkout: Pick<CheckoutRow, 'id' | 'state' | 'total'>,
  creditBalance: number,
  rules: ShopRules,
  basketRequestsCard: boolean,
): CheckoutMeta {
  const plan = planCharge({
    total: checkout.total,
    creditBalance,
    useCredit: true,
    minimumCardCharge: rules.minimumCardCharge,
    basketRequestsCard,
  });
  return {
    checkoutId: checkout.id,
    state: checkout.state,
    total: checkout.total,
    creditBalance,
    creditApplied: plan.creditApplied,
    amountToCharge: plan.charge,
    requestCard: checkout.state === 'open' && plan.requestCard,
    minimumCardCharge: rules.minimumCardCharge,
  };
}

export class CheckoutService {
  constructor(
    private readonly db: Db,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
  ) {}

  /** The orders a basket would make, priced, without writing anything. */
  async preview(owner: BasketOwner, customerId: string, body: RecipeKitOrderBody): Promise<CheckoutResult> {
    const rules = await this.rules.get();
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const basket = await findOwnedBasket(tx, owner, body.basketId);
      if (!basket) throw new DomainError('BASKET_NOT_FOUND', BASKET_GONE);
      const address = await customerAddress(tx, customerId, body.shippingAddressId);
      const priced = await this.priceAndCheck(tx, basket.id, body, address, rules, now);
      const balance = await creditBalance(tx, customerId);
      const draft = { id: 'preview', state: 'open' as const, total: priced.total };
      const orders = priced.orders.map((order, index): Order => ({
        id: `preview-${index + 1}`,
        number: 0,
        state: 'created',
        stateLabel: 'Created',
        failedPayment: false,
        payable: true,
        type: 'ShopifyOrder',
        source: basket.startSubscription ? 'recipe_kit' : 'one_off',
        subscriptionId: null,
        checkoutId: 'preview',
        mealWeek: order.mealWeek,
        deliveryDate: order.deliveryDate,
        deliveryNote: body.deliveryNote ?? null,
        shippingAddress: snapshot(address),
        billingAddress: null,
        voucherCode: priced.voucher?.code ?? null,
        gift: null,
        subtotal: order.subtotal,
        discount: order.discount,
        shippingPrice: order.shippingPrice,
        total: order.total,
        createdAt: now.toISOString(),
        lineItems: order.lines.map((line, position) => ({
          id: `preview-${index + 1}-${position + 1}`,
          productVariantId: String(line.productVariantId),
          productVariantExtId: line.productVariantExtId,
          title: line.title,
          variantTitle: line.variantTitle,
          sku: line.sku,
          imageUrl: line.imageUrl,
          tags: line.tags,
          price: line.price,
          quantity: line.quantity,
          discount: line.discount,
          total: line.total,
          isAddon: line.isAddon,
        })),
      }));
      return { orders, meta: checkoutMeta(draft, balance, rules, basket.startSubscription), created: false };
    });
  }

  /**
   * POST /orders/recipe_kits. The same basket, unchanged, gives back its open checkout (200); a changed
   * basket replaces it (the old orders are withdrawn, their stock and voucher released).
   */
  async createRecipeKitOrders(
    owner: BasketOwner,
    customerId: string,
    body: RecipeKitOrderBody,
  ): Promise<CheckoutResult> {
    const rules = await this.rules.get();
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const basket = await findOwnedBasket(tx, owner, body.basketId, { lock: true });
      if (!basket) throw new DomainError('BASKET_NOT_FOUND', BASKET_GONE);
      const [open] = await tx
        .select()
        .from(checkouts)
        .where(and(eq(checkouts.basketId, basket.id), eq(checkouts.state, 'open')))
        .for('update');
      if (open) {
        if (open.customerId === customerId && (await this.sameOrders(tx, open, basket.id, body))) {
          return {
            orders: await checkoutOrders(tx, open.id, this.clock.now()),
            meta: checkoutMeta(open, await creditBalance(tx, customerId), rules, basket.startSubscription),
            created: false,
          };
        }
        await withdrawCheckout(tx, open, { actor: 'customer', at: now });
      }

      const address = await customerAddress(tx, customerId, body.shippingAddressId);
      const billing = body.billingAddressId
        ? await customerAddress(tx, customerId, body.billingAddressId)
        : null;
      const priced = await this.priceAndCheck(tx, basket.id, body, address, rules, now);

      const firstDelivery = priced.orders[0]!.deliveryDate;
      let subscriptionId: string | null = null;
      if (basket.startSubscription) {
        const choices = body.subscription ?? {};
        const [subscription] = await tx
          .insert(subscriptions)
          .values({
            customerId,
            name: 'Weekly pasta box',
            state: 'created',
            deliveryDay: deliveryDayOf(firstDelivery),
            firstDelivery,
            frequency: choices.frequency ?? basket.frequency ?? 1,
            numberOfRecipes:
              choices.numberOfRecipes ??
              Math.max(
                1,
                Math.min(
                  10,
                  priced.orders[0]!.lines.reduce((n, line) => n + line.quantity, 0),
                ),
              ),
            deliveryNote: body.deliveryNote ?? null,
            dietary: choices.dietary ?? {},
            shippingAddress: snapshot(address),
            billingAddress: billing ? snapshot(billing) : null,
          })
          .returning({ id: subscriptions.id });
        subscriptionId = subscription!.id;
        await recordStateChange(tx, 'subscription', subscriptionId, null, 'created', {
          actor: 'customer',
          at: now,
        });
      }

      const [checkout] = await tx
        .insert(checkouts)
        .values({
          customerId,
          basketId: basket.id,
          basketVersion: basket.updatedAt,
          kind: basket.startSubscription ? 'recipe_kit' : 'one_off',
          voucherId: priced.voucher?.id ?? null,
          subscriptionId,
          total: priced.total,
          updatedAt: now,
        })
        .returning();
      const placedBy: Mover = { actor: 'customer', at: now };
      await recordStateChange(tx, 'checkout', checkout!.id, null, 'open', placedBy);

      for (const order of priced.orders) {
        const [row] = await tx
          .insert(orders)
          .values({
            customerId,
            checkoutId: checkout!.id,
            subscriptionId,
            source: basket.startSubscription ? 'recipe_kit' : 'one_off',
            mealWeek: order.mealWeek,
            deliveryDate: order.deliveryDate,
            deliveryNote: body.deliveryNote ?? null,
            shippingAddress: snapshot(address),
            billingAddress: billing ? snapshot(billing) : null,
            voucherId: priced.voucher?.id ?? null,
            subtotal: order.subtotal,
            totalDiscounts: order.discount,
            shippingPrice: order.shippingPrice,
            total: order.total,
          })
          .returning({ id: orders.id, state: orders.state });
        await recordOrdersMade(tx, [row!], placedBy);
        await tx.insert(orderLineItems).values(
          order.lines.map((line, position) => ({
            orderId: row!.id,
            productVariantId: line.productVariantId,
            productVariantExtId: line.productVariantExtId,
            title: line.title,
            variantTitle: line.variantTitle,
            sku: line.sku,
            imageUrl: line.imageUrl,
            tags: line.tags,
            price: line.price,
            quantity: line.quantity,
            discount: line.discount,
            total: line.total,
            isAddon: line.isAddon,
            position,
          })),
        );
        if (subscriptionId) {
          await tx.insert(scheduleWeeks).values({
            subscriptionId,
            startDate: order.mealWeek,
            deliveryDate: order.deliveryDate,
            originalDeliveryDate: order.deliveryDate,
            billingDate: order.mealWeek,
            orderId: row!.id,
          });
        }
      }
      await takeStock(
        tx,
        priced.orders.flatMap((order) => order.lines),
      );
      if (priced.voucher) {
        await redeemVoucher(tx, {
          voucherId: priced.voucher.id,
          customerId,
          checkoutId: checkout!.id,
          amount: priced.totalDiscount,
          today: londonDate(now),
        });
      }
      return {
        orders: await checkoutOrders(tx, checkout!.id, now),
        meta: checkoutMeta(checkout!, await creditBalance(tx, customerId), rules, basket.startSubscription),
        created: true,
      };
    });
  }

  private async priceAndCheck(
    tx: DbOrTx,
    basketId: string,
    body: RecipeKitOrderBody,
    address: typeof addresses.$inferSelect,
    rules: ShopRules,
    now: Date,
  ): Promise<PricedCheckout> {
    if (!address.zip || !address.address1) {
      throw new DomainError('ORDER_INVALID', 'Add a delivery address with a street and postcode');
    }
    const [basket] = await tx.select().from(baskets).where(eq(baskets.id, basketId));
    const oneOffFee =
      basket && basket.oneOffFeeApplicable && !basket.startSubscription ? await oneOffFeeSetting(tx) : 0;
    const kind = orderKindOf(basket?.startSubscription ?? true);
    const priced = await priceBasket(tx, {
      basketId,
      firstDelivery: isoDate(body.deliveryDate),
      rules,
      now,
      oneOffFee,
      kind,
    });
    for (const order of priced.orders) {
      await assertDeliverable(tx, {
        postcode: address.zip,
        deliveryDate: order.deliveryDate,
        productVariantIds: order.lines.map((line) => line.productVariantId),
        now,
        kind,
      });
    }
    return priced;
  }

  /**
   * Whether an open checkout is what this basket and these choices would make: the same lines (dish, week,
   * quantity), voucher, address, delivery date and note. Then placing again returns it.
   */
  private async sameOrders(
    tx: DbOrTx,
    open: CheckoutRow,
    basketId: string,
    body: RecipeKitOrderBody,
  ): Promise<boolean> {
    const placed = await checkoutOrders(tx, open.id, this.clock.now());
    const first = placed[0];
    if (!first) return false;
    const lines = await tx
      .select({
        variantId: basketItems.productVariantId,
        mealWeek: basketItems.mealWeek,
        quantity: basketItems.quantity,
      })
      .from(basketItems)
      .where(eq(basketItems.basketId, basketId));
    const key = (variantId: string | number | null, mealWeek: string | null, quantity: number) =>
      `${variantId}:${mealWeek}:${quantity}`;
    const inBasket = lines.map((line) => key(line.variantId, line.mealWeek, line.quantity)).sort();
    const inOrders = placed
      .flatMap((order) =>
        order.lineItems.map((line) => key(line.productVariantId, order.mealWeek, line.quantity)),
      )
      .sort();
    const [voucher] = await tx
      .select({ id: basketVouchers.voucherId })
      .from(basketVouchers)
      .where(eq(basketVouchers.basketId, basketId));
    const [address] = await tx.select().from(addresses).where(eq(addresses.id, body.shippingAddressId));
    return (
      JSON.stringify(inBasket) === JSON.stringify(inOrders) &&
      (voucher?.id ?? null) === open.voucherId &&
      first.deliveryDate === body.deliveryDate &&
      (first.deliveryNote ?? null) === (body.deliveryNote ?? null) &&
      address !== undefined &&
      Object.entries(snapshot(address)).every(
        ([key, value]) => first.shippingAddress[key as keyof OrderAddress] === value,
      )
    );
  }
}

/**
 * An open checkout replaced (the basket changed) or abandoned before any payment: its orders are withdrawn
 * (deleted), their stock and voucher released. One with a payment under way cannot be withdrawn.
 */
export async function withdrawCheckout(tx: DbOrTx, checkout: CheckoutRow, by: Mover): Promise<void> {
  await abandonPaymentsInFlight(tx, checkout, 'Abandoned: the basket changed', by);
  await releaseHeld(tx, checkout);
  if (checkout.subscriptionId)
    await tx.delete(subscriptions).where(eq(subscriptions.id, checkout.subscriptionId));
  await tx.delete(orders).where(eq(orders.checkoutId, checkout.id));
  await moveCheckout(tx, checkout, 'cancelled', {
    ...by,
    reason: by.reason ?? 'Withdrawn: the basket changed',
  });
}

/**
 * An open checkout whose payments failed and that was left so: its orders stay in the customer's history as
 * cancelled, their stock and voucher are released and the plan it would have started is cancelled.
 */
export async function cancelCheckout(tx: DbOrTx, checkout: CheckoutRow, by: Mover): Promise<void> {
  await abandonPaymentsInFlight(tx, checkout, 'Abandoned: not paid in time', by);
  await releaseHeld(tx, checkout);
  if (checkout.subscriptionId) await moveSubscription(tx, checkout.subscriptionId, 'cancelled', by);
  await moveCheckoutOrders(tx, checkout.id, 'cancelled', by);
  await moveCheckout(tx, checkout, 'cancelled', by);
}

/**
 * A 3-D Secure check or PayPal approval left unfinished is given up: the payment fails with its credit back,
 * and its intent is marked for cancelling at the processor (payments.service cancelAbandonedIntents, right
 * after this transaction and in every recovery pass); should the customer complete it first, the charge is
 * refunded. A charge being made right now cannot be abandoned.
 */
async function abandonPaymentsInFlight(
  tx: DbOrTx,
  checkout: CheckoutRow,
  reason: string,
  by: Mover,
): Promise<void> {
  const inFlight = await tx
    .select()
    .from(payments)
    .where(
      and(eq(payments.checkoutId, checkout.id), inArray(payments.status, ['processing', 'requires_action'])),
    )
    .for('update');
  if (inFlight.some((payment) => payment.status === 'processing')) {
    throw new DomainError('CONFLICT', 'Your payment is being processed. Please wait a moment.');
  }
  for (const payment of inFlight) {
    await movePayment(
      tx,
      payment,
      'failed',
      {
        failureMessage: reason,
        nextActionUrl: null,
        intentCancel: payment.intentCancel ?? (payment.intentId ? 'pending' : null),
      },
      { ...by, reason },
    );
  }
}

/** What an open checkout holds back from others: its dishes' stock and its voucher's redemption. */
async function releaseHeld(tx: DbOrTx, checkout: CheckoutRow): Promise<void> {
  const lines = await tx
    .select({ variantId: orderLineItems.productVariantId, quantity: orderLineItems.quantity })
    .from(orderLineItems)
    .innerJoin(orders, eq(orders.id, orderLineItems.orderId))
    .where(eq(orders.checkoutId, checkout.id));
  for (const line of lines) {
    if (line.variantId === null) continue;
    await tx
      .update(productVariants)
      .set({ quantityAvailable: sql`${productVariants.quantityAvailable} + ${line.quantity}` })
      .where(eq(productVariants.id, line.variantId));
  }
  if (checkout.voucherId) await releaseVoucher(tx, checkout.id);
}

/**
 * How long unpaid orders hold their stock and voucher: a checkout nobody tried to pay, 2 hours after it was
 * last touched; one whose payments failed (the customer may come back to /payment/{orderId}), 48 hours
 * after the last attempt. A charge under way is left to payment recovery.
 */
export const ABANDONED_UNPAID_MS = 2 * 60 * 60 * 1000;
export const ABANDONED_FAILED_MS = 48 * 60 * 60 * 1000;

/** Gives back what abandoned checkouts hold, as of `now` on the shop's clock (checkouts and payments are stamped on it). */
export async function releaseAbandonedCheckouts(db: Db, now: Date): Promise<number> {
  const by: Mover = { actor: 'job:checkouts-release', at: now };
  const candidates = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.state, 'open'),
        lt(checkouts.updatedAt, new Date(now.getTime() - ABANDONED_UNPAID_MS)),
      ),
    )
    .orderBy(asc(checkouts.updatedAt))
    .limit(100);
  let released = 0;
  for (const { id } of candidates) {
    const done = await db.transaction(async (tx) => {
      // Skipped when someone holds it (a customer paying, placing again, or another server doing this).
      const [checkout] = await tx
        .select()
        .from(checkouts)
        .where(and(eq(checkouts.id, id), eq(checkouts.state, 'open')))
        .for('update', { skipLocked: true });
      if (!checkout) return false;
      const attempts = await tx
        .select({ status: payments.status, updatedAt: payments.updatedAt })
        .from(payments)
        .where(eq(payments.checkoutId, id));
      if (attempts.some((attempt) => attempt.status === 'processing')) return false;
      const lastTouched = Math.max(
        checkout.updatedAt.getTime(),
        ...attempts.map((attempt) => attempt.updatedAt.getTime()),
      );
      if (attempts.length === 0) {
        if (now.getTime() - lastTouched < ABANDONED_UNPAID_MS) return false;
        await withdrawCheckout(tx, checkout, { ...by, reason: 'Not paid within 2 hours' });
        return true;
      }
      if (now.getTime() - lastTouched < ABANDONED_FAILED_MS) return false;
      await cancelCheckout(tx, checkout, { ...by, reason: 'Not paid within 48 hours of a failed payment' });
      return true;
    });
    if (done) released += 1;
  }
  return released;
}

/** Stock for every line, or nothing: a conditional decrement that can never go below zero. */
export async function takeStock(
  tx: DbOrTx,
  lines: readonly { productVariantId: number; quantity: number; title: string }[],
): Promise<void> {
  const wanted = new Map<number, { quantity: number; title: string }>();
  for (const line of lines) {
    const seen = wanted.get(line.productVariantId);
    wanted.set(line.productVariantId, {
      quantity: (seen?.quantity ?? 0) + line.quantity,
      title: line.title,
    });
  }
  for (const [variantId, { quantity, title }] of [...wanted.entries()].sort(([a], [b]) => a - b)) {
    const taken = await tx
      .update(productVariants)
      .set({ quantityAvailable: sql`${productVariants.quantityAvailable} - ${quantity}` })
      .where(and(eq(productVariants.id, variantId), sql`${productVariants.quantityAvailable} >= ${quantity}`))
      .returning({ id: productVariants.id });
    if (taken.length === 0) {
      throw new DomainError('OUT_OF_STOCK', `${title} has just sold out. Please change your basket.`);
    }
  }
}

/** The one-off delivery fee setting (pence), £2.99 when unset. */
async function oneOffFeeSetting(db: DbOrTx): Promise<number> {
  const value = await readOneOffFee(db);
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= 100_000
    ? value
    : DEFAULT_ONE_OFF_FEE;
}

export async function creditBalance(db: DbOrTx, customerId: string): Promise<number> {
  const [row] = await db
    .select({ balance: customers.storeCredits })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.balance ?? 0;
}

/** The weeks after the checkout's, on the plan's rhythm, for the schedule (billed at each week's cutoff). */
export function followingWeeks(
  lastWeek: IsoDate,
  frequency: number,
  count = HOW_MANY_SCHEDULE_WEEKS,
): IsoDate[] {
  return Array.from({ length: count }, (_, i) => addWeeks(lastWeek, frequency * (i + 1)));
}

/** Baskets are kept until paid; a paid checkout empties its basket (in the payment's transaction). */
export async function emptyBasket(tx: DbOrTx, basketId: string | null): Promise<void> {
  if (basketId) await tx.delete(baskets).where(eq(baskets.id, basketId));
}
