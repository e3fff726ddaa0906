import { and, eq, gte, inArray, or } from 'drizzle-orm';
import type { CheckoutMeta } from '../../../contracts/orders';
import type { TakeawayOrder, TakeawayOrderBody } from '../../../contracts/takeaway';
import { DomainError } from '../../../domain/errors';
import { OPEN_TICKET_STATES } from '../../../domain/kitchen';
import { pence } from '../../../domain/money';
import { tipProblem } from '../../../domain/tabs';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import type { BasketOwner } from '../../security/basket-owner';
import { lockAndPriceTakeaway } from './takeaway-baskets.service';
import type { PricedTakeaway } from './takeaway-pricing';
import { creditBalance } from '../credit';
import { findCustomerById } from '../customers';
import {
  checkoutMeta,
  checkoutOf,
  checkoutOrderRow,
  checkoutPaid,
  lockOpenCheckoutOfBasket,
  type CheckoutEndings,
  placeOrders,
  type CheckoutRow,
  type Mover,
} from '../orders';
import { bookSlot, slotChoices } from '../restaurants';
import type { ShopRulesCache } from '../shop';
import { elsewhereFor } from './elsewhere';
import { checkedTakeaway, takeawayDraft, takeawayLines, takeawaySide } from './takeaway-placing';
import { toTakeawayOrder } from './takeaway-order-view';
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
    private readonly endings: CheckoutEndings,
  ) {}

  /**
   * Places the takeaway basket as one order; `guest` (decision 28) orders only at a table, as a guest with
   * an email (POST /orders/guest).
   */
  async place(
    owner: BasketOwner,
    customerId: string,
    body: TakeawayOrderBody,
    { guest = false }: { guest?: boolean } = {},
  ): Promise<PlacedTakeaway> {
    const rules = await this.rules.get();
    const now = this.clock.now();
    const by: Mover = { actor: 'customer', at: now };
    const placed = await this.db.transaction(async (tx) => {
      // 1. The basket, locked and priced at now; its open order again if nothing changed, else withdrawn.
      const priced = await lockAndPriceTakeaway(tx, owner, body.basketId, now);
      const tip = checkedTip(priced, body.tip ?? 0, guest);
      const open = await lockOpenCheckoutOfBasket(tx, priced.basket.id);
      if (open) {
        if (await this.isSame(tx, open, customerId, priced, { ...body, tip }))
          return { checkout: open, created: false };
        await this.endings.withdraw(tx, open, { ...by, reason: 'Withdrawn: the basket changed' });
      }
      // 2. Nothing in the way: the basket orderable now, a phone for the rider, the allergens confirmed, a
      //    slot it could have (ASAP: the slot its window starts in, or a later one that day).
      const customer = await findCustomerById(tx, customerId);
      if (!customer) throw new DomainError('CUSTOMER_NOT_FOUND', 'We could not find your account');
      const order = checkedTakeaway(priced, customer, body);
      const request = {
        fulfillmentType: order.fulfillmentType,
        catering: order.details.isCateringOrder,
        asap: order.details.asap,
        slotStart: order.details.slotStart,
      };
      const choices = slotChoices(order.restaurant, request, now);
      // 3. The order, its lines copied with their modifiers: new rows, which nobody else waits on.
      const { checkout, orderIds } = await placeOrders(
        tx,
        {
          customerId,
          kind: order.kind,
          basketId: priced.basket.id,
          basketVersion: priced.basket.updatedAt,
          voucherId: null,
          subscriptionId: null,
          total: priced.totals.total + tip,
        },
        [takeawayDraft(order, choices.day, body.deliveryNote ?? null, tip)],
        order.kind,
        by,
      );
      await insertTakeawayLines(tx, orderIds[0]!, takeawayLines(order));
      // 4. Last, a place in the slot and the takeaway side that holds it: the slot's row is locked from here
      //    to the commit, two statements later (issue 24: it was held for thirteen).
      const booking = await bookSlot(tx, order.restaurant, request, now, null, choices);
      await insertTakeawayOrder(tx, takeawaySide(order, orderIds[0]!, booking, now));
      return { checkout, created: true };
    });
    // The answer is read once the slot's lock is given back.
    return this.result(this.db, placed.checkout, customerId, rules, placed.created);
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
    const checkout = await checkoutOf(this.db, record.order.checkoutId);
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
    const order = await checkoutOrderRow(tx, open.id);
    return (order?.deliveryNote ?? null) === (body.deliveryNote ?? null) && order?.tip === (body.tip ?? 0);
  }

  private async result(
    db: DbOrTx,
    checkout: CheckoutRow,
    customerId: string,
    rules: Awaited<ReturnType<ShopRulesCache['get']>>,
    created: boolean,
  ): Promise<PlacedTakeaway> {
    const order = await checkoutOrderRow(db, checkout.id);
    const record = await readTakeawayOrder(db, order!.id);
    return {
      order: toTakeawayOrder(record!),
      meta: checkoutMeta(checkout, await creditBalance(db, customerId), rules, false),
      created,
    };
  }
}

/**
 * The tip on a pay-now order (decision 28): only at a table, whole pence on the food and drink, never below
 * zero or above the most a tip can be; a guest orders only at a table.
 */
function checkedTip(priced: PricedTakeaway, tip: number, guest: boolean): number {
  const eatingIn = priced.fulfillmentType === 'eat_in';
  if (guest && !eatingIn) {
    throw new DomainError(
      'FORBIDDEN',
      'Guests order at a table. Sign in to order a delivery or a collection.',
    );
  }
  if (tip === 0) return 0;
  if (!eatingIn) throw new DomainError('TIP_INVALID', 'A tip is for eating in', { field: 'tip' });
  const problem = tipProblem(tip, pence(priced.totals.subtotal));
  if (problem) throw new DomainError('TIP_INVALID', problem, { field: 'tip' });
  return tip;
}
