import type {
  CreditAdjustBody,
  PlanActionBody,
  RefundBody,
  StaffCustomerDetail,
  StaffCustomerView,
  StaffOrderDetail,
  StaffOrderQuery,
  StaffOrderSummaryView,
} from '../../../contracts/back-office-orders';
import type { IsoDate } from '../../../domain/calendar';
import type { Capability } from '../../../domain/staff-roles';
import { DomainError } from '../../../domain/errors';
import { formatPence } from '../../../domain/money';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { emailsSentTo } from '../../integrations/email';
import { addCredit, spendCredit, type CreditService } from '../credit';
import {
  customerContacts,
  findCustomerById,
  lockCustomerCredit,
  searchCustomers,
  type CustomerMatch,
} from '../customers';
import {
  orderHistory,
  orderOwnerOf,
  searchOrders,
  staffOrder,
  staffOrdersOfCustomer,
  type StaffOrderSummary,
} from '../orders';
import { staffPaymentsOf, type PaymentsService } from '../payments';
import { recordChange, requireCapability } from '../staff';
import type { OnBehalf, ScheduleService, SubscriptionsService } from '../subscriptions';
import { ticketsOfCustomer } from '../support';
import { giveRefund, refundableOf, refundsOfOrders } from './order-refunds';

// The back office's orders and customers (issue 25 part 4): reads for anyone holding `orders`; money and
// plan actions for `refunds`. Each change is one transaction with its audit entry; a plan's change on the
// customer's behalf is the subscriptions area's own use case, its history naming the member of staff.

const ORDER_NOT_FOUND = 'We could not find that order';
const CUSTOMER_NOT_FOUND = 'We could not find that customer';
const MAX_PER_PAGE = 100;

