import { and, eq, gte, inArray, or } from 'drizzle-orm';
import type { CheckoutMeta } from '../../../contracts/orders';
import type { TakeawayOrder, TakeawayOrderBody } from '../../../contracts/takeaway';
import type { ErrorCode } from '../../../domain/errors';
import { DomainError } from '../../../domain/errors';
import { londonDate } from '../../../domain/calendar';
import { OPEN_TICKET_STATES } from '../../../domain/kitchen';
import { pence } from '../../../domain/money';
import { lineSize } from '../../../domain/takeaway';
import { holdUntil, SLOT_HOLD_MINUTES } from '../../../domain/takeaway-promises';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { checkouts } from '../../db/schema/checkout';
import type { OrderAddress, TakeawayAddress } from '../../../domain/address';
import { orders } from '../../db/schema/orders';
import type { BasketOwner } from '../../http/basket-owner';
import { ErrorResponse } from '../../http/problems';
import { lockAndPriceTakeaway, type PricedTakeaway } from '../baskets';
import { withdrawCheckout } from '../checkout';
import { creditBalance } from '../credit';
import { findCustomerById } from '../customers';
import {
  checkoutMeta,
  checkoutPaid,
  placeOrders,
  type CheckoutRow,
  type Mover,
  type OrderDraft,
} from '../orders';
import { bookSlot } from '../restaurants';
import type { ShopRulesCache } from '../shop';
import { elsewhereFor } from './elsewhere';
import { allergenCodesOf, named, toTakeawayOrder } from './takeaway-order-view';
import {
  insertTakeawayLines,
  insertTakeawayOrder,
  readCustomerTakeawayOrder,
  readTakeawayOrder,
  readTakeawayOrders,
} from './takeaway-orders.repo';

// Placing a takeaway or catering basket as an order (issue 13 part 2; spec §7 POST /orders/takeaway), and the
// customer's view of their takeaway orders. Placing reads as its steps, in one transaction in the money path's
// lock order: lock and price the basket → book a place in its slot (the slot's row locked) → place the order
// (its checkout) with the takeaway side beside it. Paying is POST /payments, as for every order; what a paid
// takeaway means is this area's order kind (takeaway-kind.ts). The same unchanged basket gives back its open
// order, so a double click, a retry or two tabs never book two places.

export interface PlacedTakeaway {
  order: TakeawayOrder;
  meta: CheckoutMeta;
  created: boolean;
}

/** How long a finished order stays among the customer's live orders. */
const LIVE_AFTER_MS = 2 * 60 * 60 * 1000;

export class TakeawayOrdersService {
  constructor(
    private readonly db: Db,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
  ) {}

