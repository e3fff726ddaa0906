import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { orderRefunds } from '../../db/schema/back-office-orders';
import { paymentRefunds } from '../../db/schema/payments';
import { sandboxRefunds } from '../../db/schema/payments-sandbox';
import { staffAudit } from '../../db/schema/staff';
import { clearRateLimits, emailsTo, linksIn } from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import { createTestApp, type TestApp, type Visitor } from '../../test/harness';
import { planCustomer, weeksOf, type PlanCustomer } from '../../test/plans';
import { browsersByRole, signedInStaff, type RoleName, type SignedInStaff } from '../../test/staff';

// The back office's orders and customers (issue 25 part 4): who may call what (a table of role × call);
// finding an order by number, email, postcode or day; its payments, history and emails; refunds to the card
// (the sandbox processor really refunds) and as credit, never more than is left, one of two racing for the
// last pounds; the customer seeing the refund on their order; credit adjusted with a reason, never below
// nothing; a plan skipped, paused and restarted on the customer's behalf, each in the audit log.

let t: TestApp;
let owner: SignedInStaff;
let browsers: Record<RoleName, Visitor>;
let c: PlanCustomer;
let number: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInStaff(t, 'owner', 'Olive');
  browsers = await browsersByRole(t);
  c = await planCustomer(t);
  number = (await c.visitor.get(`${API}/orders/${c.firstOrderId}`)).body.data.attributes.number;
});
beforeEach(() => clearRateLimits(t));
afterAll(() => t.close());

const refund = (visitor: Visitor, orderId: string, body: Record<string, unknown>) =>
  visitor.post(`${API}/back_office/orders/${orderId}/refunds`, body);

/** A paid order of a customer of its own (a plan's first box). */
async function paidOrder(): Promise<{ customer: PlanCustomer; total: number }> {
  const customer = await planCustomer(t);
  const order = await customer.visitor.get(`${API}/orders/${customer.firstOrderId}`);
  return { customer, total: order.body.data.attributes.total };
}

async function auditOf(subjectId: string) {
  return t.database.db
    .select()
    .from(staffAudit)
    .where(eq(staffAudit.subjectId, subjectId))
    .orderBy(desc(staffAudit.id));
}

describe('who may call what', () => {
  const anyId = '00000000-0000-4000-8000-000000000000';
  const CALLS: { call: string; send: (v: Visitor) => Promise<{ status: number }>; allowed: RoleName[] }[] = [
    {
      call: 'GET /back_office/orders',
      send: (v) => v.get(`${API}/back_office/orders?number=${number}`),
      allowed: ['owner', 'manager', 'support'],
    },
    {
      call: 'GET /back_office/orders/{id}',
      send: (v) => v.get(`${API}/back_office/orders/${c.firstOrderId}`),
      allowed: ['owner', 'manager', 'support'],
    },
    {
      call: 'POST /back_office/orders/{id}/refunds',
      send: (v) => refund(v, c.firstOrderId, { amount: 1, to: 'credit', reason: 'Who may' }),
      allowed: ['owner', 'manager', 'support'],
    },
    {
      call: 'GET /back_office/customers',
      send: (v) => v.get(`${API}/back_office/customers?q=${encodeURIComponent(c.email)}`),
      allowed: ['owner', 'manager', 'support'],
    },
    {
      call: 'GET /back_office/customers/{id}',
      send: (v) => v.get(`${API}/back_office/customers/${c.customerId}`),
      allowed: ['owner', 'manager', 'support'],
    },
    {
      call: 'POST /back_office/customers/{id}/credit',
      send: (v) =>
        v.post(`${API}/back_office/customers/${c.customerId}/credit`, { amount: 1, reason: 'Who may' }),
      allowed: ['owner', 'manager', 'support'],
    },
    {
      call: 'POST /back_office/customers/{id}/plan_actions',
      send: (v) =>
        v.post(`${API}/back_office/customers/${c.customerId}/plan_actions`, {
          action: 'resume',
          subscription_id: anyId,
        }),
      // A plan that is not theirs: 404 for those who may, 401/403 for everyone else.
      allowed: ['owner', 'manager', 'support'],
    },
  ];
  for (const { call, send, allowed } of CALLS) {
    test(`${call}: ${allowed.join(', ')} only`, async () => {
      for (const [role, visitor] of Object.entries(browsers) as [RoleName, Visitor][]) {
        const response = await send(visitor);
        const context = `${role}: ${JSON.stringify((response as { body?: unknown }).body)}`;
        if (allowed.includes(role)) {
          expect(response.status, context).toBeLessThan(500);
          expect([401, 403], context).not.toContain(response.status);
        } else {
          expect(response.status, context).toBe(role === 'visitor' ? 401 : 403);
        }
      }
    });
  }
});

