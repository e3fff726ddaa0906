import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { TICKET_REFERENCE_PATTERN } from '../../../domain/support';
import { supportMessages, supportTickets } from '../../db/schema/after-order';
import {
  clearRateLimits,
  emailsTo,
  insertCustomer,
  linksIn,
  PASSWORD,
  signIn,
  signedInCustomer,
  uniqueEmail,
} from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import { booker, eventSlotAt, paidBooking, type Booker } from '../../test/event-bookings';
import { createTestApp, type TestApp, type Visitor } from '../../test/harness';
import { signedInChef } from '../../test/takeaway';
import { addShopStaff } from '../staff';

// Support's API (issue 23 part 5; decision 30): asking (a customer about one of their own orders, a visitor
// with an email), the customer's questions and replies, the support team's inbox, answers and closing, and the
// beta group's switch; every refusal changes nothing. The shop's clock is Wed 18 November 2026, 10:00.

let t: TestApp;
let supportStaff: Visitor;
const INBOX = 'support@sfoglia.example';

beforeAll(async () => {
  t = await createTestApp();
  const email = uniqueEmail('support');
  await addShopStaff(t.database.db, { email, role: 'support', password: PASSWORD, firstName: 'Gia' });
  supportStaff = t.visitor();
  await signIn(supportStaff, email);
});
beforeEach(() => clearRateLimits(t));
afterAll(() => t.close());

const question = (extra: Record<string, unknown> = {}) => ({
  topic: 'order',
  message: 'My parcel has not arrived yet and the tracking has not moved since Monday.',
  ...extra,
});

async function ticketCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(supportTickets);
  return Number(row!.n);
}

/** A customer with a paid event booking (Thursday 10 December): its order is one of theirs to ask about. */
async function customerWithOrder(): Promise<{ b: Booker; orderId: string; number: number }> {
  const b = await booker(t);
  const orderId = await paidBooking(t, b, await eventSlotAt(t, '2026-12-10T19:00:00Z'), { adults: 1 });
  const order = await b.visitor.get(`${API}/orders/${orderId}`);
  return { b, orderId, number: Number(order.body.data.attributes.number) };
}

async function ask(visitor: Visitor, body: Record<string, unknown>, headers?: Record<string, string>) {
  return visitor.post(`${API}/support_tickets`, body, headers);
}

