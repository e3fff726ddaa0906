import type { DbOrTx } from '../../db/client';
import type { OrderRow } from './orders.repo';
import type { CheckoutRow, Mover } from './state-changes';

// An order kind owns its whole life (issue 20 part 1). Its own area prices and places its orders (with
// `placeOrders`) and writes what it adds beside them; orders and payments then call its hooks, each in the
// transaction that makes the change, so the kind never has to be named anywhere else:
// - payments, while paying: `paying` (before anything is charged), `paid`/`paidMany`, `failed`, `reversed`;
// - orders, when an unpaid checkout is given up (checkout-endings.ts): `withdrawn` (replaced, or abandoned
//   before any payment: its orders are deleted) or `cancelled` (left after failed payments: its orders stay
//   in the history as cancelled). Stock, the voucher and payments in flight are released by orders itself.
// "When paid" is a registry, not a branch: each kind is registered once in the composition root
// (services.ts). Adding a kind touches no file in orders or payments (docs/architecture.md, "How to add an
// order kind"; order-kinds.test.ts runs a throwaway kind through its whole life).

export type OrderKindName = CheckoutRow['kind'];

/** What a kind is told of the payment that paid or failed (a `payments` row, as payments wrote it). */
export interface KindPayment {
  id: string;
  amount: number;
  creditAmount: number;
  paymentMethodId: string | null;
  processor: 'stripe' | 'paypal' | 'none';
  offSession: boolean;
  declineCode: string | null;
  failureMessage: string | null;
}

export interface PaidCheckout<P extends KindPayment = KindPayment> {
  checkout: CheckoutRow;
  payment: P;
  /** The checkout's orders, paid. */
  orders: OrderRow[];
  by: Mover;
}

export interface FailedCheckout<P extends KindPayment = KindPayment> {
  checkout: CheckoutRow;
  payment: P;
  by: Mover;
}

export interface PayingCheckout {
  checkout: CheckoutRow;
  by: Mover;
}

export interface EndedCheckout {
  checkout: CheckoutRow;
  by: Mover;
}

/**
 * How a kind's checkout is paid when it is not simply charged its total: `hold` authorises that amount on the
 * card, captured later (a table's tab, decision 28); no store credit is spent on a hold.
 */
export interface PayingAnswer {
  hold: number;
}

/** One of a checkout's orders the kitchen is turning down (before anything is written). */
export interface RejectingOrder {
  checkout: CheckoutRow;
  orderId: string;
  by: Mover;
}

export interface OrderKind {
  /**
   * In the transaction that starts a customer's payment, with the checkout locked, before anything is
   * charged: take again what the orders need to be paid now (a takeaway's place in its slot), or refuse.
   * Answering `{ hold }` makes the payment a hold of that amount rather than a charge of the total.
   */
  paying?(tx: DbOrTx, paying: PayingCheckout): Promise<PayingAnswer | undefined>;
  /**
   * In the transaction that records a hold's authorisation (the payment is `held`; an older hold of the
   * checkout is released by payments): what the held card makes possible (a tab opens, its limit rises).
   */
  held?(tx: DbOrTx, held: FailedCheckout): Promise<void>;
  /**
   * The kitchen is turning one of the checkout's orders down: refuse (throw) when the money cannot follow;
   * without it, a paid checkout is refunded in full.
   */
  rejecting?(tx: DbOrTx, rejecting: RejectingOrder): Promise<void>;
  /** In the payment's transaction, once the checkout and its orders are paid. */
  paid(tx: DbOrTx, paid: PaidCheckout): Promise<void>;
  /**
   * The same for many checkouts of this kind paid in one transaction (weekly billing's batches), when the
   * kind can do it with fewer statements than one `paid` each; without it, `paid` is called for each.
   */
  paidMany?(tx: DbOrTx, paid: readonly PaidCheckout[]): Promise<void>;
  /**
   * In the transaction that records a declined or failed payment (the orders are marked already, unless the
   * payment was a hold: its orders are the kind's to mind).
   */
  failed?(tx: DbOrTx, failed: FailedCheckout): Promise<void>;
  /** Money kept for the checkout was given back (a refund of a paid checkout). */
  reversed?(tx: DbOrTx, reversed: FailedCheckout): Promise<void>;
  /**
   * An unpaid checkout replaced or abandoned before any payment, before its orders are deleted: undo what
   * the kind made beside them when placing (a plan the checkout would have started).
   */
  withdrawn?(tx: DbOrTx, ended: EndedCheckout): Promise<void>;
  /** An unpaid checkout left after failed payments, its orders kept as cancelled: end what it would start. */
  cancelled?(tx: DbOrTx, ended: EndedCheckout): Promise<void>;
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