describe('finding orders', () => {
  test('by number (with or without #), email, postcode and day, newest first, a page at a time', async () => {
    const byNumber = await owner.visitor.get(`${API}/back_office/orders?number=%23${number}`);
    expect(byNumber.status, JSON.stringify(byNumber.body)).toBe(200);
    expect(byNumber.body.data).toHaveLength(1);
    expect(byNumber.body.data[0]).toMatchObject({
      id: c.firstOrderId,
      type: 'back_office_orders',
      attributes: { number, customer_email: c.email, postcode: 'SW1A 2AA' },
    });
    const byEmail = await owner.visitor.get(
      `${API}/back_office/orders?email=${encodeURIComponent(c.email.toUpperCase())}`,
    );
    expect(byEmail.body.data.map((o: { id: string }) => o.id)).toContain(c.firstOrderId);
    expect(
      byEmail.body.data.every(
        (o: { attributes: { customer_email: string } }) => o.attributes.customer_email === c.email,
      ),
    ).toBe(true);
    const byPostcode = await owner.visitor.get(`${API}/back_office/orders?postcode=sw1a2aa&per_page=2`);
    expect(byPostcode.body.data).toHaveLength(2);
    expect(byPostcode.body.meta.total).toBeGreaterThanOrEqual(2);
    const times = byPostcode.body.data.map(
      (o: { attributes: { created_at: string } }) => o.attributes.created_at,
    );
    expect([...times].sort().reverse()).toEqual(times);
    const placed = byNumber.body.data[0].attributes;
    const byDay = await owner.visitor.get(
      `${API}/back_office/orders?date=${placed.delivery_date}&number=${number}`,
    );
    expect(byDay.body.data).toHaveLength(1);
    const otherDay = await owner.visitor.get(`${API}/back_office/orders?date=2020-01-01&number=${number}`);
    expect(otherDay.body.data).toEqual([]);
    const nobody = await owner.visitor.get(`${API}/back_office/orders?email=nobody-at-all@example.com`);
    expect(nobody.body).toMatchObject({ data: [], meta: { total: 0 } });
  });

  test('bad criteria are refused', async () => {
    expectError(await owner.visitor.get(`${API}/back_office/orders?number=abc`), 400, 'VALIDATION_FAILED');
    expectError(
      await owner.visitor.get(`${API}/back_office/orders?date=29/11/2026`),
      400,
      'VALIDATION_FAILED',
    );
    expectError(await owner.visitor.get(`${API}/back_office/orders?colour=red`), 400, 'VALIDATION_FAILED');
  });

  test("an order's lines, totals, payment, history and the emails naming it; an unknown one is 404", async () => {
    const detail = await browsers.support.get(`${API}/back_office/orders/${c.firstOrderId}`);
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    const a = detail.body.data.attributes;
    expect(a.order.number).toBe(number);
    expect(a.order.line_items.length).toBeGreaterThan(0);
    expect(a.customer.email).toBe(c.email);
    expect(a.payments).toContainEqual(
      expect.objectContaining({ status: 'succeeded', processor: 'stripe', paid_with: 'Visa ending 4242' }),
    );
    expect(a.history.map((h: { to_state: string }) => h.to_state)).toContain('paid');
    expect(a.emails.matched).toBe(true);
    expect(a.emails.list.map((e: { template: string }) => e.template)).toContain('order_confirmation');
    expectError(
      await owner.visitor.get(`${API}/back_office/orders/00000000-0000-4000-8000-000000000000`),
      404,
      'ORDER_NOT_FOUND',
    );
  });
});