  async place(owner: BasketOwner, customerId: string, body: TakeawayOrderBody): Promise<PlacedTakeaway> {
    const rules = await this.rules.get();
    const now = this.clock.now();
    const by: Mover = { actor: 'customer', at: now };
    return this.db.transaction(async (tx) => {
      // 1. The basket, locked and priced at now.
      const priced = await lockAndPriceTakeaway(tx, owner, body.basketId, now);
      const open = await openCheckoutOf(tx, priced.basket.id);
      if (open) {
        if (await this.isSame(tx, open, customerId, priced, body))
          return this.result(tx, open, customerId, rules, false);
        await withdrawCheckout(tx, open, { ...by, reason: 'Withdrawn: the basket changed' });
      }
      if (priced.problems.length > 0) {
        throw new ErrorResponse(
          400,
          priced.problems.map((problem) => ({
            status: '400',
            code: problem.code as ErrorCode,
            detail: problem.detail,
            ...(problem.meta ? { meta: problem.meta } : {}),
          })),
        );
      }
      const customer = await findCustomerById(tx, customerId);
      if (!customer) throw new DomainError('CUSTOMER_NOT_FOUND', 'We could not find your account');
      const { details, restaurant } = priced;
      const fulfillmentType = priced.fulfillmentType!;
      const address = details.address;
      const phone = address?.phone ?? customer.phone;
      if (fulfillmentType === 'delivery' && !phone) {
        throw new DomainError('BASKET_INVALID', 'Add a phone number so the rider can reach you', {
          field: 'address.phone',
        });
      }
      // Part 5: a customer with allergens on file confirms the order with them shown.
      const allergens = priced.profile ?? [];
      if (allergens.length > 0 && body.allergensConfirmed !== true) {
        throw new DomainError(
          'ALLERGENS_NOT_CONFIRMED',
          `Please confirm you have checked your order for ${named(allergens)
            .map((a) => a.name.toLowerCase())
            .join(', ')}`,
          {
            allergens: named(allergens),
            conflicts: priced.lines
              .filter((line) => line.conflicts.length > 0)
              .map((line) => ({
                itemId: line.item.id,
                title: line.product?.title ?? '',
                allergens: line.conflicts,
              })),
          },
        );
      }
      // 2. A place in the slot (ASAP: the slot its window starts in, or the next with room).
      const booking = await bookSlot(
        tx,
        restaurant!,
        {
          fulfillmentType,
          catering: details.isCateringOrder,
          asap: details.asap,
          slotStart: details.slotStart,
        },
        now,
      );
      // 3. The order, its lines copied with their modifiers, and its takeaway side.
      const name =
        `${customer.firstName} ${customer.lastName}`.trim() ||
        `${address?.firstName ?? ''} ${address?.lastName ?? ''}`.trim();
      const kind = details.isCateringOrder ? ('catering' as const) : ('takeaway' as const);
      const draft: OrderDraft<null> = {
        mealWeek: null,
        type: 'DeliverectOrder',
        deliveryDate: londonDate(booking.window.from),
        deliveryNote: body.deliveryNote ?? null,
        shippingAddress:
          fulfillmentType === 'delivery' && address
            ? orderAddress(address)
            : restaurantAddress(restaurant!, customer.firstName, customer.lastName, phone),
        billingAddress: null,
        voucherId: null,
        voucherCode: null,
        subtotal: priced.totals.subtotal,
        discount: 0,
        shippingPrice: priced.totals.deliveryFee,
        total: priced.totals.total,
        lines: priced.lines.map((line) => ({
          productVariantId: null,
          productVariantExtId: `takeaway:${line.item.productId}`,
          title: line.product!.title,
          variantTitle: lineSize(line.modifiers) ?? '',
          sku: line.product!.sku,
          imageUrl: line.product!.imageUrl,
          tags: line.product!.tags,
          price: pence(line.unitPrice),
          quantity: line.item.quantity,
          discount: pence(0),
          total: pence(line.total),
          isAddon: false,
        })),
      };
      const { checkout, orderIds } = await placeOrders(
        tx,
        {
          customerId,
          kind,
          basketId: priced.basket.id,
          basketVersion: priced.basket.updatedAt,
          voucherId: null,
          subscriptionId: null,
          total: priced.totals.total,
        },
        [draft],
        kind,
        by,
      );
      const orderId = orderIds[0]!;
      await insertTakeawayOrder(tx, {
        orderId,
        restaurantId: restaurant!.id,
        fulfillmentType,
        isCateringOrder: details.isCateringOrder,
        asap: details.asap,
        slotStart: booking.slotStart,
        // Held while the customer pays: a few minutes, renewed by each payment (slot-holds.ts).
        heldUntil: holdUntil(now, booking.slotStart, SLOT_HOLD_MINUTES),
        promisedFrom: booking.window.from,
        promisedTo: booking.window.to,
        etaFrom: booking.window.from,
        etaTo: booking.window.to,
        customerName: name || customer.email,
        customerEmail: customer.email,
        phone,
        tableNumber: fulfillmentType === 'eat_in' ? details.tableNumber : null,
        customerAllergens: [...allergens],
        allergensConfirmedAt: allergens.length > 0 ? now : null,
      });
      await insertTakeawayLines(
        tx,
        orderId,
        priced.lines.map((line) => ({
          productId: line.item.productId,
          modifiers: line.modifiers.map(({ id, title, group, price }) => ({ id, title, group, price })),
          note: line.item.note || null,
          allergens: allergenCodesOf(line.allergenTags),
        })),
      );
      return this.result(tx, checkout, customerId, rules, true);
    });
  }

