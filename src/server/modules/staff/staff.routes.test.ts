import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { shopStaff, staffAudit } from '../../db/schema/staff';
import { clearRateLimits, emailsTo, linksIn, signedInCustomer } from '../../test/accounts';
import { API, expectError } from '../../test/api-expect';
import { createTestApp, type TestApp, type Visitor } from '../../test/harness';
import { browsersByRole, signedInStaff, type RoleName, type SignedInStaff } from '../../test/staff';

// The back office's staff (issue 25 part 1): who may call what (a table of role × call), owners inviting by
// email (a link that works once, for a week, for that address only), changing roles, removing staff, never the
// last owner, and every change in the audit log. The shop's clock is Wed 18 November 2026, 10:00.

let t: TestApp;
let owner: SignedInStaff;
let browsers: Record<RoleName, Visitor>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInStaff(t, 'owner', 'Olive');
  browsers = await browsersByRole(t);
});
beforeEach(() => clearRateLimits(t));
afterAll(() => t.close());

/** The invitation's code in each link of an email (`?invitation=`: not `?token=`, which the web app reads as a
 * sign-in link). */
const tokensIn = (email: Parameters<typeof linksIn>[0]) =>
  linksIn(email).flatMap((url) => url.searchParams.get('invitation') ?? []);

const invite = (visitor: Visitor, body: Record<string, unknown>) =>
  visitor.post(`${API}/back_office/invitations`, body);

async function ownerCount(): Promise<number> {
  return (await t.database.db.select().from(shopStaff).where(eq(shopStaff.role, 'owner'))).length;
}

describe('who may call what', () => {
  const CALLS: { call: string; send: (v: Visitor) => Promise<{ status: number }>; allowed: RoleName[] }[] = [
    {
      call: 'GET /back_office/me',
      send: (v) => v.get(`${API}/back_office/me`),
      allowed: ['owner', 'manager', 'support', 'events_host', 'kitchen'],
    },
    { call: 'GET /back_office/staff', send: (v) => v.get(`${API}/back_office/staff`), allowed: ['owner'] },
    {
      call: 'GET /back_office/invitations',
      send: (v) => v.get(`${API}/back_office/invitations`),
      allowed: ['owner'],
    },
    {
      call: 'POST /back_office/invitations',
      send: (v) =>
        invite(v, { email: `someone-${Math.random().toString(36).slice(2)}@example.com`, role: 'support' }),
      allowed: ['owner'],
    },
    { call: 'GET /back_office/audit', send: (v) => v.get(`${API}/back_office/audit`), allowed: ['owner'] },
    {
      call: 'PUT /back_office/staff/{id}',
      send: (v) =>
        v.put(`${API}/back_office/staff/${owner.customerId}`, { roles: ['owner'], kitchen_restaurants: [] }),
      allowed: ['owner'],
    },
  ];
  for (const { call, send, allowed } of CALLS) {
    test(`${call}: ${allowed.join(', ')} only`, async () => {
      for (const [role, visitor] of Object.entries(browsers) as [RoleName, Visitor][]) {
        const response = await send(visitor);
        const expected = allowed.includes(role) ? [200, 201] : role === 'visitor' ? [401] : [403];
        expect(expected, `${role}: ${JSON.stringify((response as { body?: unknown }).body)}`).toContain(
          response.status,
        );
      }
    });
  }

  test('me: the roles and what they allow', async () => {
    const me = await browsers.support.get(`${API}/back_office/me`);
    expect(me.body.data.attributes).toMatchObject({
      roles: ['support'],
      capabilities: ['enter', 'orders', 'refunds'],
      kitchen_restaurants: [],
    });
    const chef = await browsers.kitchen.get(`${API}/back_office/me`);
    expect(chef.body.data.attributes).toMatchObject({ roles: ['kitchen'], kitchen_restaurants: ['soho'] });
    expectError(
      await browsers.customer.get(`${API}/back_office/me`),
      403,
      'FORBIDDEN',
      /Ask an owner to invite you/,
    );
  });
});

