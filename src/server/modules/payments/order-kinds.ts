import type { DbOrTx } from '../../db/client';
import type { CheckoutRow, Mover, OrderRow } from '../orders';
import type { PaymentRow } from './payment-state';

// "When paid" is a registry, not a branch (architecture 9a; issue 10 part 2). Payments moves money, the
// checkout and its orders; what else a paid checkout means (an emptied basket, a plan started, a ticket for
// the kitchen, a table's tab closed) belongs to its order kind, registered once in the composition root
// (services.ts). Adding an order kind touches no file in payments.

export type OrderKindName = CheckoutRow['kind'];

export interface PaidCheckout {
  checkout: CheckoutRow;
  payment: PaymentRow;
  /** The checkout's orders, paid. */
  orders: OrderRow[];
  by: Mover;
}

export interface FailedCheckout {
  checkout: CheckoutRow;
  payment: PaymentRow;
  by: Mover;
}

export interface PayingCheckout {
  checkout: CheckoutRow;
  by: Mover;
}

export interface OrderKind {
  /**
   * In the transaction that starts a customer's payment, with the checkout locked, before anything is
   * charged: take again what the orders need to be paid now (a takeaway's place in its slot), or refuse.
   */
  paying?(tx: DbOrTx, paying: PayingCheckout): Promise<void>;
  /** In the payment's transaction, once the checkout and its orders are paid. */
  paid(tx: DbOrTx, paid: PaidCheckout): Promise<void>;
  /**
   * The same for many checkouts of this kind paid in one transaction (weekly billing's batches), when the
   * kind can do it with fewer statements than one `paid` each; without it, `paid` is called for each.
   */
  paidMany?(tx: DbOrTx, paid: readonly PaidCheckout[]): Promise<void>;
  /** In the transaction that records a declined or failed payment (the orders are marked already). */
  failed?(tx: DbOrTx, failed: FailedCheckout): Promise<void>;
  /** Money kept for the checkout was given back (a refund of a paid checkout). */
  reversed?(tx: DbOrTx, reversed: FailedCheckout): Promise<void>;
}

export class OrderKinds {
  readonly #kinds = new Map<OrderKindName, OrderKind>();

  register(name: OrderKindName, kind: OrderKind): this {
    if (this.#kinds.has(name)) throw new Error(`The order kind ${name} is registered already`);
    this.#kinds.set(name, kind);
    return this;
  }

  of(name: OrderKindName): OrderKind {
    const kind = this.#kinds.get(name);
    if (!kind) throw new Error(`No order kind called ${name} is registered`);
    return kind;
  }
}