  /** The customer's takeaway orders in progress, and those finished in the last two hours (newest first). */
  async live(customerId: string): Promise<TakeawayOrder[]> {
    const since = new Date(this.clock.now().getTime() - LIVE_AFTER_MS);
    const records = await readTakeawayOrders(
      this.db,
      and(
        eq(orders.customerId, customerId),
        or(
          inArray(orders.state, [...OPEN_TICKET_STATES]),
          and(inArray(orders.state, ['delivered', 'dropped']), gte(orders.updatedAt, since)),
        ),
      ),
      { newestFirst: true },
    );
    const now = this.clock.now();
    return Promise.all(
      records.map(async (record) => toTakeawayOrder(record, await elsewhereFor(this.db, record, now))),
    );
  }

  /** A customer's takeaway order with what paying it takes now (after paying it in the same call). */
  async current(customerId: string, orderId: string): Promise<Omit<PlacedTakeaway, 'created'>> {
    const rules = await this.rules.get();
    const record = await readCustomerTakeawayOrder(this.db, customerId, orderId);
    if (!record) throw new DomainError('ORDER_NOT_FOUND', 'We were unable to process your request');
    const [checkout] = await this.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.id, record.order.checkoutId));
    return {
      order: toTakeawayOrder(record),
      meta: checkoutMeta(checkout!, await creditBalance(this.db, customerId), rules, false),
    };
  }

  /**
   * One of the customer's takeaway orders (404 for anyone else's, or an order of another kind), with what
   * paid for it for its receipt: the credit used and the charge, never the card's digits.
   */
  async tracking(customerId: string, orderId: string): Promise<TakeawayOrder> {
    const record = await readCustomerTakeawayOrder(this.db, customerId, orderId);
    if (!record) throw new DomainError('ORDER_NOT_FOUND', 'We were unable to process your request');
    const paid = await checkoutPaid(this.db, record.order.checkoutId);
    // The tracking page is opened from a link: it says "PayPal" or "your card", never the card's digits.
    const paidWith = paid?.method === 'paypal' ? 'PayPal' : null;
    const order = toTakeawayOrder(record, await elsewhereFor(this.db, record, this.clock.now()));
    return { ...order, paid: paid && { ...paid, paidWith } };
  }

  /** Whether the open order is what this basket and these choices would make again. */
  private async isSame(
    tx: DbOrTx,
    open: CheckoutRow,
    customerId: string,
    priced: PricedTakeaway,
    body: TakeawayOrderBody,
  ): Promise<boolean> {
    if (open.customerId !== customerId) return false;
    if (open.basketVersion?.getTime() !== priced.basket.updatedAt.getTime()) return false;
    const [order] = await tx.select().from(orders).where(eq(orders.checkoutId, open.id));
    return (order?.deliveryNote ?? null) === (body.deliveryNote ?? null);
  }

  private async result(
    tx: DbOrTx,
    checkout: CheckoutRow,
    customerId: string,
    rules: Awaited<ReturnType<ShopRulesCache['get']>>,
    created: boolean,
  ): Promise<PlacedTakeaway> {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkout.id));
    const record = await readTakeawayOrder(tx, order!.id);
    return {
      order: toTakeawayOrder(record!),
      meta: checkoutMeta(checkout, await creditBalance(tx, customerId), rules, false),
      created,
    };
  }
}

async function openCheckoutOf(tx: DbOrTx, basketId: string): Promise<CheckoutRow | null> {
  const [open] = await tx
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.basketId, basketId), eq(checkouts.state, 'open')))
    .for('update');
  return open ?? null;
}

function orderAddress(address: TakeawayAddress): OrderAddress {
  return { ...address, company: null, region: null };
}

/** Where a collection or a table's order is had: the restaurant, under the customer's name. */
function restaurantAddress(
  restaurant: NonNullable<PricedTakeaway['restaurant']>,
  firstName: string,
  lastName: string,
  phone: string | null,
): OrderAddress {
  return {
    firstName: firstName || null,
    lastName: lastName || null,
    address1: restaurant.address1,
    address2: restaurant.address2,
    city: restaurant.city,
    zip: restaurant.postcode,
    company: restaurant.name,
    region: null,
    country: 'United Kingdom',
    countryCode: 'GB',
    phone,
    lat: restaurant.lat,
    lon: restaurant.lon,
  };
}