describe('refunds', () => {
  test('part of an order to the card: refunded at the processor, audited, and the customer sees it', async () => {
    const { customer, total } = await paidOrder();
    const made = await refund(owner.visitor, customer.firstOrderId, {
      amount: 250,
      to: 'card',
      reason: 'One dish arrived broken',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data.attributes.refundable.total).toBe(total - 250);
    const [partRefund] = await t.database.db
      .select()
      .from(paymentRefunds)
      .where(
        eq(
          paymentRefunds.reason,
          `Order #${made.body.data.attributes.order.number}: One dish arrived broken`,
        ),
      );
    expect(partRefund).toMatchObject({ amount: 250, state: 'refunded' });
    const atProcessor = await t.database.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.id, partRefund!.processorId!));
    expect(atProcessor).toHaveLength(1);

    const seen = await customer.visitor.get(`${API}/orders/${customer.firstOrderId}`);
    expect(seen.body.data.attributes.refunds).toEqual([
      expect.objectContaining({ method: 'card', to_card: 250, to_credit: 0, card_state: 'refunded' }),
    ]);
    const [entry] = await auditOf(customer.firstOrderId);
    expect(entry).toMatchObject({
      action: 'order.refund',
      actorEmail: owner.email,
      before: { refundable: total, refundableToCard: total },
      after: { refundable: total - 250, refunded: 250, toCard: 250, toCredit: 0 },
    });
    const detail = await owner.visitor.get(`${API}/back_office/orders/${customer.firstOrderId}`);
    expect(detail.body.data.attributes.refunds[0]).toMatchObject({
      actor_email: owner.email,
      card_state: 'refunded',
    });
    // The customer is told: how much, to the card and when it shows, the reason, and a link to the order.
    const number = made.body.data.attributes.order.number;
    const [email, ...more] = await emailsTo(t, customer.email, 'order_refund');
    expect(more).toEqual([]);
    expect(email!.subject).toBe(`We’ve refunded £2.50 on order #${number}`);
    expect(email!.text).toContain('Reason: One dish arrived broken');
    expect(email!.text).toMatch(/Back to your card:\s+£2\.50/);
    expect(email!.text).toContain('5 to 10 working days');
    expect(email!.text).not.toContain('store credit');
    expect(linksIn(email!).map((link) => link.pathname)).toContain(`/order/${customer.firstOrderId}`);
  });

  test('as store credit: the balance rises and the credit never expires', async () => {
    const { customer } = await paidOrder();
    const made = await refund(browsers.manager, customer.firstOrderId, {
      amount: 400,
      to: 'credit',
      reason: 'Late delivery',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const wallet = await owner.visitor.get(`${API}/back_office/customers/${customer.customerId}`);
    expect(wallet.body.data.attributes.credit.balance).toBe(400);
    expect(wallet.body.data.attributes.credit.lots[0]).toMatchObject({ source: 'refund', expires_at: null });
    const [email] = await emailsTo(t, customer.email, 'order_refund');
    expect(email!.text).toMatch(/As Sfoglia store credit:\s+£4\.00/);
    expect(email!.text).toContain('never expires');
    expect(email!.text).not.toContain('Back to your card');
  });

  test('more than is left, nothing, less than nothing, a wrong kind, no reason and extra fields are refused; nothing changes', async () => {
    const { customer, total } = await paidOrder();
    const id = customer.firstOrderId;
    const [first] = expectError(
      await refund(owner.visitor, id, { amount: total + 1, to: 'card', reason: 'Too much' }),
      409,
      'CONFLICT',
    );
    expect(first!.detail).toMatch(/more than order #\d+ has left to refund: at most £/);
    for (const body of [
      { amount: 0, to: 'card', reason: 'Nothing' },
      { amount: -100, to: 'card', reason: 'Negative' },
      { amount: 1.5, to: 'card', reason: 'Half a penny' },
      { amount: 100, to: 'voucher', reason: 'Wrong kind' },
      { amount: 100, to: 'card', reason: '  ' },
      { amount: 100, to: 'card' },
      { amount: 100, to: 'card', reason: 'Extra', notify: false },
    ]) {
      expectError(await refund(owner.visitor, id, body), 400, 'VALIDATION_FAILED');
    }
    expectError(
      await refund(owner.visitor, '00000000-0000-4000-8000-000000000000', {
        amount: 1,
        to: 'card',
        reason: 'Who',
      }),
      404,
      'ORDER_NOT_FOUND',
    );
    expect(await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id))).toEqual([]);
    // All of it goes; then nothing is left.
    expect(
      (await refund(owner.visitor, id, { amount: total, to: 'card', reason: 'Never arrived' })).status,
    ).toBe(201);
    expectError(
      await refund(owner.visitor, id, { amount: 1, to: 'credit', reason: 'Again' }),
      409,
      'CONFLICT',
      /nothing left/,
    );
  });

  test('two refunds racing for the last pounds: exactly one is given', async () => {
    const { customer, total } = await paidOrder();
    const id = customer.firstOrderId;
    expect(
      (await refund(owner.visitor, id, { amount: total - 500, to: 'card', reason: 'Most of it' })).status,
    ).toBe(201);
    const answers = await Promise.all([
      refund(owner.visitor, id, { amount: 400, to: 'card', reason: 'Racing one' }),
      refund(browsers.manager, id, { amount: 400, to: 'credit', reason: 'Racing two' }),
      refund(browsers.support, id, { amount: 400, to: 'card', reason: 'Racing three' }),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    const rows = await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id));
    expect(rows).toHaveLength(2);
    expect(rows.reduce((sum, row) => sum + row.toCard + row.toCredit, 0)).toBe(total - 100);
  });

  test('a retry with the same Idempotency-Key refunds once', async () => {
    const { customer } = await paidOrder();
    const key = `refund-${Math.random().toString(36).slice(2)}`;
    const send = () =>
      owner.visitor.post(
        `${API}/back_office/orders/${customer.firstOrderId}/refunds`,
        { amount: 100, to: 'card', reason: 'Retry' },
        { 'idempotency-key': key },
      );
    expect((await send()).status).toBe(201);
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(
      await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, customer.firstOrderId)),
    ).toHaveLength(1);
  });
});

