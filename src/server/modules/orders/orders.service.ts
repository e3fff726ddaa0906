import { and, eq } from 'drizzle-orm';
import type { CheckoutMeta, Order, OrderListQuery } from '../../../contracts/orders';
import { MAX_PER_PAGE } from '../../../contracts/orders';
import { DomainError } from '../../../domain/errors';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { checkouts } from '../../db/schema/checkout';
import { orders } from '../../db/schema/orders';
import { creditBalance } from '../credit';
import type { ShopRulesCache } from '../shop';
import { checkoutPaid } from './checkout-payment';
import { checkoutMeta } from './order-documents';
import { checkoutOrders, findCustomerOrder, listCustomerOrders } from './orders.repo';
import { hasInvoice, queueInvoice } from './order-emails';

// A customer's orders (spec §7 Orders): the list and its filters, one order with what paying it takes, and
// the changes a customer may still make.

const NOT_FOUND = 'We were unable to process your request';

/**
 * Whose plan a plan is, for the list's plan filter: the plans are subscriptions', which sits above orders,
 * so orders asks through this (subscriptions' `plansAsPlanOwners`, given in services.ts).
 */
export interface PlanOwners {
  isCustomersPlan(db: DbOrTx, customerId: string, planId: string): Promise<boolean>;
}

/**
 * What areas above orders add to a customer's own reads of their orders (GET /orders, /orders/{id}): the
 * NPS answer and each dish's rating (ratings' `ratingsAsOrderExtras`, given in services.ts; decision 30).
 */
export interface OrderExtras {
  add(db: DbOrTx, customerId: string, list: Order[], now: Date): Promise<Order[]>;
}

const NO_EXTRAS: OrderExtras = { add: async (_db, _customerId, list) => list };

export class OrdersService {
  constructor(
    private readonly db: Db,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    private readonly plans: PlanOwners,
    private readonly extras: OrderExtras = NO_EXTRAS,
  ) {}

  async list(customerId: string, query: OrderListQuery) {
    const perPage = Math.min(Math.max(query.perPage ?? 20, 1), MAX_PER_PAGE);
    const page = Math.max(query.page ?? 1, 1);
    const planId = query['filter[subscriptionId]'];
    if (planId) {
      // Another customer's plan named in the filter is not found (spec §7: their ids are 404).
      if (!(await this.plans.isCustomersPlan(this.db, customerId, planId)))
        throw new DomainError('SUBSCRIPTION_NOT_FOUND', 'We could not find that plan');
    }
    const { orders: found, total } = await listCustomerOrders(this.db, customerId, {
      deliveryDate: query['filter[deliveryDate]'],
      type: query['filter[type]'],
      subscriptionId: query['filter[subscriptionId]'],
      excludeStates: query['filter[excludeStates]']?.split(',').map((state) => state.trim()),
      now: this.clock.now(),
      page,
      perPage,
    });
    const list = await this.extras.add(this.db, customerId, found, this.clock.now());
    return { orders: list, page, perPage, total };
  }

  /** The customer's order, or 404 (another customer's order is not found either). */
  async find(customerId: string, id: string): Promise<Order> {
    const order = await findCustomerOrder(this.db, customerId, id, this.clock.now());
    if (!order) throw new DomainError('ORDER_NOT_FOUND', NOT_FOUND);
    return (await this.extras.add(this.db, customerId, [order], this.clock.now()))[0]!;
  }

  /** What paying the order's checkout takes now. */
  async checkoutMeta(customerId: string, order: Order): Promise<CheckoutMeta> {
    const [row] = await this.db.select().from(checkouts).where(eq(checkouts.id, order.checkoutId));
    if (!row) throw new DomainError('ORDER_NOT_FOUND', NOT_FOUND);
    return {
      ...checkoutMeta(
        row,
        await creditBalance(this.db, customerId),
        await this.rules.get(),
        row.subscriptionId !== null,
      ),
      paid: await checkoutPaid(this.db, row.id),
    };
  }

  /** The orders paid together with this one, and what paying them takes. */
  async withItsCheckout(
    customerId: string,
    orderId: string,
  ): Promise<{ orders: Order[]; meta: CheckoutMeta }> {
    const order = await this.find(customerId, orderId);
    return {
      orders: await checkoutOrders(this.db, order.checkoutId, this.clock.now()),
      meta: await this.checkoutMeta(customerId, order),
    };
  }

  /** POST /orders/{id}/send_invoice: the invoice of a paid order, by email to the customer. */
  async sendInvoice(customerId: string, id: string): Promise<{ sentTo: string }> {
    return this.db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.customerId, customerId)));
      if (!order) throw new DomainError('ORDER_NOT_FOUND', NOT_FOUND);
      if (!hasInvoice(order.state)) {
        throw new DomainError('CONFLICT', 'This order has no invoice yet: we send one once it is paid');
      }
      const sent = await queueInvoice(tx, order, this.publicUrl);
      if (!sent) throw new DomainError('ORDER_NOT_FOUND', NOT_FOUND);
      return sent;
    });
  }

  /** The delivery note, until the order is packed. */
  async changeDeliveryNote(customerId: string, id: string, note: string | null | undefined): Promise<Order> {
    const order = await this.find(customerId, id);
    // Like the address, until the box is dispatched (the day before delivery, 2pm): issue 12.
    if (!order.addressEditable) {
      throw new DomainError('ORDER_INVALID', 'This order has been dispatched: its note can no longer change');
    }
    if (note !== undefined) {
      await this.db
        .update(orders)
        .set({ deliveryNote: note, updatedAt: this.clock.now() })
        .where(and(eq(orders.id, order.id), eq(orders.customerId, customerId)));
    }
    return this.find(customerId, order.id);
  }
}