interface Actor {
  id: string;
  email: string;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const nameOf = (first: string, last: string) => [first, last].filter(Boolean).join(' ');

export class BackOfficeOrdersService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly payments: PaymentsService,
    private readonly credit: CreditService,
    private readonly plans: SubscriptionsService,
    private readonly schedule: ScheduleService,
    private readonly publicUrl: string,
  ) {}

  private async actor(customerId: string, capability: Capability): Promise<Actor> {
    await requireCapability(this.db, customerId, capability);
    const me = await findCustomerById(this.db, customerId);
    if (!me) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue');
    return { id: me.id, email: me.email };
  }

  private async withEmails(list: StaffOrderSummary[]): Promise<StaffOrderSummaryView[]> {
    if (list.length === 0) return [];
    const contacts = await customerContacts(this.db, [...new Set(list.map((order) => order.customerId))]);
    return list.map((order) => ({
      ...order,
      customerEmail: contacts.get(order.customerId)?.email ?? '',
      createdAt: order.createdAt.toISOString(),
    }));
  }

  /** GET /back_office/orders. */
  async search(staffId: string, query: StaffOrderQuery) {
    await this.actor(staffId, 'orders');
    const perPage = Math.min(Math.max(query.perPage ?? 25, 1), MAX_PER_PAGE);
    const page = Math.max(query.page ?? 1, 1);
    const customerIds = query.email
      ? (await searchCustomers(this.db, { text: query.email }, 500)).map((customer) => customer.id)
      : undefined;
    const found = await searchOrders(
      this.db,
      {
        number: query.number ? Number(query.number.replace('#', '')) : undefined,
        customerIds,
        postcode: query.postcode,
        date: query.date as IsoDate | undefined,
        page,
        perPage,
      },
      this.clock.now(),
    );
    return { orders: await this.withEmails(found.orders), page, perPage, total: found.total };
  }

  /** GET /back_office/orders/{id}. */
  async order(staffId: string, orderId: string): Promise<StaffOrderDetail & { id: string }> {
    await this.actor(staffId, 'orders');
    return this.detail(orderId);
  }

  private async detail(orderId: string): Promise<StaffOrderDetail & { id: string }> {
    const [order, owner] = await Promise.all([
      staffOrder(this.db, orderId, this.clock.now()),
      orderOwnerOf(this.db, orderId),
    ]);
    if (!order || !owner) throw new DomainError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
    const [customer, payments, refunds, refundable] = await Promise.all([
      findCustomerById(this.db, owner.customerId),
      staffPaymentsOf(this.db, [order.checkoutId]),
      refundsOfOrders(this.db, [order.id]),
      refundableOf(this.db, { id: order.id, checkoutId: order.checkoutId, total: order.total }),
    ]);
    const history = await orderHistory(this.db, {
      orderId: order.id,
      checkoutId: order.checkoutId,
      paymentIds: payments.map((payment) => payment.id),
    });
    const sent = customer ? await emailsSentTo(this.db, customer.email, 200) : [];
    const naming = sent.filter((email) =>
      new RegExp(`#${order.number}\\b`).test(`${email.subject}\n${email.text}`),
    );
    const emails = naming.length > 0 ? naming : sent.slice(0, 10);
    return {
      id: order.id,
      order: { ...order, refunds: refunds.map(({ orderId: _o, actorEmail: _a, ...view }) => view) },
      customer: {
        id: customer?.id ?? '',
        email: customer?.email ?? '',
        name: customer ? nameOf(customer.firstName, customer.lastName) : '',
      },
      payments: payments.map((payment) => ({
        ...payment,
        refundRequestedAt: iso(payment.refundRequestedAt),
        createdAt: payment.createdAt.toISOString(),
        refunds: payment.refunds.map((refund) => ({
          id: refund.id,
          amount: refund.amount,
          state: refund.state,
          processorId: refund.processorId,
          reason: refund.reason,
          requestedAt: refund.requestedAt.toISOString(),
          refundedAt: iso(refund.refundedAt),
        })),
      })),
      refunds: refunds.map(({ orderId: _o, ...view }) => view),
      refundable,
      history: history.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
      emails: {
        matched: naming.length > 0,
        list: emails.map(({ text: _t, ...email }) => ({
          ...email,
          createdAt: email.createdAt.toISOString(),
          sentAt: iso(email.sentAt),
        })),
      },
    };
  }

  /**
   * POST /back_office/orders/{id}/refunds: decided in one transaction (the checkout locked, the audit entry
   * written with it). The card's part is refunded at the processor once that has committed (`refundCard`,
   * from the route's afterCommit); one the processor does not answer then is refunded by the next recovery.
   */
  async refund(staffId: string, orderId: string, body: RefundBody) {
    const actor = await this.actor(staffId, 'refunds');
    const row = await this.db.transaction((tx) =>
      giveRefund(tx, {
        orderId,
        ...body,
        actor,
        at: this.clock.now(),
        orderPageUrl: `${this.publicUrl}/order/${orderId}`,
      }),
    );
    return {
      detail: await this.detail(orderId),
      refundCard: row.toCard > 0 ? () => this.refundCard(row.checkoutId, actor.id) : null,
    };
  }

  private async refundCard(checkoutId: string, actorId: string): Promise<void> {
    await this.payments.refundOwed(checkoutId, `staff:${actorId}`).catch(() => 0);
  }

  /** GET /back_office/customers. */
  async customers(staffId: string, query: { q?: string; postcode?: string }): Promise<StaffCustomerView[]> {
    await this.actor(staffId, 'orders');
    if (!query.q && !query.postcode) return [];
    return (await searchCustomers(this.db, { text: query.q, postcode: query.postcode }, 50)).map(
      customerView,
    );
  }

  /** GET /back_office/customers/{id}. */
  async customer(staffId: string, customerId: string): Promise<StaffCustomerDetail & { id: string }> {
    await this.actor(staffId, 'orders');
    return this.customerDetail(customerId);
  }

  private async customerDetail(customerId: string): Promise<StaffCustomerDetail & { id: string }> {
    const row = await findCustomerById(this.db, customerId);
    if (!row || row.guest) throw new DomainError('CUSTOMER_NOT_FOUND', CUSTOMER_NOT_FOUND);
    const now = this.clock.now();
    const [plans, weeks, orders, wallet, tickets] = await Promise.all([
      this.plans.list(customerId),
      this.schedule.list(customerId, { period: 'future' }),
      staffOrdersOfCustomer(this.db, customerId, now),
      this.credit.wallet(customerId),
      ticketsOfCustomer(this.db, customerId, row.emailConfirmedAt ? row.email : null),
    ]);
    return {
      id: row.id,
      customer: customerView({ ...row, storeCredits: wallet.balance }),
      plans,
      weeks,
      orders: await this.withEmails(orders),
      credit: {
        balance: wallet.balance,
        lots: wallet.lots.map((lot) => ({
          id: lot.id,
          source: lot.source,
          description: lot.description,
          amount: lot.amount,
          remaining: lot.remaining,
          expiresAt: iso(lot.expiresAt),
          createdAt: lot.createdAt.toISOString(),
        })),
        transactions: wallet.transactions.slice(0, 50).map(({ row: movement }) => ({
          id: movement.id,
          amount: movement.amount,
          balance: movement.balanceAfter,
          reason: movement.reason,
          description: movement.description,
          createdAt: movement.createdAt.toISOString(),
        })),
      },
      tickets: tickets.map((ticket) => ({
        ...ticket,
        createdAt: ticket.createdAt.toISOString(),
        updatedAt: ticket.updatedAt.toISOString(),
      })),
    };
  }

  /**
   * POST /back_office/customers/{id}/credit: adds credit (the shop's gift: it lasts a year) or takes it (never
   * below nothing: 409), in one transaction with its audit entry on the customer's behalf.
   */
  async adjustCredit(staffId: string, customerId: string, body: CreditAdjustBody) {
    const actor = await this.actor(staffId, 'refunds');
    const at = this.clock.now();
    await this.db.transaction(async (tx) => {
      const before = await lockCustomerCredit(tx, customerId);
      const customer = await findCustomerById(tx, customerId);
      if (before === null || !customer || customer.guest)
        throw new DomainError('CUSTOMER_NOT_FOUND', CUSTOMER_NOT_FOUND);
      const movement = {
        customerId,
        amount: Math.abs(body.amount),
        reason: body.amount > 0 ? 'goodwill' : 'staff_adjustment',
        description: body.reason,
        reference: `staff:${actor.id}`,
        at,
      };
      if (body.amount < 0 && before < -body.amount) {
        throw new DomainError(
          'CONFLICT',
          `${customer.email} has ${formatPence(before)} of store credit: you can take at most ${formatPence(before)}.`,
          { balance: before },
        );
      }
      const { balance } = body.amount > 0 ? await addCredit(tx, movement) : await spendCredit(tx, movement);
      await recordChange(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'customer.credit_adjust',
        subjectType: 'customer',
        subjectId: customerId,
        onBehalfOf: customerId,
        before: { balance: before },
        after: { balance, amount: body.amount, reason: body.reason },
        at,
      });
    });
    return this.customerDetail(customerId);
  }

  /** POST /back_office/customers/{id}/plan_actions: the subscriptions area's own use case, on their behalf. */
  async planAction(staffId: string, customerId: string, body: PlanActionBody) {
    const actor = await this.actor(staffId, 'refunds');
    const customer = await findCustomerById(this.db, customerId);
    if (!customer || customer.guest) throw new DomainError('CUSTOMER_NOT_FOUND', CUSTOMER_NOT_FOUND);
    const onBehalf = (action: string, subjectType: string, subjectId: string): OnBehalf => ({
      actor: `staff:${actor.id}`,
      record: (tx: DbOrTx, before, after) =>
        recordChange(tx, {
          actorId: actor.id,
          actorEmail: actor.email,
          action,
          subjectType,
          subjectId,
          onBehalfOf: customerId,
          before,
          after,
          at: this.clock.now(),
        }),
    });
    if (body.action === 'skip_week') {
      await this.schedule.skip(
        { customerId },
        body.weekId,
        onBehalf('plan.skip_week', 'schedule_week', body.weekId),
      );
    } else if (body.action === 'pause') {
      await this.plans.pause(
        customerId,
        body.subscriptionId,
        body.weeks,
        onBehalf('plan.pause', 'subscription', body.subscriptionId),
      );
    } else {
      await this.plans.activate(
        customerId,
        body.subscriptionId,
        onBehalf('plan.resume', 'subscription', body.subscriptionId),
      );
    }
    return this.customerDetail(customerId);
  }
}

function customerView(
  row: Pick<
    CustomerMatch,
    'email' | 'firstName' | 'lastName' | 'phone' | 'storeCredits' | 'emailConfirmedAt' | 'createdAt'
  > & { id: string },
) {
  return {
    id: row.id,
    email: row.email,
    name: nameOf(row.firstName, row.lastName),
    phone: row.phone,
    creditBalance: row.storeCredits,
    emailConfirmed: row.emailConfirmedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