describe('customers', () => {
  test('found by email, name or postcode; their plan, orders, credit and tickets', async () => {
    const found = await owner.visitor.get(
      `${API}/back_office/customers?q=${encodeURIComponent(c.email.slice(0, 12))}`,
    );
    expect(found.body.data.map((x: { id: string }) => x.id)).toContain(c.customerId);
    const byPostcode = await owner.visitor.get(`${API}/back_office/customers?postcode=SW1A%202AA`);
    expect(byPostcode.body.data.map((x: { id: string }) => x.id)).toContain(c.customerId);
    const view = await browsers.support.get(`${API}/back_office/customers/${c.customerId}`);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    const a = view.body.data.attributes;
    expect(a.customer.email).toBe(c.email);
    expect(a.plans.map((p: { id: string }) => p.id)).toEqual([c.subscriptionId]);
    expect(a.weeks.length).toBeGreaterThan(0);
    expect(a.orders.map((o: { id: string }) => o.id)).toContain(c.firstOrderId);
    expect(a.tickets).toEqual([]);
    expectError(
      await owner.visitor.get(`${API}/back_office/customers/00000000-0000-4000-8000-000000000000`),
      404,
      'CUSTOMER_NOT_FOUND',
    );
  });

  test('credit added and taken with a reason, never below nothing, audited on their behalf', async () => {
    const { customer } = await paidOrder();
    const credit = (amount: number, reason = 'Goodwill for a late box') =>
      owner.visitor.post(`${API}/back_office/customers/${customer.customerId}/credit`, { amount, reason });
    const added = await credit(1000);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.attributes.credit.balance).toBe(1000);
    expect((await credit(-300, 'Added twice by mistake')).body.data.attributes.credit.balance).toBe(700);
    expectError(await credit(-701, 'Too much'), 409, 'CONFLICT', /at most £7\.00/);
    expectError(await credit(0), 400, 'VALIDATION_FAILED');
    expectError(
      await owner.visitor.post(`${API}/back_office/customers/${customer.customerId}/credit`, { amount: 100 }),
      400,
      'VALIDATION_FAILED',
    );
    const entries = await auditOf(customer.customerId);
    expect(entries.map((e) => [e.action, e.onBehalfOf, e.before, e.after])).toEqual([
      [
        'customer.credit_adjust',
        customer.customerId,
        { balance: 1000 },
        expect.objectContaining({ balance: 700, amount: -300 }),
      ],
      [
        'customer.credit_adjust',
        customer.customerId,
        { balance: 0 },
        expect.objectContaining({ balance: 1000, amount: 1000 }),
      ],
    ]);
  });

  test('a week skipped, the plan paused and restarted on their behalf: their history names staff, the audit log them', async () => {
    const customer = await planCustomer(t);
    const act = (body: Record<string, unknown>) =>
      owner.visitor.post(`${API}/back_office/customers/${customer.customerId}/plan_actions`, body);
    const week = (await weeksOf(customer)).find(
      (w) => w.attributes.editable && w.attributes.state !== 'skipped',
    )!;
    const skipped = await act({ action: 'skip_week', week_id: week.id });
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
    expect((await weeksOf(customer)).find((w) => w.id === week.id)!.attributes.state).toBe('skipped');
    const paused = await act({ action: 'pause', subscription_id: customer.subscriptionId, weeks: 2 });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.data.attributes.plans[0].state).toBe('paused');
    const resumed = await act({ action: 'resume', subscription_id: customer.subscriptionId });
    expect(resumed.body.data.attributes.plans[0].state).toBe('active');
    const actions = [...(await auditOf(week.id)), ...(await auditOf(customer.subscriptionId))].map((e) => [
      e.action,
      e.onBehalfOf,
      e.actorEmail,
    ]);
    expect(actions).toEqual([
      ['plan.skip_week', customer.customerId, owner.email],
      ['plan.resume', customer.customerId, owner.email],
      ['plan.pause', customer.customerId, owner.email],
    ]);
    expectError(
      await act({ action: 'cancel', subscription_id: customer.subscriptionId }),
      400,
      'VALIDATION_FAILED',
    );
    const stranger = await planCustomer(t);
    expectError(
      await act({ action: 'pause', subscription_id: stranger.subscriptionId, weeks: null }),
      404,
      'SUBSCRIPTION_NOT_FOUND',
    );
  });
});
