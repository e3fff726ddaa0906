import type { RecipeKitOrderBody } from '../../../contracts/orders';
import { isoDate, londonDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { orderKindOf } from '../../../domain/menu-weeks';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import type { BasketOwner } from '../../security/basket-owner';
import { BASKET_GONE, findOwnedBasket, readLines, type BasketRow } from '../baskets';
import { creditBalance } from '../credit';
import { addressSnapshot, customerAddress, type AddressRow } from '../customers';
import { assertDeliverable } from '../delivery';
import { takeStock } from '../menu';
import {
  checkoutMeta,
  checkoutOrders,
  placeOrders,
  previewOrders,
  type CheckoutEndings,
  type CheckoutResult,
  type CheckoutRow,
  type Mover,
  type OrderDraft,
  lockOpenCheckoutOfBasket,
} from '../orders';
import type { ShopRules, ShopRulesCache } from '../shop';
import { addPlannedWeek, createPlan, previewPlanTerms, type PlanTermsInput } from '../subscriptions';
import { redeemVoucher, voucherForBasket } from '../vouchers';
import { priceBasket, type PricedCheckout } from './pricing';

// The recipe-kit checkout (issue 4 part 6; issue 10): a basket becomes one order per meal week, and a plan
// when the basket starts one. Placing reads as its steps: price the basket → hold the stock → place the
// orders (and the plan) → redeem the voucher; paying them is the payments area's (POST /payments), and what
// a paid checkout means is this area's order kind (recipe-kit-kind.ts). Everything that must hold together
// happens in one transaction with the basket locked, so a double click, a retry or two tabs get the same
// orders, and fifty customers racing for the last portions never take stock below zero.

export class CheckoutService {
  constructor(
    private readonly db: Db,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
    private readonly endings: CheckoutEndings,
  ) {}

  /** The orders a basket would make, priced, without writing anything. */
  async preview(owner: BasketOwner, customerId: string, body: RecipeKitOrderBody): Promise<CheckoutResult> {
    const rules = await this.rules.get();
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const basket = await findOwnedBasket(tx, owner, body.basketId);
      if (!basket) throw new DomainError('BASKET_NOT_FOUND', BASKET_GONE);
      const address = await customerAddress(tx, customerId, body.shippingAddressId);
      const priced = await this.price(tx, basket, body, address, rules, now);
      const drafts = this.drafts(priced, body, address, null);
      const draft = { id: 'preview', state: 'open' as const, total: priced.total };
      const meta = checkoutMeta(draft, await creditBalance(tx, customerId), rules, basket.startSubscription);
      // A basket that starts a plan: what the plan charges when, said before paying (issue 19 item 6).
      const plan = basket.startSubscription
        ? await previewPlanTerms(tx, this.planOf(customerId, basket, body, priced), rules, now)
        : null;
      return {
        orders: previewOrders(drafts, sourceOf(basket), now),
        meta: plan ? { ...meta, plan } : meta,
        created: false,
      };
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
    const by: Mover = { actor: 'customer', at: now };
    return this.db.transaction(async (tx) => {
      const basket = await findOwnedBasket(tx, owner, body.basketId, { lock: true });
      if (!basket) throw new DomainError('BASKET_NOT_FOUND', BASKET_GONE);
      const open = await this.openCheckoutOf(tx, basket.id);
      if (open) {
        if (open.customerId === customerId && (await this.sameOrders(tx, open, basket.id, body))) {
          return this.result(tx, open, customerId, rules, basket, false);
        }
        await this.endings.withdraw(tx, open, by);
      }

      // 1. Price the basket, checked for delivery (address, dates, stock and menu on each day).
      const address = await customerAddress(tx, customerId, body.shippingAddressId);
      const billing = body.billingAddressId
        ? await customerAddress(tx, customerId, body.billingAddressId)
        : null;
      const priced = await this.price(tx, basket, body, address, rules, now);
      // 2. Hold the stock.
      await takeStock(
        tx,
        priced.orders.flatMap((order) => order.lines),
      );
      // 3. Place the plan, if the basket starts one, and the orders.
      const drafts = this.drafts(priced, body, address, billing);
      const subscriptionId = basket.startSubscription
        ? await createPlan(
            tx,
            {
              ...this.planOf(customerId, basket, body, priced),
              deliveryNote: body.deliveryNote ?? null,
              shippingAddress: addressSnapshot(address),
              billingAddress: billing ? addressSnapshot(billing) : null,
            },
            by,
          )
        : null;
      const { checkout, orderIds } = await placeOrders(
        tx,
        {
          customerId,
          kind: basket.startSubscription ? 'recipe_kit' : 'one_off',
          basketId: basket.id,
          basketVersion: basket.updatedAt,
          voucherId: priced.voucher?.id ?? null,
          subscriptionId,
          total: priced.total,
        },
        drafts,
        sourceOf(basket),
        by,
      );
      if (subscriptionId) {
        for (const [index, order] of drafts.entries()) {
          await addPlannedWeek(tx, {
            subscriptionId,
            mealWeek: order.mealWeek,
            deliveryDate: order.deliveryDate,
            orderId: orderIds[index]!,
          });
        }
      }
      // 4. Redeem the voucher (its usage limits are checked here, in the same transaction).
      if (priced.voucher) {
        await redeemVoucher(tx, {
          voucherId: priced.voucher.id,
          customerId,
          checkoutId: checkout.id,
          amount: priced.totalDiscount,
          today: londonDate(now),
        });
      }
      return this.result(tx, checkout, customerId, rules, basket, true);
    });
  }

  /** The plan a basket starts, as placing makes it and as its terms are previewed before paying. */
  private planOf(
    customerId: string,
    basket: BasketRow,
    body: RecipeKitOrderBody,
    priced: PricedCheckout,
  ): PlanTermsInput {
    return {
      customerId,
      firstDelivery: priced.orders[0]!.deliveryDate,
      frequency: body.subscription?.frequency ?? basket.frequency ?? 1,
      numberOfRecipes:
        body.subscription?.numberOfRecipes ??
        priced.orders[0]!.lines.reduce((n, line) => n + line.quantity, 0),
      dietary: body.subscription?.dietary ?? {},
      paid: priced.orders,
    };
  }

  private async openCheckoutOf(tx: DbOrTx, basketId: string): Promise<CheckoutRow | null> {
    return lockOpenCheckoutOfBasket(tx, basketId);
  }

  private async result(
    tx: DbOrTx,
    checkout: CheckoutRow,
    customerId: string,
    rules: ShopRules,
    basket: BasketRow,
    created: boolean,
  ): Promise<CheckoutResult> {
    return {
      orders: await checkoutOrders(tx, checkout.id, this.clock.now()),
      meta: checkoutMeta(checkout, await creditBalance(tx, customerId), rules, basket.startSubscription),
      created,
    };
  }

  private async price(
    tx: DbOrTx,
    basket: BasketRow,
    body: RecipeKitOrderBody,
    address: AddressRow,
    rules: ShopRules,
    now: Date,
  ): Promise<PricedCheckout> {
    if (!address.zip || !address.address1) {
      throw new DomainError('ORDER_INVALID', 'Add a delivery address with a street and postcode');
    }
    const kind = orderKindOf(basket.startSubscription);
    const priced = await priceBasket(tx, {
      basketId: basket.id,
      firstDelivery: isoDate(body.deliveryDate),
      rules,
      now,
      basket,
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

  private drafts(
    priced: PricedCheckout,
    body: RecipeKitOrderBody,
    address: AddressRow,
    billing: AddressRow | null,
  ): OrderDraft[] {
    return priced.orders.map((order) => ({
      mealWeek: order.mealWeek,
      deliveryDate: order.deliveryDate,
      deliveryNote: body.deliveryNote ?? null,
      shippingAddress: addressSnapshot(address),
      billingAddress: billing ? addressSnapshot(billing) : null,
      voucherId: priced.voucher?.id ?? null,
      voucherCode: priced.voucher?.code ?? null,
      subtotal: order.subtotal,
      discount: order.discount,
      shippingPrice: order.shippingPrice,
      oneOffFee: order.oneOffFee,
      total: order.total,
      lines: order.lines,
    }));
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
    const key = (variantId: string | number | null, mealWeek: string | null, quantity: number) =>
      `${variantId}:${mealWeek}:${quantity}`;
    const inBasket = (await readLines(tx, [basketId]))
      .map((line) => key(line.variantId, line.mealWeek, line.quantity))
      .sort();
    const inOrders = placed
      .flatMap((order) =>
        order.lineItems.map((line) => key(line.productVariantId, order.mealWeek, line.quantity)),
      )
      .sort();
    const voucher = await voucherForBasket(tx, basketId);
    const address = await customerAddress(tx, open.customerId, body.shippingAddressId).catch(() => null);
    return (
      JSON.stringify(inBasket) === JSON.stringify(inOrders) &&
      (voucher?.id ?? null) === open.voucherId &&
      first.deliveryDate === body.deliveryDate &&
      (first.deliveryNote ?? null) === (body.deliveryNote ?? null) &&
      address !== null &&
      Object.entries(addressSnapshot(address)).every(
        ([field, value]) => first.shippingAddress[field as keyof typeof first.shippingAddress] === value,
      )
    );
  }
}

const sourceOf = (basket: BasketRow) => (basket.startSubscription ? 'recipe_kit' : 'one_off');