describe('invitations', () => {
  test('an owner invites a manager by email; they sign up with that address and join, once', async () => {
    const { customer, visitor } = await signedInCustomer(t, { firstName: 'Marco' });
    const made = await invite(owner.visitor, { email: customer.email.toUpperCase(), role: 'manager' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data.attributes).toMatchObject({
      email: customer.email,
      role: 'manager',
      invited_by: owner.email,
      expires_at: '2026-11-25T10:00:00.000Z',
    });
    const [email] = await emailsTo(t, customer.email, 'staff_invitation');
    expect(email!.subject).toBe('You’re invited to run Sfoglia with us (Manager)');
    expect(email!.text).toContain('until Wednesday 25 November');
    const [token] = tokensIn(email!);
    expect(made.body.data.attributes.link).toContain(token);
    const pending = await owner.visitor.get(`${API}/back_office/invitations`);
    expect(pending.body.data.map((i: { id: string }) => i.id)).toContain(made.body.data.id);

    const joined = await visitor.post(`${API}/back_office/invitations/accept`, { token });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.data.attributes).toMatchObject({ roles: ['manager'] });
    expect(joined.body.data.attributes.capabilities).toContain('catalogue');
    expectError(await visitor.post(`${API}/back_office/invitations/accept`, { token }), 409, 'CONFLICT');
    const after = await owner.visitor.get(`${API}/back_office/invitations`);
    expect(after.body.data.map((i: { id: string }) => i.id)).not.toContain(made.body.data.id);
    const staff = await owner.visitor.get(`${API}/back_office/staff`);
    expect(staff.body.data).toContainEqual(
      expect.objectContaining({
        id: customer.id,
        attributes: expect.objectContaining({ roles: ['manager'], kitchen_restaurants: [] }),
      }),
    );
  });

  test('a kitchen invitation names restaurants that exist', async () => {
    expectError(
      await invite(owner.visitor, { email: 'chef@example.com', role: 'kitchen' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await invite(owner.visitor, {
        email: 'chef@example.com',
        role: 'kitchen',
        restaurant_ids: ['atlantis'],
      }),
      404,
      'RESTAURANT_NOT_FOUND',
    );
    const { customer, visitor } = await signedInCustomer(t);
    const made = await invite(owner.visitor, {
      email: customer.email,
      role: 'kitchen',
      restaurant_ids: ['soho', 'borough'],
    });
    expect(made.status).toBe(201);
    const [token] = tokensIn((await emailsTo(t, customer.email, 'staff_invitation'))[0]!);
    const joined = await visitor.post(`${API}/back_office/invitations/accept`, { token });
    expect(joined.body.data.attributes).toMatchObject({
      roles: ['kitchen'],
      kitchen_restaurants: ['borough', 'soho'],
    });
  });

  test('a role that does not exist, a bad email and an unknown field are refused, and nothing is sent', async () => {
    expectError(
      await invite(owner.visitor, { email: 'x@example.com', role: 'admin' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await invite(owner.visitor, { email: 'not-an-email', role: 'manager' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await invite(owner.visitor, { email: 'x@example.com', role: 'manager', admin: true }),
      400,
      'VALIDATION_FAILED',
    );
    expect(await emailsTo(t, 'x@example.com')).toEqual([]);
  });

  test('only the invited address may accept; an unknown, withdrawn or expired link is refused', async () => {
    const invited = await signedInCustomer(t);
    const stranger = await signedInCustomer(t);
    const made = await invite(owner.visitor, { email: invited.customer.email, role: 'support' });
    const [token] = tokensIn((await emailsTo(t, invited.customer.email, 'staff_invitation'))[0]!);
    expectError(
      await stranger.visitor.post(`${API}/back_office/invitations/accept`, { token }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await t.visitor().post(`${API}/back_office/invitations/accept`, { token }),
      401,
      'UNAUTHENTICATED',
    );
    expectError(
      await invited.visitor.post(`${API}/back_office/invitations/accept`, { token: 'x'.repeat(43) }),
      404,
      'NOT_FOUND',
    );
    expect((await owner.visitor.delete(`${API}/back_office/invitations/${made.body.data.id}`)).status).toBe(
      204,
    );
    expectError(
      await owner.visitor.delete(`${API}/back_office/invitations/${made.body.data.id}`),
      404,
      'NOT_FOUND',
    );
    expectError(
      await invited.visitor.post(`${API}/back_office/invitations/accept`, { token }),
      404,
      'NOT_FOUND',
    );

    const later = await signedInCustomer(t);
    await invite(owner.visitor, { email: later.customer.email, role: 'support' });
    const [lateToken] = tokensIn((await emailsTo(t, later.customer.email, 'staff_invitation'))[0]!);
    t.clock.advance(7 * 24 * 60 * 60 * 1000);
    try {
      expectError(
        await later.visitor.post(`${API}/back_office/invitations/accept`, { token: lateToken }),
        400,
        'TOKEN_INVALID',
      );
    } finally {
      t.clock.advance(-7 * 24 * 60 * 60 * 1000);
    }
    const me = await later.visitor.get(`${API}/back_office/me`);
    expect(me.status).toBe(403);
  });

  test('two tabs accepting one invitation at once: one joins, the other is told it was used', async () => {
    const { customer, visitor } = await signedInCustomer(t);
    await invite(owner.visitor, { email: customer.email, role: 'events_host' });
    const [token] = tokensIn((await emailsTo(t, customer.email, 'staff_invitation'))[0]!);
    const answers = await Promise.all(
      [1, 2, 3].map(() => visitor.post(`${API}/back_office/invitations/accept`, { token })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
  });
});

describe('changing roles and removing staff', () => {
  test('an owner changes a member’s roles and removes them; each change is in the audit log', async () => {
    const member = await signedInStaff(t, 'support', 'Sam');
    const changed = await owner.visitor.put(`${API}/back_office/staff/${member.customerId}`, {
      roles: ['support', 'manager'],
      kitchen_restaurants: ['soho'],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.attributes).toMatchObject({
      roles: ['support', 'manager'],
      kitchen_restaurants: ['soho'],
    });
    const me = await member.visitor.get(`${API}/back_office/me`);
    expect(me.body.data.attributes.roles).toEqual(['manager', 'support', 'kitchen']);

    expect((await owner.visitor.delete(`${API}/back_office/staff/${member.customerId}`)).status).toBe(204);
    expectError(await member.visitor.get(`${API}/back_office/me`), 403, 'FORBIDDEN');
    expectError(
      await owner.visitor.delete(`${API}/back_office/staff/${member.customerId}`),
      404,
      'NOT_FOUND',
    );

    const audit = await owner.visitor.get(
      `${API}/back_office/audit?subject_type=staff&subject_id=${member.customerId}`,
    );
    expect(audit.status).toBe(200);
    expect(audit.body.data.map((e: { attributes: { action: string } }) => e.attributes.action)).toEqual([
      'staff.remove',
      'staff.change_roles',
    ]);
    expect(audit.body.data[1].attributes).toMatchObject({
      actor_email: owner.email,
      before: { roles: ['support'], kitchen_restaurants: [] },
      after: { roles: ['support', 'manager'], kitchen_restaurants: ['soho'] },
      at: '2026-11-18T10:00:00.000Z',
    });
  });

  test('the last owner can neither be removed nor stop being an owner, and nothing changes', async () => {
    const app = await createTestApp();
    try {
      const only = await signedInStaff(app, 'owner');
      expectError(
        await only.visitor.put(`${API}/back_office/staff/${only.customerId}`, {
          roles: ['manager'],
          kitchen_restaurants: [],
        }),
        409,
        'CONFLICT',
      );
      expectError(await only.visitor.delete(`${API}/back_office/staff/${only.customerId}`), 409, 'CONFLICT');
      const me = await only.visitor.get(`${API}/back_office/me`);
      expect(me.body.data.attributes.roles).toEqual(['owner']);
      expect(await app.database.db.select().from(staffAudit)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  test('two owners removing each other at once leave the shop one owner', async () => {
    const app = await createTestApp();
    try {
      const a = await signedInStaff(app, 'owner');
      const b = await signedInStaff(app, 'owner');
      const answers = await Promise.all([
        a.visitor.delete(`${API}/back_office/staff/${b.customerId}`),
        b.visitor.delete(`${API}/back_office/staff/${a.customerId}`),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      // Whoever goes second is either no longer an owner (403) or would remove the last one (409).
      expect(statuses[0]).toBe(204);
      expect([403, 409]).toContain(statuses[1]);
      const owners = await app.database.db.select().from(shopStaff).where(eq(shopStaff.role, 'owner'));
      expect(owners).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  test('unknown members, a role that does not exist and a restaurant that does not exist are refused', async () => {
    const member = await signedInStaff(t, 'manager');
    expectError(
      await owner.visitor.put(`${API}/back_office/staff/00000000-0000-4000-8000-000000000000`, {
        roles: ['manager'],
        kitchen_restaurants: [],
      }),
      404,
      'NOT_FOUND',
    );
    const customer = await signedInCustomer(t);
    expectError(
      await owner.visitor.put(`${API}/back_office/staff/${customer.customer.id}`, {
        roles: ['owner'],
        kitchen_restaurants: [],
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await owner.visitor.put(`${API}/back_office/staff/${member.customerId}`, {
        roles: ['admin'],
        kitchen_restaurants: [],
      }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await owner.visitor.put(`${API}/back_office/staff/${member.customerId}`, {
        roles: ['manager'],
        kitchen_restaurants: ['atlantis'],
      }),
      404,
      'RESTAURANT_NOT_FOUND',
    );
    const me = await member.visitor.get(`${API}/back_office/me`);
    expect(me.body.data.attributes).toMatchObject({ roles: ['manager'], kitchen_restaurants: [] });
    expect(await ownerCount()).toBeGreaterThan(0);
  });
});