describe('POST /support_tickets', () => {
  test('a customer asks about one of their orders: the account’s email and name, a reference, copies to them and the inbox', async () => {
    const { b, orderId, number } = await customerWithOrder();
    const res = await ask(b.visitor, question({ order_id: orderId, email: 'someone.else@example.com' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const ticket = res.body.data;
    expect(ticket.type).toBe('support_tickets');
    expect(ticket.attributes).toMatchObject({
      topic: 'order',
      topic_label: 'An order or delivery',
      state: 'open',
      email: b.email,
      name: 'Ada Lovelace',
      order_id: orderId,
      order_label: `#${number} · Event booking · Thu 10 Dec`,
      signed_in: true,
      messages: [
        {
          author: 'customer',
          author_name: 'Ada Lovelace',
          body: question().message,
          created_at: '2026-11-18T10:00:00.000Z',
        },
      ],
    });
    expect(ticket.attributes.reference).toMatch(TICKET_REFERENCE_PATTERN);
    expect(ticket.attributes.order).toMatchObject({
      id: orderId,
      number,
      total: 6500,
      path: `/order/${orderId}`,
      lines: [expect.objectContaining({ quantity: 1 })],
    });

    const [copy] = await emailsTo(t, b.email, 'support_ticket_received');
    expect(copy, 'the customer’s copy').toBeDefined();
    expect(copy!.subject).toBe(`We’ve got your question (${ticket.attributes.reference})`);
    // Their own confirmed address: what they wrote is quoted back.
    expect(copy!.text).toContain(question().message);
    expect(copy!.text).toContain(`Order: #${number} · Event booking · Thu 10 Dec`);
    expect(linksIn(copy!).map(String)).toContain(`${t.config.publicUrl}/account/support?ticket=${ticket.id}`);
    expect(await emailsTo(t, 'someone.else@example.com')).toEqual([]);

    const inbox = (await emailsTo(t, INBOX, 'support_ticket_new')).find((email) =>
      email.subject.includes(ticket.attributes.reference),
    );
    expect(inbox, 'the support inbox’s copy').toBeDefined();
    expect(inbox!.subject).toBe(`[${ticket.attributes.reference}] An order or delivery`);
    expect(inbox!.text).toContain(`From: Ada Lovelace <${b.email}>, signed in`);
    expect(inbox!.text).toContain(question().message);
    expect(linksIn(inbox!).map(String)).toContain(`${t.config.publicUrl}/support/inbox?ticket=${ticket.id}`);

    const mine = await b.visitor.get(`${API}/support_tickets`);
    expect(mine.body.data.map((item: { id: string }) => item.id)).toEqual([ticket.id]);
    const one = await b.visitor.get(`${API}/support_tickets/${ticket.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.attributes.reference).toBe(ticket.attributes.reference);
  });

  test('a visitor gives an email: without one, a clear 400 and nothing saved', async () => {
    const visitor = t.visitor();
    const before = await ticketCount();
    const errors = expectError(
      await ask(visitor, question({ name: 'Grace Hopper' })),
      400,
      'VALIDATION_FAILED',
      'Please give your email address, so that we can answer you.',
    );
    expect(errors[0]!.source).toEqual({ pointer: '/email' });
    expectError(await ask(visitor, question({ email: 'not an email' })), 400, 'VALIDATION_FAILED');
    expect(await ticketCount()).toBe(before);

    const email = uniqueEmail('visitor');
    const res = await ask(visitor, question({ email: email.toUpperCase(), name: '  Grace Hopper ' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.attributes).toMatchObject({
      email,
      name: 'Grace Hopper',
      signed_in: false,
      order_id: null,
      order: null,
    });
    // Anyone can type any address: the copy to an address not known to be theirs never quotes the text.
    const [copy] = await emailsTo(t, email, 'support_ticket_received');
    expect(copy!.text).toContain(res.body.data.attributes.reference);
    expect(copy!.text).not.toContain(question().message);
    expect(copy!.text).toContain('someone may have typed your address by mistake');
    expect(linksIn(copy!)).toEqual([]);
    const inbox = (await emailsTo(t, INBOX, 'support_ticket_new')).find((e) =>
      e.subject.includes(res.body.data.attributes.reference),
    );
    expect(inbox!.text).toContain(`From: Grace Hopper <${email}>, a visitor (not signed in)`);
    expect(inbox!.text).toContain(question().message);
  });

  test('an empty, too short or oversized message: 400 with what is wrong, nothing saved, nothing emailed', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    const before = await ticketCount();
    const cases: [string, string][] = [
      ['', 'Please tell us what you need help with.'],
      ['   \n  ', 'Please tell us what you need help with.'],
      ['Help me', 'Please tell us a little more (at least 10 characters).'],
      ['x'.repeat(4001), 'Please keep your message under 4,000 characters (it has 4,001).'],
    ];
    for (const [message, detail] of cases) {
      const errors = expectError(await ask(visitor, question({ message })), 400, 'VALIDATION_FAILED', detail);
      expect(errors[0]!.source).toEqual({ pointer: '/message' });
    }
    // Far past what any form sends: refused by the schema.
    expectError(await ask(visitor, question({ message: 'x'.repeat(9000) })), 400, 'VALIDATION_FAILED');
    expectError(await ask(visitor, question({ topic: 'complaints' })), 400, 'VALIDATION_FAILED');
    expect(await ticketCount()).toBe(before);
    expect(await emailsTo(t, customer.email)).toEqual([]);
    // 4,000 characters is fine.
    expect((await ask(visitor, question({ message: 'x'.repeat(4000) }))).status).toBe(201);
  });

  test('another customer’s order is not found (404); a visitor cannot name one; nothing saved', async () => {
    const { orderId } = await customerWithOrder();
    const { visitor } = await signedInCustomer(t);
    const before = await ticketCount();
    expectError(
      await ask(visitor, question({ order_id: orderId })),
      404,
      'ORDER_NOT_FOUND',
      'We could not find that order among yours',
    );
    expectError(
      await ask(t.visitor(), question({ order_id: orderId, email: uniqueEmail('visitor') })),
      404,
      'ORDER_NOT_FOUND',
      'Please sign in to ask about one of your orders.',
    );
    expectError(await ask(visitor, question({ order_id: 'not-a-uuid' })), 400, 'VALIDATION_FAILED');
    expect(await ticketCount()).toBe(before);
  });

  test('the same Idempotency-Key twice makes one ticket and one pair of emails', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    const headers = { 'idempotency-key': `support-${customer.id}` };
    const first = await ask(visitor, question(), headers);
    const again = await ask(visitor, question(), headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await visitor.get(`${API}/support_tickets`)).body.data).toHaveLength(1);
    expect(await emailsTo(t, customer.email, 'support_ticket_received')).toHaveLength(1);
  });

  test('a visitor’s questions are limited per email and per client address (429), the refused one not saved', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < 5; i++) {
      expect((await ask(t.visitor(), question({ email }))).status).toBe(201);
    }
    const before = await ticketCount();
    const refused = await ask(t.visitor(), question({ email }));
    expectError(refused, 429, 'RATE_LIMITED', /a lot of questions in the last hour/);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await ticketCount()).toBe(before);
    // Other addresses from the same client, up to its own limit of 10 an hour.
    for (let i = 0; i < 5; i++) {
      expect((await ask(t.visitor(), question({ email: uniqueEmail('office') }))).status).toBe(201);
    }
    expectError(await ask(t.visitor(), question({ email: uniqueEmail('office') })), 429, 'RATE_LIMITED');
  });
});

describe('GET /support_tickets/order_choices', () => {
  test('the customer’s own orders, labelled, the upcoming marked; signed out 401', async () => {
    const { b, orderId, number } = await customerWithOrder();
    const res = await b.visitor.get(`${API}/support_tickets/order_choices`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: orderId,
        type: 'support_order_choices',
        attributes: { label: `#${number} · Event booking · Thu 10 Dec`, upcoming: true },
      },
    ]);
    const { visitor } = await signedInCustomer(t);
    expect((await visitor.get(`${API}/support_tickets/order_choices`)).body.data).toEqual([]);
    expectError(await t.visitor().get(`${API}/support_tickets/order_choices`), 401, 'UNAUTHENTICATED');
  });
});

describe('a customer’s questions', () => {
  test('another customer’s question is not found (404) to read or reply to; signed out 401', async () => {
    const { visitor } = await signedInCustomer(t);
    const asked = await ask(visitor, question());
    const id = asked.body.data.id as string;
    const { visitor: stranger } = await signedInCustomer(t);
    expectError(await stranger.get(`${API}/support_tickets/${id}`), 404, 'TICKET_NOT_FOUND');
    expect((await stranger.get(`${API}/support_tickets`)).body.data).toEqual([]);
    expectError(
      await stranger.post(`${API}/support_tickets/${id}/messages`, { message: 'Is anyone there at all?' }),
      404,
      'TICKET_NOT_FOUND',
    );
    const nobody = t.visitor();
    expectError(await nobody.get(`${API}/support_tickets`), 401, 'UNAUTHENTICATED');
    expectError(await nobody.get(`${API}/support_tickets/${id}`), 401, 'UNAUTHENTICATED');
    expectError(
      await nobody.post(`${API}/support_tickets/${id}/messages`, { message: 'Is anyone there at all?' }),
      401,
      'UNAUTHENTICATED',
    );
    const [row] = await t.database.db
      .select({ n: count() })
      .from(supportMessages)
      .where(eq(supportMessages.ticketId, id));
    expect(Number(row!.n)).toBe(1);
  });

  test('a reply opens an answered question again and reaches the inbox; a closed one takes no more (409)', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    const id = (await ask(visitor, question({ topic: 'plan' }))).body.data.id as string;
    const answered = await supportStaff.post(`${API}/support/tickets/${id}/answer`, {
      message: 'We have moved your box to Thursday. Anything else?',
    });
    expect(answered.body.data.attributes.state).toBe('answered');
    const reply = await visitor.post(`${API}/support_tickets/${id}/messages`, {
      message: 'Thank you! Could it come after 5pm?',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.data.attributes.state).toBe('open');
    expect(reply.body.data.attributes.messages.map((m: { author: string }) => m.author)).toEqual([
      'customer',
      'staff',
      'customer',
    ]);
    const times = reply.body.data.attributes.messages.map((m: { created_at: string }) => m.created_at);
    expect([...times].sort()).toEqual(times);
    expect(new Set(times).size).toBe(3);
    const inbox = (await emailsTo(t, INBOX, 'support_ticket_reply')).find((email) =>
      email.subject.includes(reply.body.data.attributes.reference),
    );
    expect(inbox!.subject).toBe(
      `[${reply.body.data.attributes.reference}] A reply from Ada Lovelace <${customer.email}>`,
    );
    expect(inbox!.text).toContain('Could it come after 5pm?');
    expectError(
      await visitor.post(`${API}/support_tickets/${id}/messages`, { message: 'short' }),
      400,
      'VALIDATION_FAILED',
    );

    await supportStaff.post(`${API}/support/tickets/${id}/close`);
    expectError(
      await visitor.post(`${API}/support_tickets/${id}/messages`, { message: 'One more thing, please?' }),
      409,
      'TICKET_CLOSED',
    );
    expect((await visitor.get(`${API}/support_tickets/${id}`)).body.data.attributes.messages).toHaveLength(3);
  });

  test('a visitor’s question shows in the account of its address once confirmed (not before), and a reply makes it theirs', async () => {
    const email = uniqueEmail('later');
    const asked = await ask(t.visitor(), question({ email, topic: 'allergens' }));
    const id = asked.body.data.id as string;
    const unconfirmed = await insertCustomer(t, { email, emailConfirmedAt: null });
    const browser = t.visitor();
    await signIn(browser, unconfirmed.email);
    expect((await browser.get(`${API}/support_tickets`)).body.data).toEqual([]);
    expectError(await browser.get(`${API}/support_tickets/${id}`), 404, 'TICKET_NOT_FOUND');

    const other = uniqueEmail('confirmed');
    const askedToo = await ask(t.visitor(), question({ email: other }));
    const { visitor } = await signedInCustomer(t, { email: other });
    const mine = await visitor.get(`${API}/support_tickets`);
    expect(mine.body.data.map((item: { id: string }) => item.id)).toEqual([askedToo.body.data.id]);
    const reply = await visitor.post(`${API}/support_tickets/${askedToo.body.data.id}/messages`, {
      message: 'I have an account now, here is more detail.',
    });
    expect(reply.body.data.attributes.signed_in).toBe(true);
  });
});

describe('the support team', () => {
  test('a customer, a kitchen’s staff and a visitor are refused every staff route', async () => {
    const { visitor: customer } = await signedInCustomer(t);
    const id = (await ask(customer, question())).body.data.id as string;
    const chef = await signedInChef(t, 'soho');
    for (const someone of [customer, chef]) {
      expectError(await someone.get(`${API}/support/tickets`), 403, 'FORBIDDEN', /support team/);
      expectError(await someone.get(`${API}/support/tickets/${id}`), 403, 'FORBIDDEN');
      expectError(
        await someone.post(`${API}/support/tickets/${id}/answer`, {
          message: 'I can answer this one myself.',
        }),
        403,
        'FORBIDDEN',
      );
      expectError(await someone.post(`${API}/support/tickets/${id}/close`), 403, 'FORBIDDEN');
    }
    expectError(await t.visitor().get(`${API}/support/tickets`), 401, 'UNAUTHENTICATED');
    const ticket = await customer.get(`${API}/support_tickets/${id}`);
    expect(ticket.body.data.attributes).toMatchObject({ state: 'open' });
    expect(ticket.body.data.attributes.messages).toHaveLength(1);
  });

  test('the inbox: open and answered, the latest first; one state by filter; counts of each', async () => {
    const { visitor } = await signedInCustomer(t);
    const first = (await ask(visitor, question({ message: 'The first question of the day.' }))).body.data.id;
    t.clock.advance(60_000);
    const second = (await ask(visitor, question({ message: 'The second question of the day.' }))).body.data
      .id;
    t.clock.advance(60_000);
    const third = (await ask(visitor, question({ message: 'The third question of the day.' }))).body.data.id;
    await supportStaff.post(`${API}/support/tickets/${third}/close`);

    const inbox = await supportStaff.get(`${API}/support/tickets`);
    expect(inbox.status).toBe(200);
    const ids = inbox.body.data.map((item: { id: string }) => item.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(ids).not.toContain(third);
    expect(inbox.body.meta.counts).toEqual({
      open: expect.any(Number),
      answered: expect.any(Number),
      closed: expect.any(Number),
    });
    expect(inbox.body.meta.counts.closed).toBeGreaterThanOrEqual(1);
    const closed = await supportStaff.get(`${API}/support/tickets?filter[state]=closed`);
    expect(closed.body.data.map((item: { id: string }) => item.id)).toContain(third);
    expect(
      closed.body.data.every((item: { attributes: { state: string } }) => item.attributes.state === 'closed'),
    ).toBe(true);
    expectError(
      await supportStaff.get(`${API}/support/tickets?filter[state]=lost`),
      400,
      'VALIDATION_FAILED',
    );
  });

  test('an answer is emailed to the customer with a link to the question in their account; the account shows it', async () => {
    const { b, orderId, number } = await customerWithOrder();
    const asked = await ask(b.visitor, question({ order_id: orderId, topic: 'events' }));
    const id = asked.body.data.id as string;
    const reference = asked.body.data.attributes.reference as string;
    const seen = await supportStaff.get(`${API}/support/tickets/${id}`);
    expect(seen.body.data.attributes.order).toMatchObject({ id: orderId, number });

    const answer = 'Your class is on Thursday 10 December at 7pm. Bring an apron if you have one!';
    const res = await supportStaff.post(`${API}/support/tickets/${id}/answer`, { message: `  ${answer}\n` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.attributes.state).toBe('answered');
    expect(res.body.data.attributes.messages[1]).toMatchObject({
      author: 'staff',
      author_name: 'Gia from Sfoglia',
      body: answer,
    });

    const [email] = await emailsTo(t, b.email, 'support_answer');
    expect(email, 'the answer by email').toBeDefined();
    expect(email!.subject).toBe(`Our answer to your question (${reference})`);
    expect(email!.text).toContain(`Gia from Sfoglia wrote:\n${answer}`);
    expect(linksIn(email!).map(String)).toEqual([`${t.config.publicUrl}/account/support?ticket=${id}`]);

    const mine = await b.visitor.get(`${API}/support_tickets/${id}`);
    expect(mine.body.data.attributes.state).toBe('answered');
    expect(mine.body.data.attributes.messages.at(-1)).toMatchObject({ author: 'staff', body: answer });
  });

  test('a visitor’s answer says how to ask again; bad answers, unknown and closed questions are refused', async () => {
    const email = uniqueEmail('visitor');
    const asked = await ask(t.visitor(), question({ email, name: 'Grace Hopper' }));
    const id = asked.body.data.id as string;
    expectError(
      await supportStaff.post(`${API}/support/tickets/${id}/answer`, { message: '' }),
      400,
      'VALIDATION_FAILED',
      'Please tell us what you need help with.',
    );
    expect(await emailsTo(t, email, 'support_answer')).toEqual([]);
    await supportStaff.post(`${API}/support/tickets/${id}/answer`, {
      message: 'Yes, every dish is nut free.',
    });
    const [answer] = await emailsTo(t, email, 'support_answer');
    expect(answer!.text).toMatch(/^Hello Grace,/);
    expect(answer!.text).toContain(`quote ${asked.body.data.attributes.reference}`);
    expect(linksIn(answer!).map(String)).toEqual([`${t.config.publicUrl}/support`]);

    const unknown = '00000000-0000-4000-8000-000000000000';
    expectError(await supportStaff.get(`${API}/support/tickets/${unknown}`), 404, 'TICKET_NOT_FOUND');
    expectError(
      await supportStaff.post(`${API}/support/tickets/${unknown}/answer`, {
        message: 'Nobody to answer here.',
      }),
      404,
      'TICKET_NOT_FOUND',
    );
    expectError(await supportStaff.post(`${API}/support/tickets/${unknown}/close`), 404, 'TICKET_NOT_FOUND');

    const closed = await supportStaff.post(`${API}/support/tickets/${id}/close`);
    expect(closed.body.data.attributes.state).toBe('closed');
    const again = await supportStaff.post(`${API}/support/tickets/${id}/close`);
    expect(again.status).toBe(200);
    expect(again.body.data.attributes.updated_at).toBe(closed.body.data.attributes.updated_at);
    expectError(
      await supportStaff.post(`${API}/support/tickets/${id}/answer`, {
        message: 'One last thought on this.',
      }),
      409,
      'TICKET_CLOSED',
    );
    expect(await emailsTo(t, email, 'support_answer')).toHaveLength(1);
  });
});

describe('at the same moment', () => {
  test('a reply and a close race: either the reply lands first (201, then closed) or it is refused (409); never both lost', async () => {
    const outcomes = new Map<string, number>();
    for (let round = 0; round < 6; round++) {
      const { visitor } = await signedInCustomer(t);
      const id = (await ask(visitor, question())).body.data.id as string;
      const [reply, close] = await Promise.all([
        visitor.post(`${API}/support_tickets/${id}/messages`, {
          message: `A reply in round ${round}, please.`,
        }),
        supportStaff.post(`${API}/support/tickets/${id}/close`),
      ]);
      expect(close.status).toBe(200);
      expect([201, 409]).toContain(reply.status);
      const ticket = (await visitor.get(`${API}/support_tickets/${id}`)).body.data.attributes;
      expect(ticket.state).toBe('closed');
      expect(ticket.messages).toHaveLength(reply.status === 201 ? 2 : 1);
      outcomes.set(String(reply.status), (outcomes.get(String(reply.status)) ?? 0) + 1);
    }
    expect([...outcomes.values()].reduce((a, b) => a + b, 0)).toBe(6);
  });
});

describe('PUT /customers/beta', () => {
  test('joins and leaves the beta group; the customer document says so; signed out 401', async () => {
    const { visitor } = await signedInCustomer(t);
    expect((await visitor.get(`${API}/me`)).body.data.attributes.beta).toBe(false);
    const joined = await visitor.put(`${API}/customers/beta`, { beta: true });
    expect(joined.status).toBe(200);
    expect(joined.body.data.type).toBe('customers');
    expect(joined.body.data.attributes.beta).toBe(true);
    expect((await visitor.get(`${API}/me`)).body.data.attributes.beta).toBe(true);
    const left = await visitor.put(`${API}/customers/beta`, { beta: false });
    expect(left.body.data.attributes.beta).toBe(false);
    expectError(await visitor.put(`${API}/customers/beta`, { beta: 'yes' }), 400, 'VALIDATION_FAILED');
    expectError(await t.visitor().put(`${API}/customers/beta`, { beta: true }), 401, 'UNAUTHENTICATED');
  });
});
